import { REQUEST_LIMITS } from '../limits/index.js';
import type { EvidenceTextRequest } from './evidence-text.js';
import { validateEvidenceTextRequestBody } from './generated/evidence-text-request.js';
import type { ErrorBody, ValidationResult } from './validation-result.js';
import type { ValidatorOptions } from './validator-options.js';

/**
 * Validates an upload-evidence-text body (spec 4.3). The operation has no 422, so every
 * failure answers 400 `{ error }`, naming each failed field (a field the spec does not
 * define is one), at most `limits.fieldErrors` of them. The rules are those of
 * `EvidenceTextRequestSchema`, run by code generated from it at build time (a differential
 * test holds them equal).
 *
 * @example
 * validateEvidenceTextRequest({ evidenceType: 'receipt', text: 'Paid in store.' })
 * // { ok: true, value: { evidenceType: 'receipt', text: 'Paid in store.' } }
 * validateEvidenceTextRequest({ evidenceType: 'receipt' })
 * // { ok: false, status: 400, body: { error: 'text: is required' } }
 */
export function validateEvidenceTextRequest(
  body: unknown,
  options?: ValidatorOptions,
): ValidationResult<EvidenceTextRequest, ErrorBody> {
  return validateEvidenceTextRequestBody(body, options?.limits ?? REQUEST_LIMITS);
}
