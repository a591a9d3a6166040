import { positiveOption } from '../core/option-checks.js';

/** How long records live: `ttlMs` for a completed answer, `lockMs` for a request in flight. */
export type IdempotencySettings = { readonly ttlMs: number; readonly lockMs: number };

/** What `createHandler({ idempotency })` takes: `false` turns `Idempotency-Key` handling off. */
export type IdempotencyOptions = {
  /** How long a completed answer is replayed, from the first request; default 86 400 (24 h). */
  readonly ttlSeconds?: number;
  /**
   * How long a request in flight holds its key before it is taken to have died (its process
   * crashed) and a retry may run it again; default `downstreamTimeoutMs` + 60 s. Never longer
   * than `ttlSeconds`.
   */
  readonly lockSeconds?: number;
};

/** The default `ttlSeconds`: 24 hours. */
export const DEFAULT_IDEMPOTENCY_TTL_SECONDS = 86_400;

/** Added to `downstreamTimeoutMs` for the default lock: room for the body, the store and the answer. */
export const IDEMPOTENCY_LOCK_MARGIN_MS = 60_000;

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
 * lock in milliseconds (the lock bounded by the TTL).
 *
 * @example
 * resolveIdempotency(undefined, 10_000)            // { ttlMs: 86400000, lockMs: 70000 }
 * resolveIdempotency({ ttlSeconds: 3600 }, 10_000) // { ttlMs: 3600000, lockMs: 70000 }
 * resolveIdempotency(false, 10_000)                // undefined
 */
export function resolveIdempotency(option: false | IdempotencyOptions | undefined, downstreamTimeoutMs: number): IdempotencySettings | undefined {
  if (option === false) return undefined;
  if (option !== undefined && (option === null || typeof option !== 'object')) throw new TypeError(IDEMPOTENCY_OPTION_MESSAGES.shape);
  const ttlMs = seconds(option?.ttlSeconds, 'ttlSeconds') ?? DEFAULT_IDEMPOTENCY_TTL_SECONDS * 1000;
  const lockMs = seconds(option?.lockSeconds, 'lockSeconds') ?? downstreamTimeoutMs + IDEMPOTENCY_LOCK_MARGIN_MS;
  return { ttlMs, lockMs: Math.min(lockMs, ttlMs) };
}
