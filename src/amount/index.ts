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
  RATIO_LIST_MESSAGE,
  RATE_FORMAT_MESSAGE,
  NEGATIVE_RATIO_MESSAGE,
  ZERO_RATIOS_MESSAGE,
  ALLOCATION_UNIT_MESSAGE,
  PLACES_MESSAGE,
  PART_COUNT_MESSAGE,
  RATE_SIGN_MESSAGE,
  EXCHANGE_RATE_MESSAGE,
  PERCENT_PLACES_MESSAGE,
} from './errors.js';
export type { AmountErrorCode } from './errors.js';
export { ISO_4217_MINOR_UNITS, ISO_4217_TABLE_DATE, WITHDRAWN_CURRENCY_CODES } from './iso4217.js';
export { currencyExponent, isCurrencyCode } from './currency.js';
export { checkDecimalString, isDecimalString } from './check.js';
export { DECIMAL_PLACES } from './fixed-point.js';
export { addDecimal, compareDecimal, subtractDecimal, sumDecimal, zeroDecimal } from './arithmetic.js';
export { multiplyDecimal } from './multiply.js';
export type { RoundingOptions } from './rounding-option.js';
export { allocateDecimal, MAX_ALLOCATION_PARTS } from './allocate.js';
export { distributeDecimal } from './distribute.js';
export type { AllocateOptions } from './allocation-unit.js';
export { RATE_PLACES } from './rate.js';
export type { Rate } from './rate.js';
export { percentOf } from './percent.js';
export { convertDecimal } from './convert-currency.js';
export type { ExchangeRate } from './convert-currency.js';
export { toAmount, toAmountDecimal } from './convert.js';
export type { ToAmountOptions } from './convert.js';
