/**
 * The wait a `Retry-After` header asks for, in milliseconds (RFC 9110 10.2.3): delay-seconds
 * or an HTTP-date (never negative); `undefined` when absent or malformed.
 *
 * @example
 * retryAfterMs('2', 0)                              // 2000
 * retryAfterMs('Thu, 01 Jan 1970 00:00:05 GMT', 0)  // 5000
 * retryAfterMs('soon', 0)                           // undefined
 */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // HTTP-dates are in GMT, so Date.parse does not depend on the process time zone.
  const at = /GMT$/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
