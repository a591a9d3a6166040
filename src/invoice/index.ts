/**
 * payments-kit/invoice: exact invoice totals, the status table of spec 3.1 as data, and
 * applying an update-invoice request (spec 4.2) to an invoice.
 *
 * @packageDocumentation
 */
export { type ApplyInvoiceUpdateOptions, type InvoiceUpdateResult, applyInvoiceUpdate } from './apply.js';
export { type CurrencyIssue, bodyCurrencyIssues, currencyIssues } from './currency.js';
export {
  EDITABLE_FIELDS_BY_STATUS,
  INVOICE_EDITABLE_FIELDS,
  type InvoiceEditableField,
  isFieldEditable,
} from './editability.js';
export type { InvoiceEffect, InvoiceFinalizedEffect } from './effects.js';
export {
  LINE_TOTAL_RANGE_MESSAGE,
  NEGATIVE_TOTAL_MESSAGE,
  NOW_INVALID_MESSAGE,
  SUBTOTAL_RANGE_MESSAGE,
  TOTAL_RANGE_MESSAGE,
  currencyMismatchMessage,
  fieldNotEditableMessage,
  moveNotAllowedMessage,
  notEditableMessage,
  totalBelowPaymentsMessage,
} from './messages.js';
export { type TotalsOverflow, isOutOfRange, locateOverflow } from './overflow.js';
export { type InvoiceTotals, TOTALS_CURRENCY_UNKNOWN_MESSAGE, invoiceTotals, lineItemTotal } from './totals.js';
export {
  INVOICE_TRANSITIONS,
  type InvoiceEffectType,
  type InvoiceTransition,
  canTransition,
  findTransition,
} from './transitions.js';
/** The invoice shapes of spec 2.6 and 4.2 (the same types as in `payments-kit/schemas`). */
export type * from './types.js';
/** Types owned by other modules that this module's functions take. */
export type { AmountDecimal } from '../amount/index.js';
export type { RequestLimits } from '../limits/index.js';
