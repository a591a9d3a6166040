import type { JsonBody } from '../../../http/core/json-body.js';
import { readBodyBytes } from '../../body-bytes.js';
import { validateApplePaySessionRequest, validateEvidenceTextRequest, validateInvoiceUpdate } from '../../../schemas/index.js';
import type { ErrorShape } from './field-errors.js';

/** What a validator answers: accepted, or the status and the exact error body. */
export type Verdict = { readonly ok: true } | { readonly ok: false; readonly status: number; readonly body: unknown };

/** One operation with a request body: its validator and how its error body names fields. */
export type PlaygroundOperation = {
  readonly validate: (body: unknown) => { readonly ok: boolean; readonly status?: number; readonly body?: unknown };
  /** The shape of its 422 (400 is always an `{ error }` text). */
  readonly shape422: ErrorShape;
  /** The documented top-level fields, for finding them in an `{ error }` text. */
  readonly fields: readonly string[];
};

/** The three writes with a request body (spec 4.2, 4.3, 4.4), by operation id, as data. */
export const PLAYGROUND_OPERATIONS: Readonly<Record<string, PlaygroundOperation>> = Object.freeze({
  updateInvoice: {
    validate: validateInvoiceUpdate,
    shape422: { perField: true },
    fields: ['description', 'dueDate', 'invoiceDate', 'lineItems', 'status', 'taxAmount'],
  },
  uploadEvidenceText: {
    validate: validateEvidenceTextRequest,
    shape422: { perField: false, fields: ['evidenceType', 'text'] },
    fields: ['evidenceType', 'text'],
  },
  createWalletSession: {
    validate: validateApplePaySessionRequest,
    shape422: { perField: false, fields: ['domain', 'displayName'] },
    fields: ['domain', 'displayName'],
  },
});

/** The reason phrases of the statuses the validators answer. */
export const STATUS_TEXT: Readonly<Record<number, string>> = Object.freeze({ 400: 'Bad Request', 422: 'Unprocessable Content' });

/**
 * Reads `text` as the handler reads a request body (UTF-8, size, depth and value-count
 * limits, JSON): the same 400 message for a body the handler refuses before validation.
 *
 * @example
 * await parseRequestBody('{"a":1}') // { ok: true, value: { a: 1 } }
 * await parseRequestBody('{')       // { ok: false, error: 'the request body is not valid JSON' }
 */
export function parseRequestBody(text: string): Promise<JsonBody> {
  return readBodyBytes(new TextEncoder().encode(text));
}

/**
 * The verdict on a parsed body: what `operation`'s validator answers.
 *
 * @example
 * verdictOf(PLAYGROUND_OPERATIONS.uploadEvidenceText, {}) // { ok: false, status: 400, body: { error: 'evidenceType: is required; text: is required' } }
 */
export function verdictOf(operation: PlaygroundOperation, body: unknown): Verdict {
  const result = operation.validate(body);
  return result.ok ? { ok: true } : { ok: false, status: result.status ?? 400, body: result.body };
}
