import { REQUEST_LIMITS } from '../limits/index.js';
import type { ApplePaySessionRequest } from './apple-pay-session.js';
import { validateApplePaySessionRequestBody } from './generated/apple-pay-session-request.js';
import type { ErrorBody, ValidationResult } from './validation-result.js';
import type { ValidatorOptions } from './validator-options.js';

/**
 * Validates a create-wallet-payment-session body (spec 4.4): 400 `{ error }` when the body
 * is not a JSON object, 422 `{ error }` naming each failed field otherwise (a field the spec
 * does not define is one), at most `limits.fieldErrors` of them. The rules are those of
 * `ApplePaySessionRequestSchema`, run by code generated from it at build time (a differential
 * test holds them equal).
 *
 * @example
 * validateApplePaySessionRequest({ domain: 'shop.example', displayName: 'Shop' })
 * // { ok: true, value: { domain: 'shop.example', displayName: 'Shop' } }
 * validateApplePaySessionRequest({ domain: 'https://shop.example', displayName: 'Shop' })
 * // { ok: false, status: 422, body: { error: 'domain: must be a host name without a URL scheme (remove "https://")' } }
 */
export function validateApplePaySessionRequest(
  body: unknown,
  options?: ValidatorOptions,
): ValidationResult<ApplePaySessionRequest, ErrorBody> {
  return validateApplePaySessionRequestBody(body, options?.limits ?? REQUEST_LIMITS);
}
