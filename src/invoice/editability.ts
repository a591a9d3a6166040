import type { InvoiceStatus } from './types.js';

/** The fields of an invoice update other than `status` (status moves follow `INVOICE_TRANSITIONS`). */
export type InvoiceEditableField = 'description' | 'dueDate' | 'invoiceDate' | 'lineItems' | 'taxAmount';

/** Every field an update can carry besides `status`, in the order of spec 4.2. */
export const INVOICE_EDITABLE_FIELDS: readonly InvoiceEditableField[] = Object.freeze([
  'description',
  'dueDate',
  'invoiceDate',
  'lineItems',
  'taxAmount',
] as const);

/**
 * Which fields an update may change in each status, as data (a rule of docs/invoice.md, the rule of Moov,
 * the system the spec follows): everything in `draft`; everything but `dueDate` in
 * `unpaid` and `overdue`; nothing in `payment-pending`, `paid` and `canceled`.
 * The status the invoice is in before the update decides.
 *
 * @example
 * EDITABLE_FIELDS_BY_STATUS.unpaid.includes('dueDate') // false
 */
export const EDITABLE_FIELDS_BY_STATUS: Readonly<Record<InvoiceStatus, readonly InvoiceEditableField[]>> =
  Object.freeze({
    draft: Object.freeze(['description', 'dueDate', 'invoiceDate', 'lineItems', 'taxAmount'] as const),
    unpaid: Object.freeze(['description', 'invoiceDate', 'lineItems', 'taxAmount'] as const),
    overdue: Object.freeze(['description', 'invoiceDate', 'lineItems', 'taxAmount'] as const),
    'payment-pending': Object.freeze([] as const),
    paid: Object.freeze([] as const),
    canceled: Object.freeze([] as const),
  });

/**
 * True when an update may change `field` of an invoice in `status`. An unknown status
 * (not one of the six) allows nothing.
 *
 * @example
 * isFieldEditable('draft', 'dueDate')  // true
 * isFieldEditable('overdue', 'dueDate') // false
 */
export function isFieldEditable(status: string, field: InvoiceEditableField): boolean {
  if (!Object.hasOwn(EDITABLE_FIELDS_BY_STATUS, status)) return false;
  return EDITABLE_FIELDS_BY_STATUS[status as InvoiceStatus].includes(field);
}
