/**
 * `payments-kit/client`: the typed client of the Payments Platform API, from the same
 * operation declarations and validators as the handler. Runtime-neutral (WHATWG fetch).
 * `createClient` gives every operation; `createTransport` plus the operation functions
 * (`getSchedule`, ...) bundle only what is imported.
 *
 * @packageDocumentation
 */
export { createClient, type Client } from './create-client.js';
export {
  createTransport,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_RETRY_STATUSES,
  type ClientOptions,
  type Transport,
  type RequestEvent,
  type ResponseEvent,
  type RetryEvent,
  type AppInfo,
} from './transport.js';
export type { CallOptions, ReadOptions } from './call.js';
export type { RateLimit } from './rate-limit.js';
export type { ClientOtelTracer, ClientOtelSpan, ClientOtelContext, ClientOpenTelemetry, ClientSpanAttribute, ClientTracing } from './trace.js';
export { getSchedule, type GetScheduleResult } from './get-schedule.js';
export { updateInvoice, type UpdateInvoiceResult } from './update-invoice.js';
export { uploadEvidenceText, type UploadEvidenceTextResult } from './upload-evidence-text.js';
export { createWalletSession, type CreateWalletSessionResult } from './create-wallet-session.js';
export { getAdjustment, type GetAdjustmentResult } from './get-adjustment.js';
export { answerCheck, type AnswerCheck, type AnswerChecks, type StandardSchema } from './answer-check.js';
export { ANSWER_CHECKS, checkSchedule, checkInvoice, checkEvidenceText, checkAdjustment } from './answer-checks.js';
export type { ClientResult, ClientSuccess, ClientErrorAnswer, ClientFailure, ClientUnexpected, Outcome } from './result.js';
export type { Backoff } from './backoff.js';
export type { OperationRoute, PathParams, PathParamNames, VersionPolicy } from '../operations/index.js';
export type {
  Schedule,
  Invoice,
  InvoiceUpdate,
  InvoiceUpdateErrorBody,
  EvidenceText,
  EvidenceTextRequest,
  ApplePaySessionRequest,
  Adjustment,
  ErrorBody,
} from '../schemas/index.js';
