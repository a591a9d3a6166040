// The invoice shapes (spec 2.6); test/types/schema-types.ts holds each equal to what its
// valibot schema outputs.
import type { InvoiceStatus } from '../enums.js';
import type { AmountDecimalBody } from './amount.js';
import type { LineItems } from './line-items.js';

/** `external` of an invoice payment record (spec 2.6), as `ExternalPaymentSchema` outputs it. */
export interface ExternalPayment {
  description?: string | undefined;
  foreignID?: string | undefined;
  /** An RFC 3339 date-time, in canonical form. */
  paymentDate?: string | undefined;
}

/** A payment made towards an invoice (spec 2.6), as `InvoicePaymentSchema` outputs it: no field is required. */
export interface InvoicePayment {
  /** A Resource ID. */
  invoicePaymentID?: string | undefined;
  amount?: AmountDecimalBody | undefined;
  external?: ExternalPayment | undefined;
}

/**
 * An invoice (spec 2.6), as `InvoiceSchema` outputs it: `totalAmount` is exactly
 * `subtotalAmount + taxAmount`. IDs are Resource IDs; date-times RFC 3339 strings in
 * canonical form.
 */
export interface Invoice {
  invoiceID: string;
  invoiceNumber: string;
  customerAccountID: string;
  partnerAccountID: string;
  createdOn: string;
  status: InvoiceStatus;
  lineItems: LineItems;
  subtotalAmount: AmountDecimalBody;
  taxAmount: AmountDecimalBody;
  /** `subtotalAmount + taxAmount`. */
  totalAmount: AmountDecimalBody;
  /** Completed transfers paid towards the invoice. */
  paidAmount: AmountDecimalBody;
  /** Pending transfers paid towards the invoice. */
  pendingAmount: AmountDecimalBody;
  /** Refunds started against transfers paid towards the invoice. */
  refundedAmount: AmountDecimalBody;
  /** Disputes started against transfers paid towards the invoice. */
  disputedAmount: AmountDecimalBody;
  description?: string | undefined;
  invoiceDate?: string | undefined;
  dueDate?: string | undefined;
  canceledOn?: string | undefined;
  invoicePayments?: InvoicePayment[] | undefined;
}
