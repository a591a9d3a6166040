import type { Outcome } from './result.js';

/**
 * What an answer says of a write (see {@link Outcome}): `'none'` for a 4xx other than the 409
 * "still being processed" (one carrying `Retry-After`), a 503, a 504 without
 * `x-outcome: unknown`; `'unknown'` for anything else, and whenever `x-outcome: unknown` is set.
 *
 * @example
 * outcomeOf(504, new Headers()) // 'none'
 * outcomeOf(504, new Headers({ 'x-outcome': 'unknown' })) // 'unknown'
 * outcomeOf(502, new Headers()) // 'unknown'
 */
export function outcomeOf(status: number, headers: Headers): Outcome {
  if (headers.get('x-outcome') === 'unknown') return 'unknown';
  if (status === 409) return headers.has('retry-after') ? 'unknown' : 'none';
  return (status >= 400 && status < 500) || status === 503 || status === 504 ? 'none' : 'unknown';
}
