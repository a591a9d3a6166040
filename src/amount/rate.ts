import { AmountError, RATE_FORMAT_MESSAGE } from './errors.js';
import type { AmountErrorCode } from './errors.js';
import { describe } from './fixed-point.js';

/**
 * A ratio, percentage or exchange rate as a caller passes it: a safe-integer `number`, a
 * `bigint`, or a decimal string of at most `RATE_PLACES` places (`'8.875'`, `'0.000061234567'`).
 * A fractional `number` is refused: `0.1` is not the decimal the caller meant.
 */
export type Rate = number | bigint | string;

/** Most decimal places a ratio, percentage or exchange rate may have (an amount has 9). */
export const RATE_PLACES = 18;

/** A rate read exactly: its value is `digits / 10^places`. */
export type ExactRate = { readonly digits: bigint; readonly places: number };

const SHAPE = /^-?\d+(?:\.\d{1,18})?$/;
/** Sign, 19 integer digits (with up to 19 leading zeros), point and 18 places. */
const MAX_LENGTH = 58;
const LIMIT = 9_223_372_036_854_775_808n; // 2^63
const POWERS: readonly bigint[] = Array.from({ length: RATE_PLACES + 1 }, (_, i) => 10n ** BigInt(i));

const refuse = (what: string, value: unknown, code: AmountErrorCode): never => {
  throw new AmountError(code, `${what} ${describe(value)} ${RATE_FORMAT_MESSAGE}`);
};

/**
 * Reads a `Rate` exactly, or throws `AmountError` with `code` (naming it `what`) when it is
 * not one: a fractional or unsafe number, a malformed string, more than 18 places, a
 * magnitude of 2^63 or more, or another type. The work is bounded by the length limit.
 * @example
 * readRate('8.875', 'percent', 'invalid-percent') // { digits: 8875n, places: 3 }
 * readRate(3, 'ratio', 'invalid-ratios')          // { digits: 3n, places: 0 }
 */
export function readRate(value: unknown, what: string, code: AmountErrorCode): ExactRate {
  let rate: ExactRate;
  if (typeof value === 'number') {
    // A safe integer is far below 2^63: no bound to check.
    return Number.isSafeInteger(value) ? { digits: BigInt(value), places: 0 } : refuse(what, value, code);
  }
  if (typeof value === 'bigint') {
    rate = { digits: value, places: 0 };
  } else if (typeof value === 'string' && value.length <= MAX_LENGTH && SHAPE.test(value)) {
    const dot = value.indexOf('.');
    rate = dot === -1 ? { digits: BigInt(value), places: 0 } : { digits: BigInt(value.slice(0, dot) + value.slice(dot + 1)), places: value.length - dot - 1 };
  } else {
    return refuse(what, value, code);
  }
  const bound = LIMIT * (POWERS[rate.places] ?? 1n);
  if (rate.digits >= bound || rate.digits <= -bound) return refuse(what, value, code);
  return rate;
}

/**
 * 10^n as a bigint for 0 <= n <= 36 (the scales this module's rates and amounts combine to).
 * @example
 * pow10n(3) // 1000n
 */
export function pow10n(n: number): bigint {
  return (POWERS[n] ?? 10n ** BigInt(n));
}
