import type { RateLimitBudget, RateLimitDecision, RateLimitInput, RateLimiter } from '../core/ports.js';
import { withDeadline } from '../core/deadline.js';
import { positiveOption } from '../core/option-checks.js';
import { isPolicyName } from './rate-limit-headers.js';

/**
 * What {@link createRateLimiter} needs of a `rate-limiter-flexible` limiter (described by
 * shape, so that package stays an optional peer and is never imported here): `consume`
 * resolves when the key has points left, and rejects with the limiter's answer (an object
 * with `msBeforeNext`, not an `Error`) when it has none, or with an `Error` when its backend
 * (Redis, PostgreSQL, ...) fails.
 */
export type FlexibleLimiter = {
  consume(key: string, points?: number): Promise<unknown>;
  /** The points per window (rate-limiter-flexible's `points`): the quota the headers report. */
  readonly points?: number;
  /** The window in seconds (rate-limiter-flexible's `duration`; 0: never resets). */
  readonly duration?: number;
};

/** What a backend failure leads to: `allow` (fail open, the default) or `refuse` (fail closed: 504). */
export type BackendFailurePolicy = 'allow' | 'refuse';

/** Options of {@link createRateLimiter}. */
export type RateLimiterOptions = {
  /** Any `rate-limiter-flexible` limiter: `RateLimiterMemory`, `RateLimiterRedis`, `RateLimiterPostgres`, ... */
  readonly limiter: FlexibleLimiter;
  /** The limiter key of a request; default {@link defaultRateLimitKey} (per account and operation). */
  readonly key?: (input: RateLimitInput) => string;
  /** What a failing or slow backend leads to; default `allow` (see docs/decisions/0183-rate-limiting-is-a-port-after-authentication-and-fails-open.md). */
  readonly onBackendFailure?: BackendFailurePolicy;
  /** How long the limiter may take before it counts as failed; default {@link DEFAULT_RATE_LIMIT_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
  /**
   * `RateLimit-Policy` and `RateLimit` headers on every answer of a limited operation; default
   * on (when the limiter has numeric `points`); `false` turns them off.
   */
  readonly headers?: boolean;
  /** The policy name the headers carry; default {@link DEFAULT_RATE_LIMIT_POLICY}. */
  readonly policyName?: string;
};

/** The default policy name of the rate-limit headers. */
export const DEFAULT_RATE_LIMIT_POLICY = 'default';

/** Default bound of one limiter call: 1 second (a Redis or PostgreSQL round trip takes milliseconds). */
export const DEFAULT_RATE_LIMIT_TIMEOUT_MS = 1_000;

/** Messages of the `TypeError`s {@link createRateLimiter} throws at start-up. */
export const RATE_LIMITER_MESSAGES = Object.freeze({
  limiter: 'createRateLimiter: options.limiter must have a consume(key, points) method (a rate-limiter-flexible limiter)',
  policy: "createRateLimiter: onBackendFailure must be 'allow' or 'refuse'",
  timeout: 'createRateLimiter: timeoutMs must be a positive finite number',
  timedOut: (ms: number) => `the rate limiter did not answer within ${ms} ms`,
  policyName: 'createRateLimiter: policyName must be non-empty printable ASCII of at most 256 characters',
});

/**
 * The default limiter key: the operation id, then `:` and the path's account when there is
 * one. Operation ids hold no `:`, so two different requests never share a key by accident.
 *
 * @example
 * defaultRateLimitKey({ operationId: 'getSchedule', accountID: 'acc_1', token: 't', scheme: 'bearer' }) // 'getSchedule:acc_1'
 */
export function defaultRateLimitKey(input: RateLimitInput): string {
  return input.accountID === undefined ? input.operationId : `${input.operationId}:${input.accountID}`;
}

/** A finite, non-negative number field of a limiter's answer (not an `Error`), or `undefined`. */
function countOf(answer: unknown, field: 'msBeforeNext' | 'remainingPoints'): number | undefined {
  if (typeof answer !== 'object' || answer === null || answer instanceof Error) return undefined;
  const value = (answer as Record<string, unknown>)[field];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** The limiter's refusal: an object with a finite, non-negative `msBeforeNext` that is not an `Error`. */
const msBeforeNextOf = (rejection: unknown): number | undefined => countOf(rejection, 'msBeforeNext');

/**
 * The budget a rate-limiter-flexible answer (`RateLimiterRes`) reports, or `undefined` when the
 * limiter has no numeric `points` or the answer lacks `remainingPoints` and `msBeforeNext`.
 */
function budgetOf(limiter: FlexibleLimiter, policy: string, answer: unknown): RateLimitBudget | undefined {
  const { points, duration } = limiter;
  const remaining = countOf(answer, 'remainingPoints');
  const ms = countOf(answer, 'msBeforeNext');
  if (typeof points !== 'number' || !Number.isFinite(points) || remaining === undefined || ms === undefined) return undefined;
  const windowSeconds = typeof duration === 'number' && Number.isFinite(duration) && duration > 0 ? duration : undefined;
  return { policy, quota: points, windowSeconds, remaining, resetSeconds: ms / 1000 };
}


/**
 * Adapts a `rate-limiter-flexible` limiter to the handler's `rateLimiter` port: each
 * authorized request consumes one point of its key (per account and operation by default);
 * a limiter with no points left is a 429 whose `Retry-After` is its `msBeforeNext` rounded up
 * to whole seconds. Each decision reports the key's budget (`points`, `duration` and the
 * answer's `remainingPoints` and `msBeforeNext`), which the handler sends as `RateLimit-Policy`
 * and `RateLimit` headers (`headers: false` turns them off). A backend that fails, or takes longer than `timeoutMs`, is reported to
 * `onError` and, by default, lets the request through (`onBackendFailure: 'refuse'` answers
 * 504 instead). Share one Redis or PostgreSQL limiter across processes for one budget.
 *
 * @example
 * import { RateLimiterRedis } from 'rate-limiter-flexible';
 * const limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'payments', points: 100, duration: 60 });
 * createHandler({ store, auth, rateLimiter: createRateLimiter({ limiter }) });
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  if (typeof options?.limiter?.consume !== 'function') throw new TypeError(RATE_LIMITER_MESSAGES.limiter);
  const policy = options.onBackendFailure ?? 'allow';
  if (policy !== 'allow' && policy !== 'refuse') throw new TypeError(RATE_LIMITER_MESSAGES.policy);
  const timeoutMs = positiveOption(options.timeoutMs, DEFAULT_RATE_LIMIT_TIMEOUT_MS, RATE_LIMITER_MESSAGES.timeout);
  const { limiter } = options;
  const keyOf = options.key ?? defaultRateLimitKey;
  const policyName = options.policyName ?? DEFAULT_RATE_LIMIT_POLICY;
  if (!isPolicyName(policyName)) throw new TypeError(RATE_LIMITER_MESSAGES.policyName);
  const budget = options.headers === false ? () => undefined : (answer: unknown) => budgetOf(limiter, policyName, answer);

  const failed = (backendError: unknown): RateLimitDecision => (policy === 'allow' ? { allowed: true, backendError } : { allowed: false, backendError });

  return {
    async check(input) {
      try {
        const consumed = await withDeadline(() => limiter.consume(keyOf(input), 1), timeoutMs);
        if (!consumed.ok) return failed(new Error(RATE_LIMITER_MESSAGES.timedOut(timeoutMs)));
        const reported = budget(consumed.value);
        return reported === undefined ? { allowed: true } : { allowed: true, budget: reported };
      } catch (rejection) {
        const ms = msBeforeNextOf(rejection);
        if (ms === undefined) return failed(rejection);
        const reported = budget(rejection);
        return reported === undefined ? { allowed: false, retryAfterSeconds: ms / 1000 } : { allowed: false, retryAfterSeconds: ms / 1000, budget: reported };
      }
    },
  };
}
