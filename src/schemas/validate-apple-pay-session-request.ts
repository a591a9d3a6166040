import { ApplePaySessionRequestSchema, applePaySessionRequestSchema, type ApplePaySessionRequest } from './apple-pay-session.js';
import { validateWithErrorBody } from './validate-with-error-body.js';
import type { ErrorBody, ValidationResult } from './validation-result.js';
import { type ValidatorOptions, schemaPerLimits } from './validator-options.js';

const schemaFor = schemaPerLimits(applePaySessionRequestSchema, ApplePaySessionRequestSchema);

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
export function validateApplePaySessionRequest(
  body: unknown,
  options: ValidatorOptions = {},
): ValidationResult<ApplePaySessionRequest, ErrorBody> {
  return validateWithErrorBody(schemaFor(options.limits), body, 422, options.limits);
}
