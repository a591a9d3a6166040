import * as v from 'valibot';
import { AmountDecimalUpdateSchema } from './amount-decimal.js';
import { DateTimeSchema } from './date-time.js';
import { INVOICE_STATUSES } from './enums.js';
import { jsonObject } from './json-object.js';
import { LineItemsSchema } from './line-items.js';
import { oneOf } from './picklist.js';
import { TextSchema } from './text.js';

/**
 * The update-invoice request body (spec 4.2). Every field is optional; an omitted key
 * stays omitted in the output (unchanged), and `dueDate` / `invoiceDate` may be `null`
 * (unset). Unknown keys are ignored and left out of the output.
 */
export const InvoiceUpdateSchema = jsonObject({
  description: v.optional(TextSchema),
  dueDate: v.optional(v.nullable(DateTimeSchema)),
  invoiceDate: v.optional(v.nullable(DateTimeSchema)),
  lineItems: v.optional(LineItemsSchema),
  status: v.optional(oneOf(INVOICE_STATUSES)),
  taxAmount: v.optional(AmountDecimalUpdateSchema),
});

/** A validated update-invoice body. */
export type InvoiceUpdate = v.InferOutput<typeof InvoiceUpdateSchema>;
