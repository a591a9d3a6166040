import { REQUEST_LIMITS } from '../limits/index.js';
import { validateInvoiceUpdateBody } from './generated/invoice-update.js';
import type { InvoiceUpdateValidation } from './validation-result.js';
import type { ValidatorOptions } from './validator-options.js';

export type { InvoiceUpdateValidation } from './validation-result.js';

/**
 * Validates an update-invoice body (spec 4.2). A body that is not a JSON object answers
 * 400 `{ error }`; failed fields answer 422 with the per-field object that mirrors the
 * request ({@link InvoiceUpdateErrorBody}): a field the spec does not define is one of them,
 * and at most `limits.fieldErrors` are reported, then the `"(truncated)"` note. The rules are
 * those of `InvoiceUpdateSchema`: the code that runs them is generated from that schema at
 * build time (src/schemas/generated/, no code generation at run time), and a differential
 * test holds it to the schema.
 *
 * @example
 * validateInvoiceUpdate({ dueDate: null })        // { ok: true, value: { dueDate: null } }
 * validateInvoiceUpdate({ status: 'void' })
 * // { ok: false, status: 422, body: { status: 'must be one of: draft, unpaid, ...' } }
 * validateInvoiceUpdate([])                       // { ok: false, status: 400, body: { error: '...' } }
 */
export function validateInvoiceUpdate(body: unknown, options?: ValidatorOptions): InvoiceUpdateValidation {
  return validateInvoiceUpdateBody(body, options?.limits ?? REQUEST_LIMITS);
}
