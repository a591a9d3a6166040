import * as v from 'valibot';
import { EvidenceTextRequestSchema, type EvidenceTextRequest } from './evidence-text.js';
import { summarizeIssues } from './issue-summary.js';
import { isJsonObject } from './json-object.js';
import { BODY_NOT_OBJECT_MESSAGE } from './messages.js';
import type { ErrorBody, ValidationResult } from './validation-result.js';

const CONFIG = { abortPipeEarly: true } as const;

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
export function validateEvidenceTextRequest(body: unknown): ValidationResult<EvidenceTextRequest, ErrorBody> {
  if (!isJsonObject(body)) return { ok: false, status: 400, body: { error: BODY_NOT_OBJECT_MESSAGE } };
  const result = v.safeParse(EvidenceTextRequestSchema, body, CONFIG);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, status: 400, body: { error: summarizeIssues(result.issues) } };
}
