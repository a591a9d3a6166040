import * as v from 'valibot';
import { AmountDecimalSchema } from './amount-decimal.js';
import { DateTimeSchema } from './date-time.js';
import { jsonObject } from './json-object.js';
import { ResourceIdSchema } from './resource-id.js';
import { TextSchema } from './text.js';

/** `external` of an invoice payment record (spec 2.6). */
export const ExternalPaymentSchema = jsonObject({
  description: v.optional(TextSchema),
  foreignID: v.optional(TextSchema),
  paymentDate: v.optional(DateTimeSchema),
});

/**
 * An invoice payment record (spec 2.6). The spec marks none of its fields required;
 * `invoicePaymentID` is a Resource ID when present.
 */
export const InvoicePaymentSchema = jsonObject({
  invoicePaymentID: v.optional(ResourceIdSchema),
  amount: v.optional(AmountDecimalSchema),
  external: v.optional(ExternalPaymentSchema),
});

/** The explicit type of what {@link InvoicePaymentSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { InvoicePayment } from './shapes/invoice.js';
