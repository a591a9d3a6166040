/**
 * `payments-kit/schemas`: valibot schemas (each a Standard Schema) for every resource and
 * request body of the spec, and per-operation validators that return the documented
 * error body.
 *
 * @packageDocumentation
 */
export { AmountSchema, type AmountBody } from './amount.js';
export { AmountDecimalSchema, AmountDecimalUpdateSchema, type AmountDecimalBody } from './amount-decimal.js';
export type { AmountDecimalUpdate } from './shapes/amount.js';
export { ImageSchema, InvoiceImageSchema, type Image, type InvoiceImage } from './image.js';
export {
  LineItemsSchema,
  LineItemSchema,
  LineItemOptionSchema,
  type LineItems,
  type LineItem,
  type LineItemOption,
} from './line-items.js';
export {
  ScheduleLineItemsSchema,
  ScheduleLineItemSchema,
  ScheduleLineItemOptionSchema,
  type ScheduleLineItems,
  type ScheduleLineItem,
  type ScheduleLineItemOption,
} from './schedule-line-items.js';
export { ScheduleSchema, type Schedule } from './schedule.js';
export { OccurrenceSchema, OccurrenceErrorSchema, type Occurrence } from './occurrence.js';
export type { OccurrenceError } from './shapes/schedule.js';
export { RecurSchema, type Recur } from './recur.js';
export { RecurrenceRuleSchema } from './recurrence-rule.js';
export { RunTransferSchema, type RunTransfer } from './run-transfer.js';
export { TransferEndpointSchema, AchDetailsSchema, CardDetailsSchema, type TransferEndpoint } from './transfer-endpoint.js';
export type { AchDetails, CardDetails } from './shapes/run-transfer.js';
export { InvoiceSchema, type Invoice } from './invoice.js';
export { InvoicePaymentSchema, ExternalPaymentSchema, type InvoicePayment } from './invoice-payment.js';
export type { ExternalPayment } from './shapes/invoice.js';
export { InvoiceUpdateSchema, type InvoiceUpdate } from './invoice-update.js';
export {
  EvidenceTextRequestSchema,
  EvidenceTextSchema,
  type EvidenceTextRequest,
  type EvidenceText,
} from './evidence-text.js';
export { ApplePaySessionRequestSchema, DomainSchema, type ApplePaySessionRequest } from './apple-pay-session.js';
export { AdjustmentSchema, type Adjustment } from './adjustment.js';
export { DateTimeSchema } from './date-time.js';
export { ResourceIdSchema, RESOURCE_ID_PATTERN } from './resource-id.js';
export { CurrencyCodeSchema } from './currency.js';
export { DecimalStringSchema, DECIMAL_STRING_PATTERN } from './decimal-string.js';
export { Int32Schema, Int64Schema, INT32_MIN, INT32_MAX } from './numbers.js';
export { TextSchema, textSchema, NO_LONE_SURROGATE_PATTERN } from './text.js';
export { jsonObject, jsonArray } from './json-object.js';
export { isJsonObject } from './is-json-object.js';
export { oneOf } from './picklist.js';
export {
  INVOICE_STATUSES,
  MODES,
  OCCURRENCE_STATUSES,
  EVIDENCE_TYPES,
  type InvoiceStatus,
  type Mode,
  type OccurrenceStatus,
  type EvidenceType,
} from './enums.js';
export { checkDomain, DOMAIN_MESSAGES, DOMAIN_MAX_LENGTH, DOMAIN_PATTERN } from './domain.js';
export { SCHEMA_MESSAGES, oneOfMessage } from './messages.js';
export {
  elementKeys,
  ErrorBodyBuilder,
  type ErrorNode,
  type InvoiceUpdateErrorBody,
  type LineItemsErrors,
  type LineItemErrors,
  type LineItemOptionErrors,
  type ImageErrors,
  type ImagesErrors,
  type AmountDecimalErrors,
} from './error-body.js';
export type { ErrorBody, ValidationResult } from './validation-result.js';
export type { ValidatorOptions } from './validator-options.js';
/** The limit type `elementKeys` takes (owned by payments-kit/limits). */
export type { FieldLimit } from '../limits/index.js';
export { validateInvoiceUpdate, type InvoiceUpdateValidation } from './validate-invoice-update.js';
export { validateEvidenceTextRequest } from './validate-evidence-text-request.js';
export { validateApplePaySessionRequest } from './validate-apple-pay-session-request.js';
export {
  schemaToJsonSchema,
  invoiceUpdateJsonSchema,
  evidenceTextRequestJsonSchema,
  applePaySessionRequestJsonSchema,
} from './json-schema.js';
export {
  errorAnswerFromIssues,
  type BodyOperationId,
  type IssuesAnswer,
  type StandardIssue,
} from './error-from-issues.js';
