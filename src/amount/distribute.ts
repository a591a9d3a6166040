import { formatUnits, smallUnits, unitPlaces, wholeUnits } from './allocation-unit.js';
import type { AllocateOptions } from './allocation-unit.js';
import { MAX_ALLOCATION_PARTS } from './allocate.js';
import { AmountError, PART_COUNT_MESSAGE } from './errors.js';
import { describe } from './fixed-point.js';
import type { AmountDecimal } from './types.js';

/**
 * Splits `amount` into `n` equal parts in whole units of the currency's minor unit (or of
 * `options.places`); the parts add up to exactly `amount` and differ by at most one unit,
 * the larger ones first. Equal to `allocateDecimal(amount, n ones)`. Throws `AmountError`:
 * 'invalid-count' (n not an integer from 1 to `MAX_ALLOCATION_PARTS`), and as `allocateDecimal`
 * for the amount and options.
 * @example
 * distributeDecimal({ currency: 'USD', valueDecimal: '100' }, 3).map((p) => p.valueDecimal)  // ['33.34', '33.33', '33.33']
 * distributeDecimal({ currency: 'JPY', valueDecimal: '-5' }, 3).map((p) => p.valueDecimal)   // ['-2', '-2', '-1']
 */
export function distributeDecimal(amount: AmountDecimal, n: number, options?: AllocateOptions): AmountDecimal[] {
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_ALLOCATION_PARTS) {
    throw new AmountError('invalid-count', `n ${describe(n)}: ${PART_COUNT_MESSAGE}`);
  }
  const places = unitPlaces(amount.currency, options);
  const currency = amount.currency;
  const parts = new Array<AmountDecimal>(n);
  const small = smallUnits(amount.valueDecimal, places);
  if (small !== undefined) {
    const rest = small % n; // same sign as the amount
    const base = (small - rest) / n;
    const more = formatUnits(rest < 0 ? base - 1 : base + 1, places);
    const less = formatUnits(base, places);
    const extra = rest < 0 ? -rest : rest;
    for (let i = 0; i < n; i++) parts[i] = { currency, valueDecimal: i < extra ? more : less };
    return parts;
  }
  const units = wholeUnits(amount, places);
  const count = BigInt(n);
  const rest = units % count;
  const base = units / count;
  const more = formatUnits(rest < 0n ? base - 1n : base + 1n, places);
  const less = formatUnits(base, places);
  const extra = Number(rest < 0n ? -rest : rest);
  for (let i = 0; i < n; i++) parts[i] = { currency, valueDecimal: i < extra ? more : less };
  return parts;
}
