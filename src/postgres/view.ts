import type { IdempotencyCompletion } from '../http/index.js';
import type { Query, Row } from './client.js';
import type { StoreStatements } from './sql.js';
import { isStorableText } from './storable.js';

/**
 * The statements of {@link PREPARED} run as named prepared statements on node-postgres: the
 * dispatcher's claim and its mark, each run once or more per delivery.
 */
export const PREPARED = ['claimEffects', 'completeEffects'] as const;

/** The name of each statement of {@link PREPARED}; none with `preparedStatements: false`. */
export type StatementNames = Partial<Record<(typeof PREPARED)[number], string>>;

/**
 * What the calls of one store view run on: the statements, the view's query function (plain,
 * or bounded by a request's deadline), the prepared statements' names, and a write of one row
 * (through the row gate in a request's view on a pool).
 */
export type ViewContext = {
  readonly sql: StoreStatements;
  readonly query: Query;
  readonly names: StatementNames;
  /** The first row of a statement, or `undefined`. */
  first(text: string, params: readonly unknown[], mutates?: boolean): Promise<Row | undefined>;
  /** A write of one row (`row` names it), its first row answered. */
  writeRow(row: string, text: string, params: readonly unknown[]): Promise<Row | undefined>;
};

/**
 * True when every text can be stored (no NUL, valid UTF-16): an ID that cannot is absent
 * without a query.
 *
 * @example
 * storable('acc_1', 'inv_1') // true
 */
export const storable = (...texts: readonly string[]): boolean => texts.every(isStorableText);

/** The five parameters of an idempotency completion; all NULL (completing nothing) without one. */
export function completionParams(completion: IdempotencyCompletion | undefined): unknown[] {
  if (completion === undefined || !isStorableText(completion.key) || !isStorableText(completion.lockToken)) return [null, null, null, null, null];
  const { answer } = completion;
  // Headers and body are stored as JSON text of their JS values: exact, whatever they hold.
  return [completion.key, completion.lockToken, answer.status, JSON.stringify(answer.headers), JSON.stringify(answer.body ?? null)];
}
