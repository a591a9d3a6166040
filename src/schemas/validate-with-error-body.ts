import * as v from 'valibot';
import { REQUEST_LIMITS, type RequestLimits } from '../limits/index.js';
import { summarizeIssues } from './issue-summary.js';
import { isJsonObject } from './is-json-object.js';
import { BODY_NOT_OBJECT_MESSAGE } from './messages.js';
import type { ErrorBody, ValidationResult } from './validation-result.js';

/** How every per-operation validator runs its schema: one issue per failed field. */
export const VALIDATOR_PARSE_CONFIG = { abortPipeEarly: true } as const;

/**
 * Validates a request body whose failures all answer `{ error }` (spec 7): 400 when the
 * body is not a JSON object, `failedStatus` with the failed fields named otherwise (at most
 * `limits.fieldErrors` of them, then the truncation note).
 *
 * @example
 * validateWithErrorBody(EvidenceTextRequestSchema, { evidenceType: 'receipt' }, 400)
 * // { ok: false, status: 400, body: { error: 'text: is required' } }
 */
export function validateWithErrorBody<TSchema extends v.GenericSchema>(
  schema: TSchema,
  body: unknown,
  failedStatus: 400 | 422,
  limits: RequestLimits = REQUEST_LIMITS,
): ValidationResult<v.InferOutput<TSchema>, ErrorBody> {
  if (!isJsonObject(body)) return { ok: false, status: 400, body: { error: BODY_NOT_OBJECT_MESSAGE } };
  const result = v.safeParse(schema, body, VALIDATOR_PARSE_CONFIG);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, status: failedStatus, body: { error: summarizeIssues(result.issues, limits.fieldErrors) } };
}
