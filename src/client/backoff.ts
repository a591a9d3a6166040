/** The backoff of retries: exponential from `initialMs`, capped at `maxMs`. */
export type Backoff = { readonly initialMs: number; readonly maxMs: number };

/**
 * The wait before retry number `retry` (1 for the first retry), as Stripe's SDKs wait:
 * `min(initialMs * 2^(retry-1), maxMs)`, scaled by a jitter factor in [0.5, 1) from `random`,
 * and never under `initialMs / 2`.
 *
 * @example
 * backoffMs(1, { initialMs: 500, maxMs: 5000 }, () => 0.5) // 375
 * backoffMs(9, { initialMs: 500, maxMs: 5000 }, () => 0)   // 2500
 */
export function backoffMs(retry: number, backoff: Backoff, random: () => number): number {
  const full = Math.min(backoff.initialMs * 2 ** (retry - 1), backoff.maxMs);
  return Math.round(full * (0.5 + random() / 2));
}
