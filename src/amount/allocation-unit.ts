import { currencyExponent } from './currency.js';
import { ALLOCATION_UNIT_MESSAGE, AmountError, PLACES_MESSAGE, UNKNOWN_CURRENCY_MESSAGE } from './errors.js';
import { DECIMAL_PLACES, describe, formatFixed, parseFixed } from './fixed-point.js';
import { formatSmall, pow10, safe, scanned, scanSmall } from './fast-path.js';
import { pow10n } from './rate.js';
import type { AmountDecimal } from './types.js';

/**
 * Options of `allocateDecimal` and `distributeDecimal`: `places` is the unit the parts are
 * whole numbers of, as decimal places (0 to 9). Without it, the currency's ISO 4217 minor
 * unit (2 for USD, 0 for JPY, 3 for KWD); `places: 9` splits in the smallest unit an
 * `AmountDecimal` can hold, and lets a currency with no minor unit (XAU) be split.
 */
export type AllocateOptions = { readonly places?: number | undefined };

/**
 * The decimal places of the allocation unit: `options.places`, or the currency's exponent.
 * Throws `AmountError` ('invalid-places' or 'unknown-currency').
 * @example
 * unitPlaces('USD', {})            // 2
 * unitPlaces('XAU', { places: 9 }) // 9
 */
export function unitPlaces(currency: string, options: AllocateOptions | undefined): number {
  const places = options?.places;
  if (places !== undefined) {
    if (!Number.isInteger(places) || places < 0 || places > DECIMAL_PLACES) {
      throw new AmountError('invalid-places', `places ${describe(places)}: ${PLACES_MESSAGE}`);
    }
    return places === 0 ? 0 : places; // no -0
  }
  if (currency === lastCurrency) return lastExponent;
  const exponent = currencyExponent(currency);
  if (exponent === undefined) throw new AmountError('unknown-currency', `${describe(currency)}: ${UNKNOWN_CURRENCY_MESSAGE}`);
  lastCurrency = currency;
  lastExponent = exponent;
  return exponent;
}

// The last currency looked up and its exponent: splits come in runs of one currency, and the
// ISO table is frozen, so this one-entry memo can never be stale.
let lastCurrency = 'USD';
let lastExponent = 2;

/**
 * The amount as a safe-integer count of units of `places` decimal places, or `undefined`
 * when the fast path cannot say (a long string, an invalid one, not a whole number of
 * units): `wholeUnits` then reads it and reports any error.
 * @example
 * smallUnits('10.03', 2) // 1003
 * smallUnits('10.035', 2) // undefined
 */
export function smallUnits(valueDecimal: string, places: number): number | undefined {
  if (!scanSmall(valueDecimal)) return undefined;
  const { n } = scanned;
  if (scanned.places <= places) return safe(n * pow10(places - scanned.places));
  const divisor = pow10(scanned.places - places);
  return n % divisor === 0 ? n / divisor : undefined;
}

/**
 * The amount as an exact count of units of `places` decimal places; throws `AmountError`
 * when the decimal is invalid or is not a whole number of those units ('inexact-amount').
 * @example
 * wholeUnits({ currency: 'USD', valueDecimal: '-10.03' }, 2) // -1003n
 */
export function wholeUnits(amount: AmountDecimal, places: number): bigint {
  const { units } = parseFixed(amount.valueDecimal);
  const divisor = pow10n(DECIMAL_PLACES - places);
  if (units % divisor !== 0n) {
    throw new AmountError('inexact-amount', `${describe(amount.valueDecimal)} ${amount.currency}: ${ALLOCATION_UNIT_MESSAGE}`);
  }
  return units / divisor;
}

/**
 * Formats a count of units (a safe integer or a bigint) with exactly `places` decimal places.
 * @example
 * formatUnits(-335, 2)  // '-3.35'
 * formatUnits(335n, 2) // '3.35'
 */
export function formatUnits(units: number | bigint, places: number): string {
  if (typeof units === 'number') return formatSmall(units === 0 ? 0 : units, places);
  return formatFixed(units * pow10n(DECIMAL_PLACES - places), places);
}
