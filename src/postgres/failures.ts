import { StoreUnavailableError, type StoreUnavailableReason, isStoreUnavailable } from '../http/index.js';

/** SQLSTATEs of a deadline that passed in the database: `statement_timeout` (57014) and `lock_timeout` (55P03). */
const TIMEOUT_STATES: ReadonlySet<string> = new Set(['57014', '55P03']);

/**
 * SQLSTATEs of a database that went away or refuses connections: the server shutting down or
 * restarting, a backend terminated (57P01-57P03), too many connections (53300).
 */
const CONNECTION_STATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);

/** Socket error codes of a connection that could not be made or broke. */
const SOCKET_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** node-postgres messages (no code) of a connection that ended or never came. */
const CONNECTION_MESSAGES: readonly RegExp[] = [
  /^Connection terminated/,
  /is not queryable$/,
  /^Client has encountered a connection error/,
  /^Query read timeout$/,
];

/** pg-pool's messages when no connection came free within `connectionTimeoutMillis`. */
const POOL_MESSAGES: readonly RegExp[] = [/^timeout exceeded when trying to connect$/, /^Connection terminated due to connection timeout$/];

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Why `error` says the database was slow or away, or `undefined` for any other error. */
function reasonOf(error: unknown): StoreUnavailableReason | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const state = textOf(code);
  const text = textOf(message);
  if (POOL_MESSAGES.some((pattern) => pattern.test(text))) return 'pool';
  if (TIMEOUT_STATES.has(state)) return 'timeout';
  if (CONNECTION_STATES.has(state) || state.startsWith('08') || SOCKET_CODES.has(state)) return 'connection';
  if (CONNECTION_MESSAGES.some((pattern) => pattern.test(text))) return 'connection';
  return undefined;
}

/**
 * True when `error` says the connection broke or the server went away while a statement was
 * in flight (a socket error, a connection-class SQLSTATE 08xxx or 57P01-57P03, node-postgres's
 * "Connection terminated"): the statement may or may not have committed. A statement the
 * database reported failed for any other reason (a cancel 57014, a lock timeout 55P03, a
 * constraint) rolled back its implicit transaction.
 *
 * @example
 * wasSentAndLost({ code: 'ECONNRESET' })                             // true
 * wasSentAndLost({ code: '57014', message: 'canceling statement' }) // false
 */
export function wasSentAndLost(error: unknown): boolean {
  return reasonOf(error) === 'connection';
}

/**
 * `error` as the store port's `StoreUnavailableError` when it is a database timeout, a pool
 * wait timeout or a lost connection (the handler answers those 504 with `Retry-After`); any
 * other error unchanged.
 *
 * @example
 * storeFailure({ code: '55P03', message: 'canceling statement due to lock timeout' }) // StoreUnavailableError('timeout')
 * storeFailure(new Error('timeout exceeded when trying to connect'))                 // StoreUnavailableError('pool')
 */
export function storeFailure(error: unknown): unknown {
  if (isStoreUnavailable(error)) return error;
  const reason = reasonOf(error);
  return reason === undefined ? error : new StoreUnavailableError(reason, error);
}
