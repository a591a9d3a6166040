/**
 * A version of spec 9 as one pattern: `vYYYY.QQ.BB` (year 0001 or later, quarter 01, 04, 07 or
 * 10, two-digit build) or `dev`. Exactly what `parseVersion` accepts (a property test holds
 * them together), for callers that only need the yes or no (the client checks its option with it).
 */
const VERSION = /^(?:v(?!0000)\d{4}\.(?:01|04|07|10)\.\d{2}|dev)$/;

/**
 * True when {@link parseVersion} accepts `s`.
 *
 * @example
 * isVersion('v2024.01.00') // true
 * isVersion('latest')      // false
 */
export function isVersion(s: string): boolean {
  return typeof s === 'string' && VERSION.test(s);
}
