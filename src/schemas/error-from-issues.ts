import type * as v from 'valibot';
import { REQUEST_LIMITS } from '../limits/index.js';
import { type InvoiceUpdateErrorBody, mirrorIssues } from './error-body.js';
import { UNKNOWN_FIELD_ISSUE_TYPE } from './error-limit.js';
import { isJsonObject } from './is-json-object.js';
import { BODY_NOT_OBJECT_MESSAGE } from './messages.js';
import { summarizeIssues } from './issue-summary.js';
import type { ErrorBody } from './validation-result.js';
import type { ValidatorOptions } from './validator-options.js';

/**
 * One issue as every Standard Schema library reports it (`StandardSchemaV1.Issue`): a message
 * and the path to the value, each step a key or `{ key }`.
 */
export type StandardIssue = {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
};

/** The three request bodies the spec defines, by operation id (spec 4.2, 4.3, 4.4). */
export type BodyOperationId = 'updateInvoice' | 'uploadEvidenceText' | 'createWalletSession';

/** The answer to send: a status and the spec's exact error body for it. */
export type IssuesAnswer =
  | { ok: false; status: 400; body: ErrorBody }
  | { ok: false; status: 422; body: InvoiceUpdateErrorBody | ErrorBody };

/**
 * Status of a failed field, by operation with an `{ error }` body: spec 4.3 has no 422, so
 * evidence answers 400. (The update's 422 carries the per-field body instead.)
 */
const TEXT_ERROR_STATUS: Readonly<Record<Exclude<BodyOperationId, 'updateInvoice'>, 400 | 422>> = {
  uploadEvidenceText: 400,
  createWalletSession: 422,
};

type PathItem = { type: 'array' | 'object'; key: unknown; input: unknown };

/** An array index written as a string key (some libraries report `"0"` for the first element). */
const INDEX_KEY = /^(?:0|[1-9]\d*)$/;

/** The key of one path step, whether written as a key or as `{ key }`. */
const keyOf = (step: PropertyKey | { readonly key: PropertyKey }): PropertyKey =>
  typeof step === 'object' && step !== null ? step.key : step;

/**
 * The issue in the shape the error-body builders read, its path walked over `body` so that
 * each step knows the value it indexes (an `items` or `options` element is then keyed by its
 * name, as in our own answers). Every string key is treated as a possible unknown field, so a
 * key the client invented is bounded like one (a known field name comes out unchanged).
 */
function asPathIssue(issue: StandardIssue, body: unknown): v.BaseIssue<unknown> {
  let value: unknown = body;
  const path: PathItem[] = [];
  for (const step of issue.path ?? []) {
    const raw = keyOf(step);
    const index = typeof raw === 'number' ? raw : typeof raw === 'string' && INDEX_KEY.test(raw) ? Number(raw) : undefined;
    if (Array.isArray(value) && index !== undefined) {
      path.push({ type: 'array', key: index, input: value });
      value = value[index];
    } else {
      const key = String(raw);
      path.push({ type: 'object', key, input: value });
      value = isJsonObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
    }
  }
  return { message: issue.message, path, type: UNKNOWN_FIELD_ISSUE_TYPE } as unknown as v.BaseIssue<unknown>;
}

/**
 * The spec's error answer for a request body that a Standard Schema validator refused, e.g.
 * in the failure hook of Hono's `sValidator`, a tRPC input, or any framework that runs
 * `InvoiceUpdateSchema['~standard'].validate`: 422 with the per-field body for an invoice
 * update (items and options keyed by name; issues about the body as a whole, with no path,
 * give 400 `{ error }`), 400 `{ error }` for evidence (spec 4.3 has no 422), 422 `{ error }`
 * for a wallet session; a body that is not a JSON object is the 400 all three validators give. At most `limits.fieldErrors` errors, then the truncation note. Pass
 * the body that was validated: it is read, never changed, to key line items by name. For our
 * own schemas the answer equals the validator's (a test holds them equal).
 *
 * @example
 * const body = { taxAmount: { currency: 'usd' } };
 * const result = await InvoiceUpdateSchema['~standard'].validate(body);
 * if (result.issues) errorAnswerFromIssues('updateInvoice', result.issues, body);
 * // { ok: false, status: 422, body: { taxAmount: { currency: 'must be a 3-letter ISO 4217 currency code' } } }
 */
export function errorAnswerFromIssues(
  operation: BodyOperationId,
  issues: readonly StandardIssue[],
  body: unknown,
  options?: ValidatorOptions,
): IssuesAnswer {
  if (!isJsonObject(body)) return { ok: false, status: 400, body: { error: BODY_NOT_OBJECT_MESSAGE } };
  const maxErrors = (options?.limits ?? REQUEST_LIMITS).fieldErrors;
  const pathIssues = issues.map((issue) => asPathIssue(issue, body));
  if (operation === 'updateInvoice') {
    const fields = mirrorIssues(pathIssues, maxErrors);
    // Issues about the body as a whole (no path) have no field to mirror: the 400 `{ error }`.
    if (Object.keys(fields).length > 0) return { ok: false, status: 422, body: fields as InvoiceUpdateErrorBody };
    return { ok: false, status: 400, body: { error: summarizeIssues(pathIssues, maxErrors) } };
  }
  const error = summarizeIssues(pathIssues, maxErrors);
  return TEXT_ERROR_STATUS[operation] === 400 ? { ok: false, status: 400, body: { error } } : { ok: false, status: 422, body: { error } };
}
