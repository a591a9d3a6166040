/**
 * payments-kit/amount: exact money. `Amount` (integer minor units) and `AmountDecimal`
 * (decimal string, at most 9 places), fixed-point BigInt arithmetic that never rounds
 * silently, every rounding mode for `toAmount`, and our own ISO 4217 table.
 */
export type { Amount, AmountDecimal, RoundingMode } from './types.js';
export { ROUNDING_MODES } from './types.js';
export {
  AmountError,
  CurrencyMismatchError,
  isAmountError,
  isCurrencyMismatchError,
  DECIMAL_FORMAT_MESSAGE,
  DECIMAL_PLACES_MESSAGE,
  DECIMAL_RANGE_MESSAGE,
  INEXACT_AMOUNT_MESSAGE,
  INVALID_FACTOR_MESSAGE,
  PRODUCT_PLACES_MESSAGE,
  ROUNDING_MODE_MESSAGE,
  SAFE_INTEGER_MESSAGE,
  UNKNOWN_CURRENCY_MESSAGE,
} from './errors.js';
export type { AmountErrorCode } from './errors.js';
export { ISO_4217_MINOR_UNITS, ISO_4217_TABLE_DATE, WITHDRAWN_CURRENCY_CODES } from './iso4217.js';
export { currencyExponent, isCurrencyCode } from './currency.js';
export { checkDecimalString, isDecimalString } from './check.js';
export { DECIMAL_PLACES } from './fixed-point.js';
export { addDecimal, compareDecimal, subtractDecimal, sumDecimal, zeroDecimal } from './arithmetic.js';
export { multiplyDecimal } from './multiply.js';
export { toAmount, toAmountDecimal } from './convert.js';
export type { ToAmountOptions } from './convert.js';
