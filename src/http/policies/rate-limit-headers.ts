import type { RateLimitBudget } from '../core/ports.js';

/** The header names of draft-ietf-httpapi-ratelimit-headers (lower case, as replies carry headers). */
export const RATE_LIMIT_HEADERS = Object.freeze({ policy: 'ratelimit-policy', limit: 'ratelimit' });

/** The largest integer a structured field can carry (RFC 9651, 15 digits). */
const MAX_SF_INTEGER = 999_999_999_999_999;

/** Printable ASCII, what a structured-field string may hold (RFC 9651 section 3.3.3). */
const SF_STRING_CHARS = /^[\x20-\x7e]*$/;

/**
 * True when `name` can be a policy name: non-empty printable ASCII (a structured-field string).
 *
 * @example
 * isPolicyName('default') // true
 * isPolicyName('pölicy')  // false
 */
export function isPolicyName(name: unknown): name is string {
  return typeof name === 'string' && name !== '' && name.length <= 256 && SF_STRING_CHARS.test(name);
}

/** A structured-field string: quoted, with `\` and `"` escaped. */
const sfString = (text: string): string => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** A non-negative structured-field integer: rounded as named (`floor` for what is left, `ceil` for waits), clamped to the range. */
const sfInteger = (value: number, round: (x: number) => number): string =>
  String(Math.min(MAX_SF_INTEGER, Math.max(0, Number.isFinite(value) ? round(value) : 0)));

/**
 * The `RateLimit-Policy` and `RateLimit` headers of a budget in the draft's structured-field
 * form: `"name";q=<quota>;w=<window>` and `"name";r=<remaining>;t=<reset>`. Remaining
 * rounds down and the reset up (never promise more than there is); `w` is left out for a
 * window that never resets.
 *
 * @example
 * rateLimitHeaders({ policy: 'default', quota: 100, windowSeconds: 60, remaining: 50, resetSeconds: 29.2 })
 * // { 'ratelimit-policy': '"default";q=100;w=60', ratelimit: '"default";r=50;t=30' }
 */
export function rateLimitHeaders(budget: RateLimitBudget): Record<string, string> {
  const name = sfString(budget.policy);
  const window = budget.windowSeconds === undefined ? '' : `;w=${sfInteger(budget.windowSeconds, Math.ceil)}`;
  return {
    [RATE_LIMIT_HEADERS.policy]: `${name};q=${sfInteger(budget.quota, Math.floor)}${window}`,
    [RATE_LIMIT_HEADERS.limit]: `${name};r=${sfInteger(budget.remaining, Math.floor)};t=${sfInteger(budget.resetSeconds, Math.ceil)}`,
  };
}
