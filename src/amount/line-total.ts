import { pow10, scanned, scanSmall } from './fast-path.js';
import type { AmountDecimal } from './types.js';

/** An option of a line: a count and, optionally, the price it adds per unit of the line. */
export type LineOptionInput = { readonly quantity: number; readonly priceModifier?: AmountDecimal | undefined };

/**
 * Result registers of `scanLineTotal` (module-local; read right after a successful call):
 * the line total as a safe integer scaled by 10^places.
 */
export const lineTotal = { n: 0, places: 0 };

const MAX = Number.MAX_SAFE_INTEGER;
const fits = (n: number): boolean => n <= MAX && n >= -MAX;

/**
 * The fused fast path of a line total, `quantity x (basePrice + sum(option.quantity x
 * option.priceModifier))`: each decimal string is read once (`scanSmall`), the arithmetic
 * runs on safe integers scaled to the line's largest number of decimal places, and nothing
 * is formatted. On success writes `lineTotal` and returns true; the places are the largest
 * of the base price and of every modifier, as `multiplyDecimal`/`sumDecimal` would give.
 *
 * Returns false, and decides nothing, whenever the fast path cannot be sure of the exact
 * answer: a string it cannot read, a modifier in another currency, a quantity that is not a
 * safe integer, or any intermediate outside the safe-integer range. The caller then runs the
 * exact BigInt composition of the public functions, which also reports every error. While
 * every scaled intermediate is a safe integer (below 2^53 <= 2^63 x 10^places) no result can
 * reach the 2^63 limit, so the fast path never has to throw.
 * @example
 * scanLineTotal({ currency: 'USD', valueDecimal: '4.50' }, [{ quantity: 1, priceModifier: { currency: 'USD', valueDecimal: '0.75' } }], 2)
 * // true; lineTotal is { n: 1050, places: 2 }
 */
export function scanLineTotal(
  basePrice: AmountDecimal,
  options: readonly LineOptionInput[] | undefined,
  quantity: number,
): boolean {
  if (!Number.isSafeInteger(quantity) || !scanSmall(basePrice.valueDecimal)) return false;
  let unit = scanned.n;
  let places = scanned.places;
  if (options !== undefined) {
    if (!Array.isArray(options)) return false;
    const currency = basePrice.currency;
    for (let i = 0; i < options.length; i++) {
      const option = options[i] as LineOptionInput;
      const modifier = option.priceModifier;
      if (modifier === undefined) continue;
      const count = option.quantity;
      if (modifier.currency !== currency || !Number.isSafeInteger(count) || !scanSmall(modifier.valueDecimal)) return false;
      let product = scanned.n * count;
      if (scanned.places > places) {
        unit *= pow10(scanned.places - places);
        places = scanned.places;
      } else if (scanned.places < places) {
        product *= pow10(places - scanned.places);
      }
      // A product past 2^53 stays past it through float rounding, so checking each finished
      // step (before it meets another) is enough: if all fit, every step was exact.
      if (!fits(product) || !fits(unit)) return false;
      unit += product;
      if (!fits(unit)) return false;
    }
  }
  const total = unit * quantity;
  if (!fits(total)) return false;
  lineTotal.n = total === 0 ? 0 : total;
  lineTotal.places = places;
  return true;
}
