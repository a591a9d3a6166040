import { type AmountDecimal, addDecimal, multiplyDecimal, sumDecimal, zeroDecimal } from '../amount/index.js';
import { formatSmall, pow10, scanned, scanSmall } from '../amount/fast-path.js';
import { lineTotal, scanLineTotal } from '../amount/line-total.js';
import type { LineItem, LineItems } from './types.js';

/** The three amounts of an invoice that follow from its line items and tax. */
export type InvoiceTotals = {
  /** Sum of the line totals. */
  readonly subtotalAmount: AmountDecimal;
  /** The tax amount as given (zero when none was given). */
  readonly taxAmount: AmountDecimal;
  /** `subtotalAmount + taxAmount` (spec 2.6). */
  readonly totalAmount: AmountDecimal;
};

/** Message of the error thrown when {@link invoiceTotals} cannot tell which currency a total is in. */
export const TOTALS_CURRENCY_UNKNOWN_MESSAGE =
  'invoiceTotals needs a currency: give a taxAmount, at least one line item, or options.currency';

/**
 * The total of one line item: `quantity x (basePrice + sum(option.quantity x option.priceModifier))`.
 * Options modify each unit; an option without a `priceModifier` adds nothing. Exact
 * (decimal strings, never binary fractions: in the common case one pass over scaled safe
 * integers, else BigInt); the result shows as many decimal places
 * as the longest price that went into it. Throws `CurrencyMismatchError` when a modifier is
 * in another currency than the base price, and `AmountError` ('decimal-out-of-range') when
 * an option's product, the unit price or the line total reaches 2^63 in absolute value.
 *
 * @example
 * lineItemTotal({
 *   name: 'Latte', quantity: 2, basePrice: { currency: 'USD', valueDecimal: '4.50' },
 *   options: [{ name: 'Oat milk', quantity: 1, priceModifier: { currency: 'USD', valueDecimal: '0.75' } }],
 * }) // { currency: 'USD', valueDecimal: '10.50' }
 */
export function lineItemTotal(item: LineItem): AmountDecimal {
  if (scanLineTotal(item.basePrice, item.options, item.quantity)) {
    return { currency: item.basePrice.currency, valueDecimal: formatSmall(lineTotal.n, lineTotal.places) };
  }
  return composedLineItemTotal(item);
}

// The reference definition, on the exact BigInt functions of payments-kit/amount: it decides
// every case the fused fast path (`scanLineTotal`) declines, including every error.
function composedLineItemTotal(item: LineItem): AmountDecimal {
  const modifiers: AmountDecimal[] = [];
  for (const option of item.options ?? []) {
    if (option.priceModifier !== undefined) modifiers.push(multiplyDecimal(option.priceModifier, option.quantity));
  }
  // One sum (not a chain of additions) so that only the unit price itself must fit the
  // range: the result never depends on the order of the options.
  const unitPrice = sumDecimal([item.basePrice, ...modifiers], item.basePrice.currency);
  return multiplyDecimal(unitPrice, item.quantity);
}

/**
 * Subtotal, tax and total of an invoice's line items (`lineItems` is the `{ items }` object of
 * spec 2.4): subtotal = sum of {@link lineItemTotal}, total = subtotal + tax. A missing
 * `taxAmount` is zero. Exact, with as many decimal places as the longest amount that went
 * in. Throws `CurrencyMismatchError` when amounts disagree on currency and `AmountError`
 * ('decimal-out-of-range') when a line total, the subtotal or the total reaches 2^63.
 * The currency is `options.currency`, else that of `taxAmount`, else that of the first item
 * (throws a `RangeError` with {@link TOTALS_CURRENCY_UNKNOWN_MESSAGE} when none is known).
 *
 * @example
 * invoiceTotals(
 *   { items: [{ name: 'Tea', quantity: 3, basePrice: { currency: 'USD', valueDecimal: '2.00' } }] },
 *   { currency: 'USD', valueDecimal: '0.48' },
 * ) // subtotalAmount 6.00 USD, taxAmount 0.48 USD, totalAmount 6.48 USD
 */
export function invoiceTotals(
  lineItems: LineItems,
  taxAmount?: AmountDecimal,
  options: { readonly currency?: string } = {},
): InvoiceTotals {
  const currency = options.currency ?? taxAmount?.currency ?? lineItems.items[0]?.basePrice.currency;
  if (currency === undefined) throw new RangeError(TOTALS_CURRENCY_UNKNOWN_MESSAGE);
  return fusedTotals(lineItems, taxAmount, currency) ?? composedTotals(lineItems, taxAmount, currency);
}

const MAX = Number.MAX_SAFE_INTEGER;
/** `n x 10^shift` when exact and safe, else NaN (which fails every later comparison). */
const rescale = (n: number, shift: number): number => {
  const scaled = n * pow10(shift);
  return scaled <= MAX && scaled >= -MAX ? scaled : Number.NaN;
};

/** The result of the last {@link addAligned}: reused, so the hot loop allocates nothing. */
const aligned = { n: 0, places: 0 };

/**
 * `a x 10^-aPlaces + b x 10^-bPlaces` into {@link aligned}, at the larger of the two places;
 * false when the sum is not a safe integer there (the caller then takes the reference path).
 */
function addAligned(a: number, aPlaces: number, b: number, bPlaces: number): boolean {
  let places = aPlaces;
  if (bPlaces > aPlaces) {
    a = rescale(a, bPlaces - aPlaces);
    places = bPlaces;
  } else if (bPlaces < aPlaces) {
    b = rescale(b, aPlaces - bPlaces);
  }
  const sum = a + b;
  aligned.n = sum;
  aligned.places = places;
  return sum <= MAX && sum >= -MAX;
}

// The totals in safe-integer arithmetic: each line through `scanLineTotal`, summed at the
// largest number of places so far, each string read once and each result formatted once.
// `undefined` whenever that is not certainly exact (or an error is due): the caller then
// runs the reference composition, which gives the same digits or the same error.
function fusedTotals(lineItems: LineItems, taxAmount: AmountDecimal | undefined, currency: string): InvoiceTotals | undefined {
  const items = lineItems.items;
  if (!Array.isArray(items)) return undefined;
  let subtotal = 0;
  let places = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as LineItem;
    if (item.basePrice.currency !== currency || !scanLineTotal(item.basePrice, item.options, item.quantity)) return undefined;
    if (!addAligned(subtotal, places, lineTotal.n, lineTotal.places)) return undefined;
    subtotal = aligned.n;
    places = aligned.places;
  }
  let total = subtotal;
  let totalPlaces = places;
  if (taxAmount !== undefined) {
    if (taxAmount.currency !== currency || !scanSmall(taxAmount.valueDecimal)) return undefined;
    if (!addAligned(subtotal, places, scanned.n, scanned.places)) return undefined;
    total = aligned.n;
    totalPlaces = aligned.places;
  }
  // Both sums start from +0, so neither is ever -0 (and formatSmall shows -0 as 0 anyway).
  const subtotalAmount = { currency, valueDecimal: formatSmall(subtotal, places) };
  const totalAmount = { currency, valueDecimal: formatSmall(total, totalPlaces) };
  return { subtotalAmount, taxAmount: taxAmount ?? zeroDecimal(currency), totalAmount };
}

// The reference definition of the totals (see composedLineItemTotal).
function composedTotals(lineItems: LineItems, taxAmount: AmountDecimal | undefined, currency: string): InvoiceTotals {
  const subtotalAmount = sumDecimal(lineItems.items.map(lineItemTotal), currency);
  const tax = taxAmount ?? zeroDecimal(currency);
  return { subtotalAmount, taxAmount: tax, totalAmount: addDecimal(subtotalAmount, tax) };
}
