import { brandError, hasErrorBrand } from '../shared/error-brand.js';

/** What kind of amount error happened; stable, for programs to branch on. */
export type AmountErrorCode =
  | 'malformed-decimal'
  | 'too-many-decimal-places'
  | 'decimal-out-of-range'
  | 'unsafe-integer'
  | 'inexact-amount'
  | 'unknown-currency'
  | 'invalid-factor'
  | 'product-too-precise'
  | 'invalid-rounding-mode'
  | 'currency-mismatch'
  | 'invalid-ratios'
  | 'invalid-count'
  | 'invalid-places'
  | 'invalid-percent'
  | 'invalid-rate';

/** Message for a string that is not `-?digits(.digits)?`. */
export const DECIMAL_FORMAT_MESSAGE =
  'must be a decimal string: an optional "-", one or more digits, and optionally "." followed by 1 to 9 digits (e.g. "12.34")';
/** Message for a decimal string with more than 9 digits after the point. */
export const DECIMAL_PLACES_MESSAGE = 'must have at most 9 decimal places';
/** Message for a decimal whose integer part does not fit in int64. */
export const DECIMAL_RANGE_MESSAGE = 'must be less than 9223372036854775808 (2^63) in absolute value';
/** Message for a minor-unit value that is not a safe integer. */
export const SAFE_INTEGER_MESSAGE =
  'minor-unit value must be an integer between -9007199254740991 and 9007199254740991 (it is never rounded)';
/** Message for `toAmount` on a value the currency cannot hold without rounding, and no mode named. */
export const INEXACT_AMOUNT_MESSAGE =
  'has more decimal places than the currency has minor units; name a rounding mode to round it';
/** Message for a currency with no minor-unit exponent in our ISO 4217 table. */
export const UNKNOWN_CURRENCY_MESSAGE =
  'currency is not an ISO 4217 code with a minor unit (unknown, lowercase, or a code such as XAU with none)';
/** Message for a multiplication factor that is not a safe integer, bigint or decimal string. */
export const INVALID_FACTOR_MESSAGE =
  'factor must be a safe integer number, a bigint, or a decimal string of at most 9 decimal places';
/** Message for a product whose exact value needs more than 9 decimal places. */
export const PRODUCT_PLACES_MESSAGE = 'the exact product needs more than 9 decimal places; it is never rounded';
/** Message for a rounding mode that is not one of `RoundingMode`. */
export const ROUNDING_MODE_MESSAGE =
  'rounding must be one of half-even, half-up, half-down, up, down, ceiling, floor';

/** Message for allocation ratios that are not an array of 1 to `MAX_ALLOCATION_PARTS` items. */
export const RATIO_LIST_MESSAGE = 'ratios must be an array of 1 to 100000 ratios';
/** Message for a ratio, percent or rate that is not a number the module reads exactly. */
export const RATE_FORMAT_MESSAGE =
  'must be a safe integer number, a bigint, or a decimal string of at most 18 decimal places below 2^63 (e.g. "8.875"); a fractional number is refused because it is not exact';
/** Message for a negative allocation ratio. */
export const NEGATIVE_RATIO_MESSAGE = 'ratios must not be negative';
/** Message for allocation ratios that are all zero. */
export const ZERO_RATIOS_MESSAGE = 'at least one ratio must be above zero';
/** Message for an amount to split that is not a whole number of the allocation unit. */
export const ALLOCATION_UNIT_MESSAGE =
  'is not a whole number of the allocation unit (the currency\'s minor unit unless `places` names another); it is never rounded';
/** Message for a `places` option that is not an integer from 0 to 9. */
export const PLACES_MESSAGE = 'places must be an integer from 0 to 9';
/** Message for a `distributeDecimal` count that is not an integer from 1 to `MAX_ALLOCATION_PARTS`. */
export const PART_COUNT_MESSAGE = 'the number of parts must be an integer from 1 to 100000';
/** Message for an exchange rate that is zero or negative. */
export const RATE_SIGN_MESSAGE = 'rate must be above zero';
/** Message for a `convertDecimal` target that is not an object. */
export const EXCHANGE_RATE_MESSAGE = 'the conversion must be an object { rate, currency }';
/** Message for a percentage whose exact value needs more than 9 decimal places. */
export const PERCENT_PLACES_MESSAGE = 'the exact percentage needs more than 9 decimal places; name a rounding mode to round it';

/** The brand of every AmountError, shared by the ESM and CJS builds (see `isAmountError`). */
const AMOUNT_ERROR_BRAND = Symbol.for('payments-kit.AmountError');

/**
 * The error every amount operation throws for bad input; `code` says which rule,
 * `message` is one of the message constants above (prefixed with the offending value).
 */
export class AmountError extends Error {
  /** Which rule was broken. */
  readonly code: AmountErrorCode;
  constructor(code: AmountErrorCode, message: string) {
    super(message);
    this.name = 'AmountError';
    this.code = code;
    brandError(this, AMOUNT_ERROR_BRAND);
  }
}

/**
 * Whether `value` is an {@link AmountError} (a {@link CurrencyMismatchError} included) made by
 * any copy of payments-kit: the ESM and CJS builds have different classes, so `instanceof`
 * fails across them; this checks the `Symbol.for('payments-kit.AmountError')` brand instead.
 *
 * @example
 * try { addDecimal(usd, { currency: 'USD', valueDecimal: '1.2.3' }) }
 * catch (e) { if (isAmountError(e)) console.log(e.code) } // 'malformed-decimal'
 */
export function isAmountError(value: unknown): value is AmountError {
  return hasErrorBrand(value, AMOUNT_ERROR_BRAND);
}

/** The brand of every CurrencyMismatchError, shared by the ESM and CJS builds (see `isCurrencyMismatchError`). */
const CURRENCY_MISMATCH_ERROR_BRAND = Symbol.for('payments-kit.CurrencyMismatchError');

/**
 * Thrown when one operation mixes two currencies (codes are compared exactly, so
 * `USD` and `usd` differ).
 * @example
 * try { addDecimal(usd, eur) } catch (e) { if (e instanceof CurrencyMismatchError) e.left }
 */
export class CurrencyMismatchError extends AmountError {
  /** The currency of the first operand. */
  readonly left: string;
  /** The first currency that differed from it. */
  readonly right: string;
  constructor(left: string, right: string) {
    super('currency-mismatch', `currency mismatch: ${JSON.stringify(left)} and ${JSON.stringify(right)}`);
    this.name = 'CurrencyMismatchError';
    this.left = left;
    this.right = right;
    brandError(this, CURRENCY_MISMATCH_ERROR_BRAND);
  }
}

/**
 * Whether `value` is a {@link CurrencyMismatchError} made by any copy of payments-kit (ESM or
 * CJS build), by its `Symbol.for('payments-kit.CurrencyMismatchError')` brand.
 *
 * @example
 * try { addDecimal(usd, eur) } catch (e) { if (isCurrencyMismatchError(e)) console.log(e.left, e.right) } // USD EUR
 */
export function isCurrencyMismatchError(value: unknown): value is CurrencyMismatchError {
  return hasErrorBrand(value, CURRENCY_MISMATCH_ERROR_BRAND);
}
