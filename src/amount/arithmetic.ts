import { CurrencyMismatchError } from './errors.js';
import { checkRange, DECIMAL_PLACES, formatFixed, parseFixed } from './fixed-point.js';
import { combineSmall, formatSmall, pow10 } from './fast-path.js';
import { limbsToUnits, scanWide, wide } from './wide.js';
import type { AmountDecimal } from './types.js';

function sameCurrency(a: AmountDecimal, b: AmountDecimal): string {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency);
  return a.currency;
}

/**
 * The zero amount of a currency: `valueDecimal` `"0"`, the identity of `addDecimal`
 * (it adds no decimal places to a result).
 * @example
 * zeroDecimal('USD') // { currency: 'USD', valueDecimal: '0' }
 */
export function zeroDecimal(currency: string): AmountDecimal {
  return { currency, valueDecimal: '0' };
}

/**
 * `a + b`, exact. The result shows as many decimal places as the longer operand.
 * @example
 * addDecimal({ currency: 'USD', valueDecimal: '1.50' }, { currency: 'USD', valueDecimal: '2.255' })
 * // { currency: 'USD', valueDecimal: '3.755' }
 */
export function addDecimal(a: AmountDecimal, b: AmountDecimal): AmountDecimal {
  const currency = sameCurrency(a, b);
  const small = combineSmall(a.valueDecimal, b.valueDecimal, 1);
  if (small !== undefined) return { currency, valueDecimal: small };
  const x = parseFixed(a.valueDecimal);
  const y = parseFixed(b.valueDecimal);
  return { currency, valueDecimal: formatFixed(checkRange(x.units + y.units), Math.max(x.places, y.places)) };
}

/**
 * `a - b`, exact. The result shows as many decimal places as the longer operand.
 * @example
 * subtractDecimal({ currency: 'EUR', valueDecimal: '1' }, { currency: 'EUR', valueDecimal: '2.50' })
 * // { currency: 'EUR', valueDecimal: '-1.50' }
 */
export function subtractDecimal(a: AmountDecimal, b: AmountDecimal): AmountDecimal {
  const currency = sameCurrency(a, b);
  const small = combineSmall(a.valueDecimal, b.valueDecimal, -1);
  if (small !== undefined) return { currency, valueDecimal: small };
  const x = parseFixed(a.valueDecimal);
  const y = parseFixed(b.valueDecimal);
  return { currency, valueDecimal: formatFixed(checkRange(x.units - y.units), Math.max(x.places, y.places)) };
}

/**
 * The exact sum of a list; every item must be in `currency`. An empty list is
 * `zeroDecimal(currency)`. The result shows as many decimal places as the longest item.
 * Intermediate sums may exceed the range; only the final sum is checked.
 * @example
 * sumDecimal([{ currency: 'USD', valueDecimal: '0.10' }, { currency: 'USD', valueDecimal: '0.20' }], 'USD')
 * // { currency: 'USD', valueDecimal: '0.30' }
 */
export function sumDecimal(list: readonly AmountDecimal[], currency: string): AmountDecimal {
  return sumDecimalFlushing(list, currency, FLUSH_EVERY);
}

/**
 * {@link sumDecimal} with the number of items summed in limbs before they are folded into
 * BigInt as a parameter (internal: tests make the fold reachable with a few items; any
 * positive count gives the same result, which is what they check).
 * @example
 * sumDecimalFlushing([usd('0.10'), usd('0.20'), usd('0.30')], 'USD', 2) // { currency: 'USD', valueDecimal: '0.60' }
 */
export function sumDecimalFlushing(list: readonly AmountDecimal[], currency: string, flushEvery: number): AmountDecimal {
  let units = 0n; // exact total in 10^-9 units of the items the limbs did not take, and flushed limbs
  // Limbs of the rest of the total (see wide.ts); each item adds less than 10^9 to each, so
  // they stay exact for `flushEvery` (at most FLUSH_EVERY) items before being folded into `units`.
  let high = 0;
  let low = 0;
  let fraction = 0;
  let pending = 0;
  let places = 0;
  for (const item of list) {
    if (item.currency !== currency) throw new CurrencyMismatchError(currency, item.currency);
    if (scanWide(item.valueDecimal)) {
      if (wide.places > places) places = wide.places;
      if (wide.negative) {
        high -= wide.high;
        low -= wide.low;
        fraction -= wide.fraction;
      } else {
        high += wide.high;
        low += wide.low;
        fraction += wide.fraction;
      }
      if (++pending === flushEvery) {
        units += limbsToUnits(high, low, fraction);
        high = low = fraction = pending = 0;
      }
      continue;
    }
    const x = parseFixed(item.valueDecimal);
    units += x.units;
    if (x.places > places) places = x.places;
  }
  if (units === 0n && high === 0 && low < 9_000_000 && low > -9_000_000) {
    // The common small total: exact in a safe integer, formatted without BigInt.
    const n = low * 1e9 + fraction;
    if (n <= Number.MAX_SAFE_INTEGER && n >= -Number.MAX_SAFE_INTEGER) {
      return { currency, valueDecimal: formatSmall(n === 0 ? 0 : n / pow10(DECIMAL_PLACES - places), places) };
    }
  }
  return { currency, valueDecimal: formatFixed(checkRange(units + limbsToUnits(high, low, fraction)), places) };
}

/** Items summed in limbs before they are folded into BigInt (keeps every limb below 2^53). */
const FLUSH_EVERY = 1_000_000;

/**
 * Compares two amounts of one currency by value: -1, 0 or 1 (`"1.50"` equals `"1.5"`).
 * @example
 * compareDecimal({ currency: 'USD', valueDecimal: '1.5' }, { currency: 'USD', valueDecimal: '1.50' }) // 0
 */
export function compareDecimal(a: AmountDecimal, b: AmountDecimal): -1 | 0 | 1 {
  sameCurrency(a, b);
  const x = parseFixed(a.valueDecimal).units;
  const y = parseFixed(b.valueDecimal).units;
  return x < y ? -1 : x > y ? 1 : 0;
}
