/**
 * A decimal of up to 18 integer digits split into three safe-integer limbs, so that sums
 * of many of them can run in plain number arithmetic and meet BigInt only once:
 * value = sign x (high x 10^18 + low x 10^9 + fraction) x 10^-9, each limb below 10^9.
 */
export const wide = { negative: false, high: 0, low: 0, fraction: 0, places: 0 };

const SCALE_UP = [1e9, 1e8, 1e7, 1e6, 1e5, 1e4, 1e3, 100, 10, 1] as const;

const digit = (code: number): number => (code >= 48 && code <= 57 ? code - 48 : -1);

/**
 * Reads a valid decimal string with at most 18 integer digits and at most 9 decimal places
 * into `wide` in one pass over its characters; false (and `wide` unspecified) for anything
 * else, which callers hand to the checking BigInt parser (`parseFixed`) so that errors and
 * 19-digit values near 2^63 are judged in one place.
 * @example
 * scanWide('-1234567890.5') // true; wide is { negative: true, high: 1, low: 234567890, fraction: 500000000, places: 1 }
 */
export function scanWide(s: string): boolean {
  if (typeof s !== 'string') return false;
  const length = s.length;
  const start = length > 0 && s.charCodeAt(0) === 45 ? 1 : 0;
  let dot = start;
  while (dot < length && s.charCodeAt(dot) !== 46) dot++;
  const intDigits = dot - start;
  if (intDigits === 0 || intDigits > 18) return false;
  const split = intDigits > 9 ? dot - 9 : start;
  let high = 0;
  for (let i = start; i < split; i++) {
    const d = digit(s.charCodeAt(i));
    if (d < 0) return false;
    high = high * 10 + d;
  }
  let low = 0;
  for (let i = split; i < dot; i++) {
    const d = digit(s.charCodeAt(i));
    if (d < 0) return false;
    low = low * 10 + d;
  }
  let fraction = 0;
  let places = 0;
  if (dot < length) {
    places = length - dot - 1;
    if (places === 0 || places > 9) return false;
    for (let i = dot + 1; i < length; i++) {
      const d = digit(s.charCodeAt(i));
      if (d < 0) return false;
      fraction = fraction * 10 + d;
    }
    fraction *= SCALE_UP[places] ?? Number.NaN;
  }
  wide.negative = start === 1;
  wide.high = high;
  wide.low = low;
  wide.fraction = fraction;
  wide.places = places;
  return true;
}

const E18 = 1_000_000_000_000_000_000n;
const E9 = 1_000_000_000n;

/**
 * The exact value of three limbs (possibly sums of many `wide` readings, each limb a safe
 * integer of either sign) in 10^-9 units.
 * @example
 * limbsToUnits(1, 234567890, 500000000) // 1234567890500000000n
 */
export function limbsToUnits(high: number, low: number, fraction: number): bigint {
  if (high === 0) {
    const units = low * 1e9 + fraction; // exact whenever it is a safe integer (see scanSmall)
    if (units <= Number.MAX_SAFE_INTEGER && units >= -Number.MAX_SAFE_INTEGER) return BigInt(units);
  }
  return BigInt(high) * E18 + BigInt(low) * E9 + BigInt(fraction);
}
