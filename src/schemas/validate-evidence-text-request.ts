import { EvidenceTextRequestSchema, evidenceTextRequestSchema, type EvidenceTextRequest } from './evidence-text.js';
import { validateWithErrorBody } from './validate-with-error-body.js';
import type { ErrorBody, ValidationResult } from './validation-result.js';
import { type ValidatorOptions, schemaPerLimits } from './validator-options.js';

const schemaFor = schemaPerLimits(evidenceTextRequestSchema, EvidenceTextRequestSchema);

/**
 * Validates an upload-evidence-text body (spec 4.3). The operation has no 422, so every
 * failure answers 400 `{ error }`, naming each failed field.
 *
 * @example
 * validateEvidenceTextRequest({ evidenceType: 'receipt', text: 'Paid in store.' })
 * // { ok: true, value: { evidenceType: 'receipt', text: 'Paid in store.' } }
 * validateEvidenceTextRequest({ evidenceType: 'receipt' })
 * // { ok: false, status: 400, body: { error: 'text: is required' } }
 */
export function validateEvidenceTextRequest(
  body: unknown,
  options: ValidatorOptions = {},
): ValidationResult<EvidenceTextRequest, ErrorBody> {
  return validateWithErrorBody(schemaFor(options.limits), body, 400, options.limits);
}
