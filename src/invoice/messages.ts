import { type AmountDecimal, DECIMAL_RANGE_MESSAGE } from '../amount/index.js';

/** Message thrown when `applyInvoiceUpdate` is given a `now` that is not a valid `Date`. */
export const NOW_INVALID_MESSAGE = 'applyInvoiceUpdate needs options.now to be a valid Date';

/**
 * 409 message: the invoice is in a status where nothing may be edited.
 *
 * @example
 * notEditableMessage('paid') // 'an invoice in status paid cannot be edited'
 */
export function notEditableMessage(status: string): string {
  return `an invoice in status ${status} cannot be edited`;
}

/**
 * 409 message: the field may change in some statuses, but not in the invoice's.
 *
 * @example
 * fieldNotEditableMessage('dueDate', 'unpaid', ['draft'])
 * // 'dueDate can only be changed while the invoice is draft; this invoice is unpaid'
 */
export function fieldNotEditableMessage(field: string, status: string, editableIn: readonly string[]): string {
  return `${field} can only be changed while the invoice is ${editableIn.join(' or ')}; this invoice is ${status}`;
}

/**
 * 409 message: the update asks for a status move that spec 3.1 does not allow; names both states.
 *
 * @example
 * moveNotAllowedMessage('draft', 'paid', ['unpaid', 'canceled'])
 * // 'an invoice cannot be moved from draft to paid: from draft it can only be moved to unpaid or canceled'
 */
export function moveNotAllowedMessage(from: string, to: string, allowed: readonly string[]): string {
  const options = allowed.length === 0 ? 'no status can be set by an update' : `it can only be moved to ${allowed.join(' or ')}`;
  return `an invoice cannot be moved from ${from} to ${to}: from ${from} ${options}`;
}

/**
 * 409 message: the new total would be below what customers have already paid or have pending.
 *
 * @example
 * totalBelowPaymentsMessage(usd('6.00'), usd('6.01'))
 * // 'the update would make the total 6.00 USD smaller than the 6.01 USD already paid or pending'
 */
export function totalBelowPaymentsMessage(total: AmountDecimal, paidAndPending: AmountDecimal): string {
  return (
    `the update would make the total ${total.valueDecimal} ${total.currency} smaller than the ` +
    `${paidAndPending.valueDecimal} ${paidAndPending.currency} already paid or pending`
  );
}

/**
 * 409 message: the new total would be negative while nothing is paid or pending (the same
 * rule as {@link totalBelowPaymentsMessage}, with a bound of zero, said as what it is).
 */
export const NEGATIVE_TOTAL_MESSAGE =
  'the update would make the total negative: with nothing paid or pending, the total must not be below zero';

/**
 * 422 message: an amount of the update is not in the invoice's currency.
 *
 * @example
 * currencyMismatchMessage('USD', 'EUR') // 'must be in USD, the currency of the invoice (got EUR)'
 */
export function currencyMismatchMessage(expected: string, actual: string): string {
  return `must be in ${expected}, the currency of the invoice (got ${actual})`;
}

/** 422 message on an item whose line total (or unit price, or an option's product) is out of range. */
export const LINE_TOTAL_RANGE_MESSAGE = `line total ${DECIMAL_RANGE_MESSAGE}`;

/** 422 message on `lineItems` when the subtotal is out of range. */
export const SUBTOTAL_RANGE_MESSAGE = `subtotal ${DECIMAL_RANGE_MESSAGE}`;

/** 422 message when subtotal + tax is out of range. */
export const TOTAL_RANGE_MESSAGE = `total ${DECIMAL_RANGE_MESSAGE}`;
