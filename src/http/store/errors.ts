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
  | 'connection';

/** The `{ error }` messages of store failures, as data. */
export const STORE_FAILURE_MESSAGES = Object.freeze({
  timeout: 'the database did not answer in time; the request may be retried',
  pool: 'no database connection came free in time; the request may be retried',
  connection: 'the database could not be reached; the request may be retried',
  keyLost: 'the request lost its Idempotency-Key to a retry (its lease ran out); nothing was written',
} as const);

/** Seconds a client is asked to wait before retrying after a store failure (504). */
export const STORE_RETRY_AFTER_SECONDS = 1;

/**
 * A store call that did not complete because the database was slow or away: the handler answers
 * 504 with `Retry-After` (not 500, which would say the server is broken). Whether a write
 * committed is unknown to the caller; a retry with the same `Idempotency-Key` finds out.
 *
 * @example
 * throw new StoreUnavailableError('timeout', cause);
 */
export class StoreUnavailableError extends Error {
  readonly reason: StoreUnavailableReason;

  constructor(reason: StoreUnavailableReason, cause?: unknown) {
    super(STORE_FAILURE_MESSAGES[reason], cause === undefined ? undefined : { cause });
    this.name = 'StoreUnavailableError';
    this.reason = reason;
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

/**
 * The 504 answer (with `Retry-After`) for a store failure, or `undefined` for any other error.
 *
 * @example
 * storeFailureReply(new StoreUnavailableError('pool'))?.status // 504
 * storeFailureReply(new Error('bug'))                         // undefined
 */
export function storeFailureReply(error: unknown): PlainReply | undefined {
  if (!isStoreUnavailable(error)) return undefined;
  return errorReply(504, STORE_FAILURE_MESSAGES[error.reason], { 'retry-after': String(STORE_RETRY_AFTER_SECONDS) });
}
