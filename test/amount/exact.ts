import type { RoundingMode } from '../../src/amount/index.js';

// Test-side exact arithmetic, written independently of src/amount: decimal strings read as
// bigints by string surgery, and rounding stated from the floor of the quotient (src rounds
// from the truncated quotient), so the two can disagree if either is wrong.

/** A decimal string as `digits / 10^places`. */
export type Ratio = { digits: bigint; places: number };

/** Reads a plain decimal string (assumed valid) exactly. */
export function readDecimal(s: string): Ratio {
  const [whole = '0', fraction = ''] = s.split('.');
  return { digits: BigInt(whole + fraction), places: fraction.length };
}

/** A valid decimal string in units of 10^-places (it must have at most `places` places). */
export function unitsAt(s: string, places: number): bigint {
  const { digits, places: p } = readDecimal(s);
  return digits * 10n ** BigInt(places - p);
}

/** Formats units of 10^-places with exactly `places` decimals (zero unsigned). */
export function formatAt(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative ? `-${text}` : text;
}

/** `n / d` (d > 0) rounded by `mode`, from the floor of the quotient. */
export function roundOracle(n: bigint, d: bigint, mode: RoundingMode): bigint {
  let floor = n / d;
  if (n % d !== 0n && n < 0n) floor -= 1n;
  const twiceFraction = (n - floor * d) * 2n; // in [0, 2d)
  if (twiceFraction === 0n) return floor;
  const ceiling = floor + 1n;
  const towardZero = n < 0n ? ceiling : floor;
  const awayFromZero = n < 0n ? floor : ceiling;
  const nearest = twiceFraction < d ? floor : twiceFraction > d ? ceiling : undefined;
  switch (mode) {
    case 'floor':
      return floor;
    case 'ceiling':
      return ceiling;
    case 'down':
      return towardZero;
    case 'up':
      return awayFromZero;
    case 'half-up':
      return nearest ?? awayFromZero;
    case 'half-down':
      return nearest ?? towardZero;
    case 'half-even':
      return nearest ?? (floor % 2n === 0n ? floor : ceiling);
  }
}
