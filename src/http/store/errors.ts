import type { PlainReply } from '../core/exchange.js';
import { errorReply } from '../core/reply.js';
import { brandError, hasErrorBrand } from '../../shared/error-brand.js';

/** The brands of the store errors, shared by the ESM and CJS builds (see {@link isStoreUnavailable}). */
const UNAVAILABLE_BRAND = Symbol.for('payments-kit.StoreUnavailableError');
const KEY_LOST_BRAND = Symbol.for('payments-kit.IdempotencyKeyLostError');

/** Why a store call gave up (see {@link StoreUnavailableError}). */
export type StoreUnavailableReason =
  /** The call's deadline passed (in the client, or the database's `statement_timeout`/`lock_timeout`). */
  | 'timeout'
  /** No pooled connection came free in time (the pool's wait timeout, or the deadline while waiting). */
  | 'pool'
  /** The database could not be reached or dropped the connection (restart, backend killed, network). */
  | 'connection'
  /** Too many requests in this process wait for the same row; this one was refused before it was sent. */
  | 'contention';

/**
 * What a failed store call may have left behind: `none`, nothing (it was never sent, or the
 * database reported it cancelled or rolled back); `unknown`, the write may have committed (the
 * connection broke or the database did not answer after the write was sent).
 */
export type StoreOutcome = 'none' | 'unknown';

/** The `{ error }` messages of store failures, as data. */
export const STORE_FAILURE_MESSAGES = Object.freeze({
  timeout: 'the database did not answer in time; nothing was written and the request may be retried',
  pool: 'no database connection came free in time; nothing was written and the request may be retried',
  connection: 'the database could not be reached; nothing was written and the request may be retried',
  contention: 'too many requests are waiting for the same resource; nothing was written and the request may be retried',
  unknown:
    'the database did not confirm whether the write was committed; retry with the same Idempotency-Key to learn the outcome',
  keyLost: 'the request lost its Idempotency-Key to a retry (its lease ran out); nothing was written',
} as const);

/** Seconds a client is asked to wait before retrying after a store failure (504). */
export const STORE_RETRY_AFTER_SECONDS = 1;

/** The header that marks a write's 504 whose outcome is unknown (docs/storage.md). */
export const OUTCOME_HEADER = 'x-outcome';

/**
 * A store call that did not complete because the database was slow or away: the handler answers
 * 504 with `Retry-After` (not 500, which would say the server is broken). `outcome` says whether
 * the call is known to have left nothing behind (`none`, the default) or may have committed
 * (`unknown`: the handler then says so with `x-outcome: unknown`, and only a retry under the
 * same `Idempotency-Key` is safe).
 *
 * @example
 * throw new StoreUnavailableError('timeout', cause);            // cancelled in the database: nothing written
 * throw new StoreUnavailableError('connection', cause, 'unknown'); // the connection broke after the write was sent
 */
export class StoreUnavailableError extends Error {
  readonly reason: StoreUnavailableReason;
  readonly outcome: StoreOutcome;

  constructor(reason: StoreUnavailableReason, cause?: unknown, outcome: StoreOutcome = 'none') {
    super(outcome === 'unknown' ? STORE_FAILURE_MESSAGES.unknown : STORE_FAILURE_MESSAGES[reason], cause === undefined ? undefined : { cause });
    this.name = 'StoreUnavailableError';
    this.reason = reason;
    this.outcome = outcome;
    brandError(this, UNAVAILABLE_BRAND);
  }
}

/**
 * A write whose idempotency completion names a lock token that no longer holds its key (the
 * lease ran out and a retry took the key over, or it was released): the store rolled the whole
 * write back, so the key's new holder is the only one that can commit.
 *
 * @example
 * if (!held) throw new IdempotencyKeyLostError();
 */
export class IdempotencyKeyLostError extends Error {
  constructor() {
    super(STORE_FAILURE_MESSAGES.keyLost);
    this.name = 'IdempotencyKeyLostError';
    brandError(this, KEY_LOST_BRAND);
  }
}

/**
 * True for a {@link StoreUnavailableError}, also one from another copy of this module (a CommonJS
 * bundle beside the ESM build): told by its `Symbol.for` brand, not by `instanceof`.
 *
 * @example
 * isStoreUnavailable(new StoreUnavailableError('timeout')) // true
 */
export function isStoreUnavailable(error: unknown): error is StoreUnavailableError {
  return hasErrorBrand(error, UNAVAILABLE_BRAND);
}

/**
 * True for an {@link IdempotencyKeyLostError}, also one from another copy of this module.
 *
 * @example
 * isIdempotencyKeyLost(new IdempotencyKeyLostError()) // true
 */
export function isIdempotencyKeyLost(error: unknown): error is IdempotencyKeyLostError {
  return hasErrorBrand(error, KEY_LOST_BRAND);
}

const RETRY_AFTER = { 'retry-after': String(STORE_RETRY_AFTER_SECONDS) } as const;

/**
 * The 504 answer (with `Retry-After`) for a store failure, or `undefined` for any other error.
 * A failure whose outcome is unknown answers its own message and `x-outcome: unknown`.
 *
 * @example
 * storeFailureReply(new StoreUnavailableError('pool'))?.status // 504, "nothing was written"
 * storeFailureReply(new StoreUnavailableError('connection', cause, 'unknown'))?.headers // { 'retry-after': '1', 'x-outcome': 'unknown' }
 * storeFailureReply(new Error('bug'))                         // undefined
 */
export function storeFailureReply(error: unknown): PlainReply | undefined {
  if (!isStoreUnavailable(error)) return undefined;
  if (error.outcome === 'unknown') return errorReply(504, STORE_FAILURE_MESSAGES.unknown, { ...RETRY_AFTER, [OUTCOME_HEADER]: 'unknown' });
  return errorReply(504, STORE_FAILURE_MESSAGES[error.reason] ?? STORE_FAILURE_MESSAGES.timeout, RETRY_AFTER);
}
