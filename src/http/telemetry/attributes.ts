/**
 * Attribute names: OpenTelemetry's stable HTTP and database conventions, and this package's
 * own (namespaced `payments_kit.`). One table, so a test and the docs read the same names.
 */
export const ATTRIBUTES = Object.freeze({
  method: 'http.request.method',
  methodOriginal: 'http.request.method_original',
  path: 'url.path',
  urlFull: 'url.full',
  serverAddress: 'server.address',
  serverPort: 'server.port',
  route: 'http.route',
  status: 'http.response.status_code',
  errorType: 'error.type',
  dbSystem: 'db.system.name',
  dbOperation: 'db.operation.name',
  operationId: 'payments_kit.operation.id',
  requestId: 'payments_kit.request.id',
  accountId: 'payments_kit.account.id',
  rateLimitAllowed: 'payments_kit.rate_limit.allowed',
  effectId: 'payments_kit.effect.id',
  effectType: 'payments_kit.effect.type',
  effectAttempt: 'payments_kit.effect.attempt',
  effectOutcome: 'payments_kit.effect.outcome',
});

/** The methods the HTTP conventions know; any other is reported as `_OTHER`. */
const KNOWN_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE', 'QUERY']);

/**
 * The `http.request.method` value of a method: itself when the conventions know it, else `_OTHER`
 * (so a client cannot blow up the attribute's cardinality).
 *
 * @example
 * conventionalMethod('PATCH') // 'PATCH'
 * conventionalMethod('BREW')  // '_OTHER'
 */
export function conventionalMethod(method: string): string {
  return KNOWN_METHODS.has(method) ? method : '_OTHER';
}

/**
 * `error.type` of an error: its `name` when it is an `Error` (never its message, which may
 * hold a value), else `_OTHER`.
 *
 * @example
 * errorType(new TypeError('token abc is bad')) // 'TypeError'
 */
export function errorType(error: unknown): string {
  return error instanceof Error && typeof error.name === 'string' && error.name !== '' ? error.name : '_OTHER';
}
