/** How a failed delivery is retried: exponential backoff with jitter, capped. */
export type RetryPolicy = {
  /** The delay before the first retry, before jitter; default 500 ms (so a retry starts within a second). */
  readonly initialDelayMs: number;
  /** The longest delay between two attempts; default 5 minutes. */
  readonly maxDelayMs: number;
};

/** The default retry policy: 0.25-0.5 s, 0.5-1 s, 1-2 s, ... up to 2.5-5 min between attempts, forever. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({ initialDelayMs: 500, maxDelayMs: 300_000 });

/**
 * The delay before the retry that follows failed attempt `attempt` (1 for the first):
 * `initialDelayMs * 2^(attempt - 1)`, capped at `maxDelayMs`, then "equal jitter": a uniform
 * pick in its upper half, so that effects that failed together do not retry together.
 * `random` returns a number in [0, 1).
 *
 * @example
 * retryDelayMs(1, DEFAULT_RETRY_POLICY, () => 0.5)  // 375
 * retryDelayMs(30, DEFAULT_RETRY_POLICY, () => 0.99) // 298500 (capped)
 */
export function retryDelayMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 52);
  const base = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** exponent);
  return Math.round(base / 2 + (base / 2) * Math.min(Math.max(random(), 0), 1));
}
