import * as v from 'valibot';
import { REQUEST_LIMITS } from '../limits/index.js';
import { applePaySessionRequestSchema, ApplePaySessionRequestSchema, type ApplePaySessionRequest } from './apple-pay-session.js';
import { type InvoiceUpdateErrorBody, mirrorIssues } from './error-body.js';
import { evidenceTextRequestSchema, EvidenceTextRequestSchema, type EvidenceTextRequest } from './evidence-text.js';
import { InvoiceUpdateSchema, invoiceUpdateSchema } from './invoice-update.js';
import { isJsonObject } from './json-object.js';
import { BODY_NOT_OBJECT_MESSAGE } from './messages.js';
import { VALIDATOR_PARSE_CONFIG, validateWithErrorBody } from './validate-with-error-body.js';
import type { ErrorBody, InvoiceUpdateValidation, ValidationResult } from './validation-result.js';
import { type ValidatorOptions, schemaPerLimits } from './validator-options.js';

// The per-operation validators run through the valibot schemas: the reference the fast
// validators are held to (test/schemas/differential.test.ts), and the path for a host that
// wants the Standard Schema issues' exact rules with the documented error body.

const invoiceSchemaFor = schemaPerLimits(invoiceUpdateSchema, InvoiceUpdateSchema);
const evidenceSchemaFor = schemaPerLimits(evidenceTextRequestSchema, EvidenceTextRequestSchema);
const sessionSchemaFor = schemaPerLimits(applePaySessionRequestSchema, ApplePaySessionRequestSchema);

/**
 * `validateInvoiceUpdate` through `InvoiceUpdateSchema` and `mirrorIssues`.
 *
 * @example
 * validateInvoiceUpdateWithSchema({ status: 'void' }).ok // false
 */
export function validateInvoiceUpdateWithSchema(body: unknown, options: ValidatorOptions = {}): InvoiceUpdateValidation {
  if (!isJsonObject(body)) return { ok: false, status: 400, body: { error: BODY_NOT_OBJECT_MESSAGE } };
  const limits = options.limits ?? REQUEST_LIMITS;
  const result = v.safeParse(invoiceSchemaFor(limits), body, VALIDATOR_PARSE_CONFIG);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, status: 422, body: mirrorIssues(result.issues, limits.fieldErrors) as InvoiceUpdateErrorBody };
}

/**
 * `validateEvidenceTextRequest` through `EvidenceTextRequestSchema`.
 *
 * @example
 * validateEvidenceTextRequestWithSchema({}).ok // false
 */
export function validateEvidenceTextRequestWithSchema(
  body: unknown,
  options: ValidatorOptions = {},
): ValidationResult<EvidenceTextRequest, ErrorBody> {
  return validateWithErrorBody(evidenceSchemaFor(options.limits), body, 400, options.limits);
}

/**
 * `validateApplePaySessionRequest` through `ApplePaySessionRequestSchema`.
 *
 * @example
 * validateApplePaySessionRequestWithSchema({}).ok // false
 */
export function validateApplePaySessionRequestWithSchema(
  body: unknown,
  options: ValidatorOptions = {},
): ValidationResult<ApplePaySessionRequest, ErrorBody> {
  return validateWithErrorBody(sessionSchemaFor(options.limits), body, 422, options.limits);
}
