import { AmountError, PERCENT_PLACES_MESSAGE } from './errors.js';
import { checkRange, DECIMAL_PLACES, describe, formatFixed, parseFixed } from './fixed-point.js';
import { readRate } from './rate.js';
import type { Rate } from './rate.js';
import { rescale } from './rescale.js';
import { roundingOf } from './rounding-option.js';
import type { RoundingOptions } from './rounding-option.js';
import type { AmountDecimal } from './types.js';

/** The fewest decimal places (0 to 9) that show fixed-point units without losing a digit. */
function placesNeeded(units: bigint): number {
  let places = DECIMAL_PLACES;
  let rest = units;
  while (places > 0 && rest % 10n === 0n) {
    rest /= 10n;
    places--;
  }
  return places;
}

/**
 * `percent` % of `amount`: `amount x percent / 100`, exact. `percent` is a decimal string such
 * as `'8.875'` (up to 18 places), a safe-integer number or a bigint; it may be negative (a
 * discount). The result shows the amount's decimal places, or more when the exact value needs
 * them. A value that needs more than 9 places throws `AmountError` ('product-too-precise')
 * unless `options.rounding` names a mode: then it is rounded to 9 places. To get a tax in
 * cents, round the exact result once with `toAmount(result, { rounding })`.
 * @example
 * percentOf({ currency: 'USD', valueDecimal: '19.99' }, '8.875').valueDecimal  // '1.7741125'
 * percentOf({ currency: 'USD', valueDecimal: '100.00' }, 10).valueDecimal       // '10.00'
 * percentOf({ currency: 'USD', valueDecimal: '0.000000001' }, '50', { rounding: 'half-even' }).valueDecimal // '0.000000000'
 */
export function percentOf(amount: AmountDecimal, percent: Rate, options?: RoundingOptions): AmountDecimal {
  const mode = roundingOf(options);
  const rate = readRate(percent, 'percent', 'invalid-percent');
  const x = parseFixed(amount.valueDecimal);
  const exact = rescale(x.units * rate.digits, rate.places + 2 + DECIMAL_PLACES, DECIMAL_PLACES, undefined);
  let units: bigint;
  let places: number;
  if (exact !== undefined) {
    units = exact;
    const needed = placesNeeded(exact);
    places = needed > x.places ? needed : x.places;
  } else if (mode !== undefined) {
    units = rescale(x.units * rate.digits, rate.places + 2 + DECIMAL_PLACES, DECIMAL_PLACES, mode) ?? 0n;
    places = DECIMAL_PLACES;
  } else {
    throw new AmountError('product-too-precise', `${describe(amount.valueDecimal)} x ${describe(percent)} %: ${PERCENT_PLACES_MESSAGE}`);
  }
  return { currency: amount.currency, valueDecimal: formatFixed(checkRange(units), places) };
}
