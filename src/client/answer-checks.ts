import { AdjustmentSchema, EvidenceTextSchema, InvoiceSchema, ScheduleSchema } from '../schemas/index.js';
import { answerCheck, type AnswerCheck } from './answer-check.js';

/**
 * Checks a get-schedule answer against `ScheduleSchema` (spec 2.5).
 *
 * @example
 * createTransport({ baseUrl, token, answerChecks: { getSchedule: checkSchedule } })
 */
export const checkSchedule: AnswerCheck = /* @__PURE__ */ answerCheck(ScheduleSchema);

/**
 * Checks an update-invoice answer against `InvoiceSchema` (spec 2.6).
 *
 * @example
 * createTransport({ baseUrl, token, answerChecks: { updateInvoice: checkInvoice } })
 */
export const checkInvoice: AnswerCheck = /* @__PURE__ */ answerCheck(InvoiceSchema);

/**
 * Checks an evidence-upload answer against `EvidenceTextSchema` (spec 2.7).
 *
 * @example
 * createTransport({ baseUrl, token, answerChecks: { uploadEvidenceText: checkEvidenceText } })
 */
export const checkEvidenceText: AnswerCheck = /* @__PURE__ */ answerCheck(EvidenceTextSchema);

/**
 * Checks a get-adjustment answer against `AdjustmentSchema` (spec 2.9).
 *
 * @example
 * createTransport({ baseUrl, token, answerChecks: { getAdjustment: checkAdjustment } })
 */
export const checkAdjustment: AnswerCheck = /* @__PURE__ */ answerCheck(AdjustmentSchema);

/**
 * Every operation's answer check (the wallet session's body is checked to be a string by
 * every call). `createClient` uses these.
 *
 * @example
 * createTransport({ baseUrl, token, answerChecks: ANSWER_CHECKS })
 */
export const ANSWER_CHECKS = /* @__PURE__ */ Object.freeze({
  getSchedule: checkSchedule,
  updateInvoice: checkInvoice,
  uploadEvidenceText: checkEvidenceText,
  getAdjustment: checkAdjustment,
});
