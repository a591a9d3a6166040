import { currencyExponent } from './currency.js';
import { AmountError, EXCHANGE_RATE_MESSAGE, INEXACT_AMOUNT_MESSAGE, RATE_SIGN_MESSAGE, UNKNOWN_CURRENCY_MESSAGE } from './errors.js';
import { checkRange, DECIMAL_PLACES, describe, formatFixed, parseFixed } from './fixed-point.js';
import { pow10n, readRate } from './rate.js';
import type { Rate } from './rate.js';
import { rescale } from './rescale.js';
import { roundingOf } from './rounding-option.js';
import type { RoundingOptions } from './rounding-option.js';
import type { AmountDecimal } from './types.js';

/**
 * What one unit of the amount's currency is worth in `currency`: `rate` is a decimal string
 * of up to 18 places (`'0.9234'`, `'0.000061234567'`), a safe-integer number or a bigint,
 * above zero; `currency` is an ISO 4217 code with a minor unit.
 */
export type ExchangeRate = { readonly rate: Rate; readonly currency: string };

/**
 * Converts `amount` to `to.currency` at `to.rate`: `amount x rate`, shown with exactly the
 * target currency's ISO 4217 exponent of decimal places. Exact when the product fits that
 * exponent; otherwise it throws `AmountError` ('inexact-amount') unless `options.rounding`
 * names a mode, which then rounds the exact product once. Also throws 'invalid-rate' (not a
 * number read exactly, zero or negative), 'unknown-currency' (a target with no minor unit),
 * 'decimal-out-of-range'. The amount's own currency is not looked up (any code converts).
 * @example
 * convertDecimal({ currency: 'USD', valueDecimal: '100' }, { rate: '0.92', currency: 'EUR' }).valueDecimal // '92.00'
 * convertDecimal({ currency: 'USD', valueDecimal: '10.01' }, { rate: '149.237', currency: 'JPY' }, { rounding: 'half-even' }).valueDecimal // '1494'
 */
export function convertDecimal(amount: AmountDecimal, to: ExchangeRate, options?: RoundingOptions): AmountDecimal {
  const mode = roundingOf(options);
  if (typeof to !== 'object' || to === null) throw new AmountError('invalid-rate', `${describe(to)}: ${EXCHANGE_RATE_MESSAGE}`);
  const exponent = currencyExponent(to.currency);
  if (exponent === undefined) throw new AmountError('unknown-currency', `${describe(to.currency)}: ${UNKNOWN_CURRENCY_MESSAGE}`);
  const rate = readRate(to.rate, 'rate', 'invalid-rate');
  if (rate.digits <= 0n) throw new AmountError('invalid-rate', `rate ${describe(to.rate)}: ${RATE_SIGN_MESSAGE}`);
  const x = parseFixed(amount.valueDecimal);
  const minor = rescale(x.units * rate.digits, DECIMAL_PLACES + rate.places, exponent, mode);
  if (minor === undefined) {
    throw new AmountError('inexact-amount', `${describe(amount.valueDecimal)} x ${describe(to.rate)} ${to.currency}: ${INEXACT_AMOUNT_MESSAGE}`);
  }
  return { currency: to.currency, valueDecimal: formatFixed(checkRange(minor * pow10n(DECIMAL_PLACES - exponent)), exponent) };
}
