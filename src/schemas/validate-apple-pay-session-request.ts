import * as v from 'valibot';
import { ApplePaySessionRequestSchema, type ApplePaySessionRequest } from './apple-pay-session.js';
import { summarizeIssues } from './issue-summary.js';
import { isJsonObject } from './json-object.js';
import { BODY_NOT_OBJECT_MESSAGE } from './messages.js';
import type { ErrorBody, ValidationResult } from './validation-result.js';

const CONFIG = { abortPipeEarly: true } as const;

/**
 * Validates a create-wallet-payment-session body (spec 4.4): 400 `{ error }` when the body
 * is not a JSON object, 422 `{ error }` naming each failed field otherwise.
 *
 * @example
 * validateApplePaySessionRequest({ domain: 'shop.example', displayName: 'Shop' })
 * // { ok: true, value: { domain: 'shop.example', displayName: 'Shop' } }
 * validateApplePaySessionRequest({ domain: 'https://shop.example', displayName: 'Shop' })
 * // { ok: false, status: 422, body: { error: 'domain: must be a host name without a URL scheme (remove "https://")' } }
 */
export function validateApplePaySessionRequest(body: unknown): ValidationResult<ApplePaySessionRequest, ErrorBody> {
  if (!isJsonObject(body)) return { ok: false, status: 400, body: { error: BODY_NOT_OBJECT_MESSAGE } };
  const result = v.safeParse(ApplePaySessionRequestSchema, body, CONFIG);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, status: 422, body: { error: summarizeIssues(result.issues) } };
}
