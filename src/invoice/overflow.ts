import { type AmountDecimal, AmountError, sumDecimal } from '../amount/index.js';
import { lineItemTotal } from './totals.js';
import type { LineItems } from './types.js';

/** Which computed amount reached 2^63 in absolute value: one line total, the subtotal or the total. */
export type TotalsOverflow = { readonly at: 'item'; readonly item: number } | { readonly at: 'subtotal' } | { readonly at: 'total' };

/**
 * True when `error` is the amount module's out-of-range error (a result of 2^63 or more in
 * absolute value), the one error a valid update can still cause in the totals.
 *
 * @example
 * isOutOfRange(new AmountError('decimal-out-of-range', '...')) // true
 */
export function isOutOfRange(error: unknown): error is AmountError {
  return error instanceof AmountError && error.code === 'decimal-out-of-range';
}

function fits(compute: () => unknown): boolean {
  try {
    compute();
    return true;
  } catch (error) {
    if (isOutOfRange(error)) return false;
    throw error;
  }
}

/**
 * Finds the first amount of the totals computation that falls out of range: the first
 * line item whose total does not fit, else the subtotal, else the total. Call it only after
 * `invoiceTotals` threw an out-of-range error for the same input.
 *
 * @example
 * locateOverflow({ items: [{ name: 'x', quantity: 2147483647, basePrice: { currency: 'USD', valueDecimal: '9223372036854775807' } }] }, tax)
 * // { at: 'item', item: 0 }
 */
export function locateOverflow(lineItems: LineItems, taxAmount: AmountDecimal): TotalsOverflow {
  const item = lineItems.items.findIndex((i) => !fits(() => lineItemTotal(i)));
  if (item !== -1) return { at: 'item', item };
  const subtotalFits = fits(() => sumDecimal(lineItems.items.map(lineItemTotal), taxAmount.currency));
  return subtotalFits ? { at: 'total' } : { at: 'subtotal' };
}
