import {
  AmountError,
  DECIMAL_FORMAT_MESSAGE,
  DECIMAL_PLACES_MESSAGE,
  DECIMAL_RANGE_MESSAGE,
} from './errors.js';
import { limbsToUnits, scanWide, wide } from './wide.js';

/** Digits kept after the decimal point internally (spec 2.2: up to 9 decimal places). */
export const DECIMAL_PLACES = 9;
/** 10^9: one unit of the decimal's integer part in internal fixed-point units. */
export const SCALE = 1_000_000_000n;
/** Largest allowed magnitude, exclusive, in fixed-point units: 2^63 * 10^9 (a literal, which bundlers can drop when unused). */
export const LIMIT_UNITS = 9_223_372_036_854_775_808_000_000_000n;

/** A decimal as an exact fixed-point integer (value x 10^9) and the places it shows. */
export type FixedPoint = { readonly units: bigint; readonly places: number };

const SHAPE = /^-?\d+(?:\.\d+)?$/;
const PADDING = '000000000';

/**
 * Why `s` is not a valid decimal string, or `undefined` when it is (see `checkDecimalString`).
 * @example
 * decimalProblem('1.') // DECIMAL_FORMAT_MESSAGE
 */
export function decimalProblem(s: unknown): string | undefined {
  if (typeof s !== 'string' || !SHAPE.test(s)) return DECIMAL_FORMAT_MESSAGE;
  const dot = s.indexOf('.');
  if (dot !== -1 && s.length - dot - 1 > DECIMAL_PLACES) return DECIMAL_PLACES_MESSAGE;
  const start = s.charCodeAt(0) === 45 ? 1 : 0;
  const intEnd = dot === -1 ? s.length : dot;
  let first = start;
  while (first < intEnd - 1 && s.charCodeAt(first) === 48) first++;
  const digits = intEnd - first;
  if (digits > 19) return DECIMAL_RANGE_MESSAGE;
  if (digits === 19 && s.slice(first, intEnd) > '9223372036854775807') return DECIMAL_RANGE_MESSAGE;
  return undefined;
}

/**
 * Parses a decimal string into fixed-point units; throws `AmountError` when malformed.
 * @example
 * parseFixed('-1.5') // { units: -1500000000n, places: 1 }
 */
export function parseFixed(s: string, what = 'valueDecimal'): FixedPoint {
  if (scanWide(s)) {
    // The common case in one pass over the characters: no pattern, no string building.
    const units = limbsToUnits(wide.high, wide.low, wide.fraction);
    return { units: wide.negative ? -units : units, places: wide.places };
  }
  const problem = decimalProblem(s);
  if (problem !== undefined) {
    const code =
      problem === DECIMAL_FORMAT_MESSAGE
        ? 'malformed-decimal'
        : problem === DECIMAL_PLACES_MESSAGE
          ? 'too-many-decimal-places'
          : 'decimal-out-of-range';
    throw new AmountError(code, `${what} ${describe(s)} ${problem}`);
  }
  const dot = s.indexOf('.');
  if (dot === -1) return { units: BigInt(s) * SCALE, places: 0 };
  const fraction = s.slice(dot + 1);
  const units = BigInt(s.slice(0, dot) + fraction + PADDING.slice(fraction.length));
  return { units, places: fraction.length };
}

/**
 * Formats fixed-point units with exactly `places` digits after the point (the units
 * must hold no non-zero digit beyond them). Zero never carries a minus sign.
 * @example
 * formatFixed(1500000000n, 2) // '1.50'
 */
export function formatFixed(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(DECIMAL_PLACES + 1, '0');
  const cut = digits.length - DECIMAL_PLACES;
  const whole = digits.slice(0, cut);
  const text = places === 0 ? whole : `${whole}.${digits.slice(cut, cut + places)}`;
  return negative ? `-${text}` : text;
}

/**
 * Returns `units`, or throws `AmountError` when a result falls outside the allowed range.
 * @example
 * checkRange(LIMIT_UNITS) // throws 'decimal-out-of-range'
 */
export function checkRange(units: bigint): bigint {
  if (units >= LIMIT_UNITS || units <= -LIMIT_UNITS) {
    throw new AmountError('decimal-out-of-range', `result ${DECIMAL_RANGE_MESSAGE}`);
  }
  return units;
}

/**
 * A short, safe rendering of a bad input for an error message.
 * @example
 * describe(5n) // '5n'
 */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value === 'bigint') return `${value}n`;
  return String(value);
}
