import * as v from 'valibot';
import { REQUEST_LIMITS, type RequestLimits } from '../limits/index.js';
import { amountDecimalUpdateSchema } from './amount-decimal.js';
import { DateTimeSchema } from './date-time.js';
import { INVOICE_STATUSES } from './enums.js';
import { lineItemsSchemas } from './line-items.js';
import { closedKind } from './object-kind.js';
import { oneOf } from './picklist.js';
import { TextSchema } from './text.js';

/**
 * The update-invoice request body (spec 4.2) under `limits`. Every field is optional; an
 * omitted key stays omitted in the output (unchanged), and `dueDate` / `invoiceDate` may
 * be `null` (unset). A field the spec does not define, at any level, is an error; arrays
 * longer than their limit fail before their elements are checked.
 *
 * @example
 * const schema = invoiceUpdateSchema(resolveRequestLimits({ lineItems: 1000 }));
 */
/* @__NO_SIDE_EFFECTS__ */
export function invoiceUpdateSchema(limits: RequestLimits) {
  const kind = closedKind(limits);
  return kind.object({
    description: v.optional(TextSchema),
    dueDate: v.optional(v.nullable(DateTimeSchema)),
    invoiceDate: v.optional(v.nullable(DateTimeSchema)),
    lineItems: v.optional(lineItemsSchemas(kind).items),
    status: v.optional(oneOf(INVOICE_STATUSES)),
    taxAmount: v.optional(amountDecimalUpdateSchema(kind)),
  });
}

/** The update-invoice request body (spec 4.2) under the default {@link REQUEST_LIMITS}. */
export const InvoiceUpdateSchema = invoiceUpdateSchema(REQUEST_LIMITS);

/** The explicit type of what {@link InvoiceUpdateSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { InvoiceUpdate } from './shapes/invoice-update.js';
