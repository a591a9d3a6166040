import * as v from 'valibot';
import type { InvoiceUpdateErrorBody } from './error-body.js';
import { mirrorIssues } from './error-body.js';
import { InvoiceUpdateSchema, invoiceUpdateSchema, type InvoiceUpdate } from './invoice-update.js';
import { isJsonObject } from './json-object.js';
import { BODY_NOT_OBJECT_MESSAGE } from './messages.js';
import { VALIDATOR_PARSE_CONFIG } from './validate-with-error-body.js';
import type { ErrorBody } from './validation-result.js';
import { type ValidatorOptions, schemaPerLimits } from './validator-options.js';
import { REQUEST_LIMITS } from '../limits/index.js';

const schemaFor = schemaPerLimits(invoiceUpdateSchema, InvoiceUpdateSchema);

/**
 * The outcome of {@link validateInvoiceUpdate}: narrowing on `status` gives the body type
 * (400 `{ error }`, 422 the per-field object).
 */
export type InvoiceUpdateValidation =
  | { ok: true; value: InvoiceUpdate }
  | { ok: false; status: 400; body: ErrorBody }
  | { ok: false; status: 422; body: InvoiceUpdateErrorBody };

/**
 * Validates an update-invoice body (spec 4.2). A body that is not a JSON object answers
 * 400 `{ error }`; failed fields answer 422 with the per-field object that mirrors the
 * request ({@link InvoiceUpdateErrorBody}): a field the spec does not define is one of them,
 * and at most `limits.fieldErrors` are reported, then the `"(truncated)"` note.
 *
 * @example
 * validateInvoiceUpdate({ dueDate: null })        // { ok: true, value: { dueDate: null } }
 * validateInvoiceUpdate({ status: 'void' })
 * // { ok: false, status: 422, body: { status: 'must be one of: draft, unpaid, ...' } }
 * validateInvoiceUpdate([])                       // { ok: false, status: 400, body: { error: '...' } }
 */
export function validateInvoiceUpdate(body: unknown, options: ValidatorOptions = {}): InvoiceUpdateValidation {
  if (!isJsonObject(body)) return { ok: false, status: 400, body: { error: BODY_NOT_OBJECT_MESSAGE } };
  const limits = options.limits ?? REQUEST_LIMITS;
  const result = v.safeParse(schemaFor(limits), body, VALIDATOR_PARSE_CONFIG);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, status: 422, body: mirrorIssues(result.issues, limits.fieldErrors) as InvoiceUpdateErrorBody };
}
