/**
 * How an operation treats `X-Service-Version` (spec 9):
 * - `any`: any valid version is served (with the reference behaviour, the only one this
 *   server has); a malformed value is refused with 400.
 * - `reference-only`: only `v2026.04.00` is allowed (get-schedule, get-adjustment). These
 *   operations have no 400: an absent header is served, any other value is a 404.
 */
export type VersionPolicy = 'any' | 'reference-only';

/**
 * What spec 4.1-4.5 and 5 say of one specified operation, as data: the part of its
 * declaration that the handler, the OpenAPI document and the client share.
 */
export type OperationRoute = {
  /** Stable operation id (the OpenAPI `operationId`, the client's function name). */
  readonly id: string;
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path template relative to the base path; `{name}` marks a path parameter. */
  readonly path: string;
  /** Scope template (spec 5), e.g. `/accounts/{accountID}/invoices.write`. */
  readonly scope: string;
  /** Every status the operation may answer (spec 4.1-4.5), the success status first. */
  readonly statuses: readonly number[];
  /** How the operation treats `X-Service-Version` (spec 9). */
  readonly versionPolicy: VersionPolicy;
  /** Whether an `Idempotency-Key` applies (the writes). */
  readonly idempotent: boolean;
};

/**
 * The names of a path template's parameters, as a type.
 *
 * @example
 * type P = PathParamNames<'/accounts/{accountID}/schedules/{scheduleID}'> // 'accountID' | 'scheduleID'
 */
export type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/**
 * The path parameters of a route, each a string (spec 4: "Path parameters are strings and required").
 *
 * @example
 * const params: PathParams<typeof GET_SCHEDULE> = { accountID: 'a1', scheduleID: 's1' };
 */
export type PathParams<Route extends { readonly path: string }> = { readonly [Name in PathParamNames<Route['path']>]: string };
