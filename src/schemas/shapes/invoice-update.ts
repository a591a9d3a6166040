// The update-invoice request body (spec 4.2); test/types/schema-types.ts holds it equal to
// what `InvoiceUpdateSchema` outputs.
import type { InvoiceStatus } from '../enums.js';
import type { AmountDecimalUpdate } from './amount.js';
import type { LineItems } from './line-items.js';

/**
 * A valid update-invoice body (spec 4.2), as `InvoiceUpdateSchema` and `validateInvoiceUpdate`
 * output it: every field optional, an omitted field stays unchanged, and `null` unsets
 * `dueDate` / `invoiceDate`.
 */
export interface InvoiceUpdate {
  description?: string | undefined;
  /** An RFC 3339 date-time, or `null` to unset it. */
  dueDate?: string | null | undefined;
  /** An RFC 3339 date-time, or `null` to unset it. */
  invoiceDate?: string | null | undefined;
  /** Replaces the invoice's line items. */
  lineItems?: LineItems | undefined;
  status?: InvoiceStatus | undefined;
  taxAmount?: AmountDecimalUpdate | undefined;
}
