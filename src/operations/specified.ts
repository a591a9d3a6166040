import type { OperationRoute } from './route.js';

/**
 * GET /accounts/{accountID}/schedules/{scheduleID} (spec 4.1).
 *
 * @example
 * GET_SCHEDULE.path // '/accounts/{accountID}/schedules/{scheduleID}'
 */
export const GET_SCHEDULE = {
  id: 'getSchedule',
  method: 'GET',
  path: '/accounts/{accountID}/schedules/{scheduleID}',
  scope: '/accounts/{accountID}/transfers.read',
  statuses: [200, 401, 403, 404, 429, 500, 504],
  versionPolicy: 'reference-only',
  idempotent: false,
} as const satisfies OperationRoute;

/**
 * PATCH /accounts/{accountID}/invoices/{invoiceID} (spec 4.2).
 *
 * @example
 * UPDATE_INVOICE.statuses.includes(422) // true
 */
export const UPDATE_INVOICE = {
  id: 'updateInvoice',
  method: 'PATCH',
  path: '/accounts/{accountID}/invoices/{invoiceID}',
  scope: '/accounts/{accountID}/invoices.write',
  statuses: [200, 400, 401, 403, 404, 409, 422, 429, 500, 504],
  versionPolicy: 'any',
  idempotent: true,
} as const satisfies OperationRoute;

/**
 * POST /accounts/{accountID}/disputes/{disputeID}/evidence-text (spec 4.3; no 422).
 *
 * @example
 * UPLOAD_EVIDENCE_TEXT.statuses[0] // 201
 */
export const UPLOAD_EVIDENCE_TEXT = {
  id: 'uploadEvidenceText',
  method: 'POST',
  path: '/accounts/{accountID}/disputes/{disputeID}/evidence-text',
  scope: '/accounts/{accountID}/transfers.write',
  statuses: [201, 400, 401, 403, 404, 409, 429, 500, 504],
  versionPolicy: 'any',
  idempotent: true,
} as const satisfies OperationRoute;

/**
 * POST /accounts/{accountID}/apple-pay/sessions (spec 4.4).
 *
 * @example
 * CREATE_WALLET_SESSION.idempotent // true
 */
export const CREATE_WALLET_SESSION = {
  id: 'createWalletSession',
  method: 'POST',
  path: '/accounts/{accountID}/apple-pay/sessions',
  scope: '/accounts/{accountID}/apple-pay.write',
  statuses: [200, 400, 401, 403, 404, 409, 422, 429, 500, 504],
  versionPolicy: 'any',
  idempotent: true,
} as const satisfies OperationRoute;

/**
 * GET /accounts/{accountID}/adjustments/{adjustmentID} (spec 4.5).
 *
 * @example
 * GET_ADJUSTMENT.versionPolicy // 'reference-only'
 */
export const GET_ADJUSTMENT = {
  id: 'getAdjustment',
  method: 'GET',
  path: '/accounts/{accountID}/adjustments/{adjustmentID}',
  scope: '/accounts/{accountID}/wallets.read',
  statuses: [200, 401, 403, 404, 429, 500, 504],
  versionPolicy: 'reference-only',
  idempotent: false,
} as const satisfies OperationRoute;
