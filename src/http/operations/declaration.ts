import type { ComponentName } from './component-name.js';
import type { OperationRoute } from '../../operations/index.js';
import type { SpecifiedOperation } from './context.js';

/** What the OpenAPI document says of an operation: its words and the schemas of its bodies. */
export type OperationDocs = {
  readonly summary: string;
  readonly description: string;
  /** The request body's schema component, for the writes. */
  readonly requestBody?: ComponentName;
  /** The success body's schema component. */
  readonly success: ComponentName;
  /** The 422 body's schema component, where the operation answers 422. */
  readonly unprocessable?: ComponentName;
};

/**
 * Everything about one specified operation (spec 4.1-4.5), in one place (its route, shared
 * with the client, from `src/operations`, plus its words and code): the router, the
 * scope check, the version check, idempotency, the listed-status check and the OpenAPI
 * generator all read it. Adding an operation is its route in `src/operations/specified.ts`,
 * one file here that exports a declaration, and one line in `operations/index.ts`.
 */
export type OperationDeclaration<Id extends string = string> = OperationRoute & {
  /** Stable operation id (the OpenAPI `operationId`). */
  readonly id: Id;
  readonly docs: OperationDocs;
  /** The operation's code, run once auth, scope, rate limit and version passed. */
  readonly run: SpecifiedOperation;
};

/**
 * Declares a specified operation: checks nothing at run time (the type does), freezes the
 * declaration so no request can change it.
 *
 * @example
 * export const getAdjustment = declareOperation({
 *   id: 'getAdjustment', method: 'GET', path: '/accounts/{accountID}/adjustments/{adjustmentID}',
 *   scope: '/accounts/{accountID}/wallets.read', statuses: [200, 401, 403, 404, 429, 500, 504],
 *   versionPolicy: 'reference-only', idempotent: false,
 *   docs: { summary: 'Get a wallet adjustment', description: 'One adjustment of a wallet.', success: 'Adjustment' },
 *   run: async (context) => ({ status: 200, body: '{}' }),
 * });
 */
export function declareOperation<const Id extends string>(declaration: OperationDeclaration<Id>): OperationDeclaration<Id> {
  return Object.freeze({ ...declaration, statuses: Object.freeze([...declaration.statuses]), docs: Object.freeze({ ...declaration.docs }) });
}
