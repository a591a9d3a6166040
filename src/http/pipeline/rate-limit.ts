import type { Reply } from '../core/exchange.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import type { RateLimitDecision } from '../core/ports.js';
import { errorReply } from '../core/reply.js';
import { rateLimitHeaders } from '../policies/rate-limit-headers.js';
import { tracedRateLimit } from '../telemetry/traced-ports.js';
import type { RoutedState } from './request-state.js';

/** The rate limiter's decision: go on (with its budget's headers on the answer), 429 with `Retry-After`, or 504. */
function afterDecision(state: RoutedState, decision: RateLimitDecision): Reply | undefined {
  if ('backendError' in decision) state.report(decision.backendError);
  const budget = 'budget' in decision && decision.budget !== undefined ? rateLimitHeaders(decision.budget) : undefined;
  if (decision.allowed) {
    state.headers = budget;
    return undefined;
  }
  // The limiter's backend failed and it chose to refuse (fail closed): a downstream failure.
  if (!('retryAfterSeconds' in decision)) return errorReply(504, HTTP_MESSAGES.rateLimiterUnavailable);
  const seconds = Math.max(0, Math.ceil(Number.isFinite(decision.retryAfterSeconds) ? decision.retryAfterSeconds : 1));
  return errorReply(429, HTTP_MESSAGES.rateLimited, { 'retry-after': String(seconds), ...budget });
}

/**
 * The rate-limit step, with a `rateLimiter`: its decision for the operation, account and
 * credential. 429 with `Retry-After` when refused; when the limiter reports a budget, the
 * `RateLimit-Policy` and `RateLimit` headers go on the answer, whatever it is. A promise only
 * when the limiter answers asynchronously (anything with a callable `then` is awaited, as by `await`).
 *
 * @example
 * await rateLimit(state) // undefined, or { status: 429, headers: { 'retry-after': '3', ... } }
 */
export function rateLimit(state: RoutedState): Reply | undefined | Promise<Reply | undefined> {
  const { rateLimiter, telemetry } = state.options;
  if (rateLimiter === undefined) return undefined;
  const { entry, accountID, token, scheme } = state;
  const input = { operationId: entry.id, accountID, token, scheme };
  const tracing = telemetry?.tracing;
  const parent = state.telemetry?.context;
  const decision = tracing === undefined || parent === undefined ? rateLimiter.check(input) : tracedRateLimit(tracing, parent, entry.id, () => rateLimiter.check(input));
  if (typeof (decision as { then?: unknown }).then === 'function') {
    return Promise.resolve(decision).then((settled) => afterDecision(state, settled));
  }
  return afterDecision(state, decision as RateLimitDecision);
}
