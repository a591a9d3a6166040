import type { AmountDecimal } from '../amount/index.js';

/**
 * The host must send the customer the e-mail with the payment link (spec 3.1, draft -> unpaid).
 * Carries what the e-mail needs so that the host does not have to read the invoice again.
 */
export type InvoiceFinalizedEffect = {
  readonly type: 'invoice.finalized';
  readonly invoiceID: string;
  readonly invoiceNumber: string;
  readonly customerAccountID: string;
  readonly partnerAccountID: string;
  readonly totalAmount: AmountDecimal;
  /** Present when the finalized invoice has a due date. */
  readonly dueDate?: string;
};

/** Something the host must do after it has stored the updated invoice. */
export type InvoiceEffect = InvoiceFinalizedEffect;
