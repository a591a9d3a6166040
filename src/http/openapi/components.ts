import { type JsonSchema, toJsonSchemaDefs } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { REQUEST_LIMITS, type RequestLimits } from '../../limits/index.js';
import { applePaySessionRequestSchema } from '../../schemas/apple-pay-session.js';
import { evidenceTextRequestSchema } from '../../schemas/evidence-text.js';
import { invoiceUpdateSchema } from '../../schemas/invoice-update.js';
import { leafKeywords } from '../../schemas/json-schema.js';
import {
  AchDetailsSchema,
  AdjustmentSchema,
  AmountDecimalSchema,
  AmountDecimalUpdateSchema,
  AmountSchema,
  CardDetailsSchema,
  CurrencyCodeSchema,
  EvidenceTextSchema,
  ExternalPaymentSchema,
  ImageSchema,
  InvoiceImageSchema,
  InvoicePaymentSchema,
  InvoiceSchema,
  LineItemOptionSchema,
  LineItemSchema,
  LineItemsSchema,
  OccurrenceErrorSchema,
  OccurrenceSchema,
  RecurSchema,
  RunTransferSchema,
  ScheduleLineItemOptionSchema,
  ScheduleLineItemSchema,
  ScheduleLineItemsSchema,
  ScheduleSchema,
  TransferEndpointSchema,
} from '../../schemas/index.js';
import type { ComponentName } from '../operations/component-name.js';
import { errorMirrorSchema } from './error-mirror.js';

/** The `{ error: string }` body of every error answer but the invoice update's 422 (spec 7). */
const ErrorSchema = v.object({ error: v.string() });

/** The 200 of create-a-wallet-payment-session: the provider's session object, serialized, as a JSON string (spec 2.8). */
const WalletSessionSchema = v.pipe(
  v.string(),
  v.description('The wallet provider\'s session object as JSON text, sent as a JSON string; pass the decoded string to the provider unchanged.'),
);

/**
 * The valibot schemas that become `components.schemas`, by component name, with the request
 * bodies under `limits` (the handler's `limits`). A schema used in another (an
 * AmountDecimal in a line item) becomes a `$ref` to its component.
 *
 * @example
 * componentDefinitions(REQUEST_LIMITS).Invoice === InvoiceSchema // true
 */
export const componentDefinitions = (limits: RequestLimits) => ({
  CurrencyCode: CurrencyCodeSchema,
  Amount: AmountSchema,
  AmountDecimal: AmountDecimalSchema,
  AmountDecimalUpdate: AmountDecimalUpdateSchema,
  Image: ImageSchema,
  InvoiceImage: InvoiceImageSchema,
  LineItemOption: LineItemOptionSchema,
  LineItem: LineItemSchema,
  LineItems: LineItemsSchema,
  ScheduleLineItemOption: ScheduleLineItemOptionSchema,
  ScheduleLineItem: ScheduleLineItemSchema,
  ScheduleLineItems: ScheduleLineItemsSchema,
  AchDetails: AchDetailsSchema,
  CardDetails: CardDetailsSchema,
  TransferEndpoint: TransferEndpointSchema,
  RunTransfer: RunTransferSchema,
  Recur: RecurSchema,
  OccurrenceError: OccurrenceErrorSchema,
  Occurrence: OccurrenceSchema,
  Schedule: ScheduleSchema,
  ExternalPayment: ExternalPaymentSchema,
  InvoicePayment: InvoicePaymentSchema,
  Invoice: InvoiceSchema,
  InvoiceUpdate: invoiceUpdateSchema(limits),
  EvidenceTextRequest: evidenceTextRequestSchema(limits),
  EvidenceText: EvidenceTextSchema,
  ApplePaySessionRequest: applePaySessionRequestSchema(limits),
  Adjustment: AdjustmentSchema,
  Error: ErrorSchema,
  WalletSession: WalletSessionSchema,
}) satisfies Record<Exclude<ComponentName, 'InvoiceUpdateErrors'>, v.GenericSchema>;

/** A component name of {@link componentDefinitions}, or the generated 422 body of the invoice update. */
export type { ComponentName };

const PREFIX = '#/components/schemas/';

/** Where a component lives in the document. */
export const componentRef = (name: ComponentName): string => `${PREFIX}${name}`;

/**
 * `components.schemas` of the OpenAPI document, converted from the valibot schemas with
 * `@valibot/to-json-schema` (JSON Schema 2020-12, the dialect of OpenAPI 3.1). Custom checks
 * are carried by the keywords in their `metadata` (see docs/validation.md); the invoice
 * update's 422 body is derived from the request schema by {@link errorMirrorSchema}.
 *
 * @example
 * componentSchemas()['Invoice']?.required // ['invoiceID', 'invoiceNumber', ...]
 */
export function componentSchemas(limits: RequestLimits = REQUEST_LIMITS): Readonly<Record<string, JsonSchema>> {
  const converted: Record<string, JsonSchema> = toJsonSchemaDefs(componentDefinitions(limits), {
    target: 'draft-2020-12',
    errorMode: 'ignore',
    overrideRef: ({ referenceId }) => `${PREFIX}${referenceId}`,
    overrideAction: leafKeywords(),
  });
  const invoiceUpdate = converted['InvoiceUpdate'] ?? {};
  const mirror = errorMirrorSchema(invoiceUpdate, converted, PREFIX);
  return { ...converted, ...mirror.components, InvoiceUpdateErrors: mirror.schema };
}
