// Compile-time checks, run by `npm run typecheck` (tsc type-checks test/): every explicit
// public type of payments-kit/schemas is exactly what its valibot schema outputs. A schema
// or a type edited alone fails here with "Type 'false' does not satisfy the constraint
// 'true'" on its line; hovering the two sides of that line shows the difference.
import type * as v from 'valibot';
import type {
  AchDetails,
  AchDetailsSchema,
  Adjustment,
  AdjustmentSchema,
  AmountBody,
  AmountDecimalBody,
  AmountDecimalSchema,
  AmountDecimalUpdate,
  AmountDecimalUpdateSchema,
  AmountSchema,
  ApplePaySessionRequest,
  ApplePaySessionRequestSchema,
  CardDetails,
  CardDetailsSchema,
  EvidenceText,
  EvidenceTextRequest,
  EvidenceTextRequestSchema,
  EvidenceTextSchema,
  ExternalPayment,
  ExternalPaymentSchema,
  Image,
  ImageSchema,
  Invoice,
  InvoiceImage,
  InvoiceImageSchema,
  InvoicePayment,
  InvoicePaymentSchema,
  InvoiceSchema,
  InvoiceUpdate,
  InvoiceUpdateSchema,
  LineItem,
  LineItemOption,
  LineItemOptionSchema,
  LineItemSchema,
  LineItems,
  LineItemsSchema,
  Occurrence,
  OccurrenceError,
  OccurrenceErrorSchema,
  OccurrenceSchema,
  Recur,
  RecurSchema,
  RunTransfer,
  RunTransferSchema,
  Schedule,
  ScheduleLineItem,
  ScheduleLineItemOption,
  ScheduleLineItemOptionSchema,
  ScheduleLineItemSchema,
  ScheduleLineItems,
  ScheduleLineItemsSchema,
  ScheduleSchema,
  TransferEndpoint,
  TransferEndpointSchema,
} from '../../src/schemas/index.js';
import type { amountDecimalSchema, amountDecimalUpdateSchema } from '../../src/schemas/amount-decimal.js';
import type { applePaySessionRequestSchema } from '../../src/schemas/apple-pay-session.js';
import type { evidenceTextRequestSchema } from '../../src/schemas/evidence-text.js';
import type { invoiceImageSchema } from '../../src/schemas/image.js';
import type { invoiceUpdateSchema } from '../../src/schemas/invoice-update.js';
import type { lineItemsSchemas } from '../../src/schemas/line-items.js';
import type { Equal, Expect } from './equal.js';

/** What a schema outputs. */
type Output<TSchema extends v.GenericSchema> = v.InferOutput<TSchema>;

/** The line-item schemas a factory builds (the request profile of an update-invoice body, under any limits). */
type BuiltLineItems = ReturnType<typeof lineItemsSchemas>;

// One row per schema (and per schema factory, whose output a custom-limits validator returns),
// held equal to its explicit type: optional keys, `| undefined`, `null` and nesting included.
export type SchemaOutputs = [
  Expect<Equal<Output<typeof AmountSchema>, AmountBody>>,
  Expect<Equal<Output<typeof AmountDecimalSchema>, AmountDecimalBody>>,
  Expect<Equal<Output<ReturnType<typeof amountDecimalSchema>>, AmountDecimalBody>>,
  Expect<Equal<Output<typeof AmountDecimalUpdateSchema>, AmountDecimalUpdate>>,
  Expect<Equal<Output<ReturnType<typeof amountDecimalUpdateSchema>>, AmountDecimalUpdate>>,
  Expect<Equal<Output<typeof ImageSchema>, Image>>,
  Expect<Equal<Output<typeof InvoiceImageSchema>, InvoiceImage>>,
  Expect<Equal<Output<ReturnType<typeof invoiceImageSchema>>, InvoiceImage>>,
  Expect<Equal<Output<typeof LineItemOptionSchema>, LineItemOption>>,
  Expect<Equal<Output<typeof LineItemSchema>, LineItem>>,
  Expect<Equal<Output<typeof LineItemsSchema>, LineItems>>,
  Expect<Equal<Output<BuiltLineItems['option']>, LineItemOption>>,
  Expect<Equal<Output<BuiltLineItems['item']>, LineItem>>,
  Expect<Equal<Output<BuiltLineItems['items']>, LineItems>>,
  Expect<Equal<Output<typeof ScheduleLineItemOptionSchema>, ScheduleLineItemOption>>,
  Expect<Equal<Output<typeof ScheduleLineItemSchema>, ScheduleLineItem>>,
  Expect<Equal<Output<typeof ScheduleLineItemsSchema>, ScheduleLineItems>>,
  Expect<Equal<Output<typeof AchDetailsSchema>, AchDetails>>,
  Expect<Equal<Output<typeof CardDetailsSchema>, CardDetails>>,
  Expect<Equal<Output<typeof TransferEndpointSchema>, TransferEndpoint>>,
  Expect<Equal<Output<typeof RunTransferSchema>, RunTransfer>>,
  Expect<Equal<Output<typeof OccurrenceErrorSchema>, OccurrenceError>>,
  Expect<Equal<Output<typeof OccurrenceSchema>, Occurrence>>,
  Expect<Equal<Output<typeof RecurSchema>, Recur>>,
  Expect<Equal<Output<typeof ScheduleSchema>, Schedule>>,
  Expect<Equal<Output<typeof ExternalPaymentSchema>, ExternalPayment>>,
  Expect<Equal<Output<typeof InvoicePaymentSchema>, InvoicePayment>>,
  Expect<Equal<Output<typeof InvoiceSchema>, Invoice>>,
  Expect<Equal<Output<typeof InvoiceUpdateSchema>, InvoiceUpdate>>,
  Expect<Equal<Output<ReturnType<typeof invoiceUpdateSchema>>, InvoiceUpdate>>,
  Expect<Equal<Output<typeof EvidenceTextRequestSchema>, EvidenceTextRequest>>,
  Expect<Equal<Output<ReturnType<typeof evidenceTextRequestSchema>>, EvidenceTextRequest>>,
  Expect<Equal<Output<typeof EvidenceTextSchema>, EvidenceText>>,
  Expect<Equal<Output<typeof ApplePaySessionRequestSchema>, ApplePaySessionRequest>>,
  Expect<Equal<Output<ReturnType<typeof applePaySessionRequestSchema>>, ApplePaySessionRequest>>,
  Expect<Equal<Output<typeof AdjustmentSchema>, Adjustment>>,
];
