// A small decimal is a JavaScript safe integer scaled by 10^places. Every valid decimal
// string of at most 15 digits fits exactly; arithmetic on it is exact as long as every
// intermediate stays within `Number.MAX_SAFE_INTEGER`, which callers check.

const POWERS = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9] as const;
const MAX = Number.MAX_SAFE_INTEGER;
const ZEROS = '000000000';
/** Sign, point and 16 digits: longer strings can never hold a safe integer of digits. */
const MAX_LENGTH = 18;

/**
 * The power of ten for 0..9 places.
 * @example
 * pow10(2) // 100
 */
export const pow10 = (places: number): number => POWERS[places] ?? Number.NaN;

/** Result registers of `scanSmall` (module-local; read right after a successful call). */
export const scanned = { n: 0, places: 0 };

/**
 * Parses a valid decimal string whose digits, read as one integer, are a safe integer (every
 * string of at most 15 digits) without allocating: on success writes `scanned.n` (the value
 * scaled by 10^places) and `scanned.places` and returns true; false when the string is
 * longer or invalid (the BigInt path then parses it and reports any error).
 * @example
 * scanSmall('-1.50') // true; scanned is { n: -150, places: 2 }
 */
export function scanSmall(s: string): boolean {
  return parseSmallInto(s);
}

function parseSmallInto(s: string): boolean {
  if (typeof s !== 'string') return false;
  const length = s.length;
  if (length === 0 || length > MAX_LENGTH) return false;
  let i = s.charCodeAt(0) === 45 ? 1 : 0;
  const start = i;
  let n = 0;
  let dot = -1;
  for (; i < length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) n = n * 10 + (c - 48);
    else if (c === 46 && dot === -1 && i > start && i < length - 1) dot = i;
    else return false;
  }
  if (i === start) return false;
  const places = dot === -1 ? 0 : length - dot - 1;
  if (places > 9 || n > MAX) return false;
  scanned.n = start === 1 && n !== 0 ? -n : n;
  scanned.places = places;
  return true;
}

/**
 * `n` when it is an exactly representable safe integer, else `undefined`.
 * @example
 * safe(2 ** 53) // undefined
 */
export const safe = (n: number): number | undefined => (n <= MAX && n >= -MAX ? n : undefined);

/**
 * Formats a scaled safe integer with `places` digits after the point; zero has no sign.
 * @example
 * formatSmall(-150, 2) // '-1.50'
 */
export function formatSmall(n: number, places: number): string {
  if (places === 0) return String(n);
  const negative = n < 0;
  const magnitude = negative ? -n : n;
  const unit = POWERS[places] ?? Number.NaN;
  const fraction = magnitude % unit; // exact: both are integers below 2^53
  const digits = String(fraction);
  const text = `${(magnitude - fraction) / unit}.${digits.length < places ? ZEROS.slice(0, places - digits.length) : ''}${digits}`;
  return negative ? `-${text}` : text;
}

/**
 * `a + sign x b` for two decimal strings on the fast path, formatted; `undefined` when
 * either is not small or an intermediate would leave the safe-integer range.
 * @example
 * combineSmall('1.50', '2', 1) // '3.50'
 */
export function combineSmall(a: string, b: string, sign: 1 | -1): string | undefined {
  if (!parseSmallInto(a)) return undefined;
  const an = scanned.n;
  const ap = scanned.places;
  if (!parseSmallInto(b)) return undefined;
  const bn = scanned.n;
  const bp = scanned.places;
  const places = ap > bp ? ap : bp;
  const x = ap === places ? an : safe(an * pow10(places - ap));
  const y = bp === places ? bn : safe(bn * pow10(places - bp));
  if (x === undefined || y === undefined) return undefined;
  const n = safe(x + sign * y);
  return n === undefined ? undefined : formatSmall(n === 0 ? 0 : n, places);
}
