import * as v from 'valibot';
import { REQUEST_LIMITS, type RequestLimits } from '../../src/limits/index.js';
import { applePaySessionRequestSchema, ApplePaySessionRequestSchema, type ApplePaySessionRequest } from '../../src/schemas/apple-pay-session.js';
import { type InvoiceUpdateErrorBody, mirrorIssues } from '../../src/schemas/error-body.js';
import { evidenceTextRequestSchema, EvidenceTextRequestSchema, type EvidenceTextRequest } from '../../src/schemas/evidence-text.js';
import { InvoiceUpdateSchema, invoiceUpdateSchema } from '../../src/schemas/invoice-update.js';
import { isJsonObject } from '../../src/schemas/is-json-object.js';
import { summarizeIssues } from '../../src/schemas/issue-summary.js';
import { BODY_NOT_OBJECT_MESSAGE } from '../../src/schemas/messages.js';
import type { ErrorBody, InvoiceUpdateValidation, ValidationResult } from '../../src/schemas/validation-result.js';
import type { ValidatorOptions } from '../../src/schemas/validator-options.js';

// The per-operation validators run through the valibot schemas and the issue-to-body
// functions (mirrorIssues, summarizeIssues): the reference the generated validators are held
// to (differential.test.ts and the others of this folder). Test code: not in the package.

/**
 * A lookup of the schema built for a limits object: the default schema for
 * {@link REQUEST_LIMITS}, others built once per limits object and kept while it lives.
 *
 * @example
 * const schemaFor = schemaPerLimits(invoiceUpdateSchema, InvoiceUpdateSchema);
 * schemaFor(REQUEST_LIMITS) === InvoiceUpdateSchema // true
 */
function schemaPerLimits<TSchema>(build: (limits: RequestLimits) => TSchema, defaultSchema: TSchema) {
  const built = new WeakMap<RequestLimits, TSchema>();
  return (limits: RequestLimits = REQUEST_LIMITS): TSchema => {
    if (limits === REQUEST_LIMITS) return defaultSchema;
    let schema = built.get(limits);
    if (schema === undefined) {
      schema = build(limits);
      built.set(limits, schema);
    }
    return schema;
  };
}

/** How every per-operation validator runs its schema: one issue per failed field. */
const VALIDATOR_PARSE_CONFIG = { abortPipeEarly: true } as const;

/**
 * Validates a request body whose failures all answer `{ error }` (spec 7): 400 when the
 * body is not a JSON object, `failedStatus` with the failed fields named otherwise (at most
 * `limits.fieldErrors` of them, then the truncation note).
 *
 * @example
 * validateWithErrorBody(EvidenceTextRequestSchema, { evidenceType: 'receipt' }, 400)
 * // { ok: false, status: 400, body: { error: 'text: is required' } }
 */
function validateWithErrorBody<TSchema extends v.GenericSchema>(
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
