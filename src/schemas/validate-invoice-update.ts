import { REQUEST_LIMITS } from '../limits/index.js';
import { fastValidateInvoiceUpdate } from './fast-invoice-update.js';
import { quickInvoiceUpdate } from './quick-invoice-update.js';
import type { InvoiceUpdateValidation } from './validation-result.js';
import type { ValidatorOptions } from './validator-options.js';

export type { InvoiceUpdateValidation } from './validation-result.js';

/**
 * Validates an update-invoice body (spec 4.2). A body that is not a JSON object answers
 * 400 `{ error }`; failed fields answer 422 with the per-field object that mirrors the
 * request ({@link InvoiceUpdateErrorBody}): a field the spec does not define is one of them,
 * and at most `limits.fieldErrors` are reported, then the `"(truncated)"` note. The rules are
 * those of `InvoiceUpdateSchema`, run by straight-line code (no valibot, no code generation)
 * that a differential test holds to the schema: one pass checks a body and copies it, and a
 * body it cannot accept at once goes to the validator that finds and reports every error.
 *
 * @example
 * validateInvoiceUpdate({ dueDate: null })        // { ok: true, value: { dueDate: null } }
 * validateInvoiceUpdate({ status: 'void' })
 * // { ok: false, status: 422, body: { status: 'must be one of: draft, unpaid, ...' } }
 * validateInvoiceUpdate([])                       // { ok: false, status: 400, body: { error: '...' } }
 */
export function validateInvoiceUpdate(body: unknown, options?: ValidatorOptions): InvoiceUpdateValidation {
  const limits = options?.limits ?? REQUEST_LIMITS;
  const value = quickInvoiceUpdate(body, limits);
  return value === undefined ? fastValidateInvoiceUpdate(body, limits) : { ok: true, value };
}
