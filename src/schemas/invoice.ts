import * as v from 'valibot';
import { type AmountDecimal, addDecimal, compareDecimal } from '../amount/index.js';
import { AmountDecimalSchema } from './amount-decimal.js';
import { DateTimeSchema } from './date-time.js';
import { INVOICE_STATUSES } from './enums.js';
import { InvoicePaymentSchema } from './invoice-payment.js';
import { jsonArray, jsonObject } from './json-object.js';
import { LineItemsSchema } from './line-items.js';
import { INVOICE_TOTAL_MESSAGE } from './messages.js';
import { oneOf } from './picklist.js';
import { ResourceIdSchema } from './resource-id.js';
import { TextSchema } from './text.js';

const InvoiceFieldsSchema = jsonObject({
  invoiceID: ResourceIdSchema,
  invoiceNumber: TextSchema,
  customerAccountID: ResourceIdSchema,
  partnerAccountID: ResourceIdSchema,
  createdOn: DateTimeSchema,
  status: oneOf(INVOICE_STATUSES),
  lineItems: LineItemsSchema,
  subtotalAmount: AmountDecimalSchema,
  taxAmount: AmountDecimalSchema,
  totalAmount: AmountDecimalSchema,
  paidAmount: AmountDecimalSchema,
  pendingAmount: AmountDecimalSchema,
  refundedAmount: AmountDecimalSchema,
  disputedAmount: AmountDecimalSchema,
  description: v.optional(TextSchema),
  invoiceDate: v.optional(DateTimeSchema),
  dueDate: v.optional(DateTimeSchema),
  canceledOn: v.optional(DateTimeSchema),
  invoicePayments: v.optional(jsonArray(InvoicePaymentSchema)),
});

/** True when `total` is exactly `subtotal + tax`, all in one currency. */
function isSumOf(total: AmountDecimal, subtotal: AmountDecimal, tax: AmountDecimal): boolean {
  try {
    return compareDecimal(addDecimal(subtotal, tax), total) === 0;
  } catch {
    return false; // currencies differ, or the sum leaves the decimal range
  }
}

/**
 * Invoice (spec 2.6), the resource answered by the invoice operations. `totalAmount`
 * must be the exact sum of `subtotalAmount` and `taxAmount`, in the same currency.
 */
export const InvoiceSchema = v.pipe(
  InvoiceFieldsSchema,
  v.forward(
    v.partialCheck(
      [['subtotalAmount'], ['taxAmount'], ['totalAmount']],
      (invoice) => isSumOf(invoice.totalAmount, invoice.subtotalAmount, invoice.taxAmount),
      INVOICE_TOTAL_MESSAGE,
    ),
    ['totalAmount'],
  ),
);

/** The explicit type of what {@link InvoiceSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { Invoice } from './shapes/invoice.js';
