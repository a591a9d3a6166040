import { FIELD_LIMITS, REQUEST_LIMITS } from '../limits/index.js';
import { EVIDENCE_TYPES } from './enums.js';
import type { EvidenceTextRequest } from './evidence-text.js';
import { ErrorText, hasUnknownField } from './fast-error-text.js';
import { textProblem } from './field-checks.js';
import { isJsonObject } from './is-json-object.js';
import { quickText } from './quick-leaves.js';
import { BODY_NOT_OBJECT_MESSAGE, REQUIRED_MESSAGE, oneOfMessage } from './messages.js';
import type { ErrorBody, ValidationResult } from './validation-result.js';
import type { ValidatorOptions } from './validator-options.js';

const FIELDS = ['evidenceType', 'text'];
const TYPES: ReadonlySet<unknown> = new Set(EVIDENCE_TYPES);
const TYPES_MESSAGE = oneOfMessage(EVIDENCE_TYPES);
const TEXT_MAX = FIELD_LIMITS.evidenceText.max;

/** True when every own enumerable key of `body` is `evidenceType` or `text`. */
function onlyEvidenceKeys(body: Record<string, unknown>): boolean {
  for (const key in body) if (key !== 'evidenceType' && key !== 'text' && Object.hasOwn(body, key)) return false;
  return true;
}

/**
 * Validates an upload-evidence-text body (spec 4.3). The operation has no 422, so every
 * failure answers 400 `{ error }`, naming each failed field (a field the spec does not
 * define is one), at most `limits.fieldErrors` of them. The rules are those of
 * `EvidenceTextRequestSchema`, run straight-line (a differential test holds them equal).
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
  if (!isJsonObject(body)) return { ok: false, status: 400, body: { error: BODY_NOT_OBJECT_MESSAGE } };
  const evidenceType = body['evidenceType'];
  const text = body['text'];
  // The valid path (issue 34): a text within its limit in UTF-16 units is within it in code points.
  if (TYPES.has(evidenceType) && quickText(text, 0, TEXT_MAX) && onlyEvidenceKeys(body)) {
    return { ok: true, value: { evidenceType, text } as EvidenceTextRequest };
  }
  const typeMessage = !('evidenceType' in body) ? REQUIRED_MESSAGE : TYPES.has(evidenceType) ? undefined : TYPES_MESSAGE;
  const textMessage = 'text' in body ? textProblem(text, FIELD_LIMITS.evidenceText) : REQUIRED_MESSAGE;
  if (typeMessage === undefined && textMessage === undefined && !hasUnknownField(body, FIELDS)) {
    return { ok: true, value: { evidenceType, text } as EvidenceTextRequest };
  }
  const errors = new ErrorText((options?.limits ?? REQUEST_LIMITS).fieldErrors);
  if (typeMessage !== undefined) errors.add('evidenceType', typeMessage);
  if (textMessage !== undefined) errors.add('text', textMessage);
  errors.addUnknownFields(body, FIELDS);
  return { ok: false, status: 400, body: errors.body() };
}
