import { positiveOption } from '../core/option-checks.js';

/** How long records live: `ttlMs` for a completed answer, `lockMs` for the lease of a request in flight. */
export type IdempotencySettings = { readonly ttlMs: number; readonly lockMs: number };

/** What `createHandler({ idempotency })` takes: `false` turns `Idempotency-Key` handling off. */
export type IdempotencyOptions = {
  /** How long a completed answer is replayed, from the first request; default 86 400 (24 h). */
  readonly ttlSeconds?: number;
  /**
   * The lease of a request in flight: the request renews it every quarter of this while it runs;
   * once it stops renewing (its process died or lost the database) the key is free again within
   * this time and a retry runs; default {@link DEFAULT_IDEMPOTENCY_LOCK_SECONDS} (8). Never
   * longer than `ttlSeconds`.
   */
  readonly lockSeconds?: number;
};

/** The default `ttlSeconds`: 24 hours. */
export const DEFAULT_IDEMPOTENCY_TTL_SECONDS = 86_400;

/**
 * The default lease of a key in flight, in seconds: short, because it is renewed while the
 * request runs; a key whose holder died is free again within it (the target is a retry that
 * runs within 10 s of a fault ending), and it is longer than the default store deadline.
 */
export const DEFAULT_IDEMPOTENCY_LOCK_SECONDS = 8;

/** Messages for `idempotency` options `createHandler` refuses. */
export const IDEMPOTENCY_OPTION_MESSAGES = Object.freeze({
  shape: 'createHandler: idempotency must be false or { ttlSeconds?, lockSeconds? }',
  positive: (name: string) => `createHandler: idempotency.${name} must be a positive finite number`,
});

function seconds(value: number | undefined, name: string): number | undefined {
  return value === undefined ? undefined : positiveOption(value, 0, IDEMPOTENCY_OPTION_MESSAGES.positive(name)) * 1000;
}

/**
 * The handler's idempotency settings: `undefined` when turned off, otherwise the TTL and the
 * lease in milliseconds (the lease bounded by the TTL).
 *
 * @example
 * resolveIdempotency(undefined)            // { ttlMs: 86400000, lockMs: 8000 }
 * resolveIdempotency({ ttlSeconds: 3600 }) // { ttlMs: 3600000, lockMs: 8000 }
 * resolveIdempotency(false)                // undefined
 */
export function resolveIdempotency(option: false | IdempotencyOptions | undefined): IdempotencySettings | undefined {
  if (option === false) return undefined;
  if (option !== undefined && (option === null || typeof option !== 'object')) throw new TypeError(IDEMPOTENCY_OPTION_MESSAGES.shape);
  const ttlMs = seconds(option?.ttlSeconds, 'ttlSeconds') ?? DEFAULT_IDEMPOTENCY_TTL_SECONDS * 1000;
  const lockMs = seconds(option?.lockSeconds, 'lockSeconds') ?? DEFAULT_IDEMPOTENCY_LOCK_SECONDS * 1000;
  return { ttlMs, lockMs: Math.min(lockMs, ttlMs) };
}
