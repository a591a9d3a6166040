import type { InvoiceUpdateErrorBody } from './error-body.js';
import type { InvoiceUpdate } from './invoice-update.js';

/** The `{ error }` body of a 400, 409 or wallet-session 422 answer (spec 7). */
export type ErrorBody = { error: string };

/**
 * The outcome of a per-operation validator: the parsed body, or the status and the exact
 * documented error body to answer with.
 */
export type ValidationResult<T, TBody> =
  | { ok: true; value: T }
  | { ok: false; status: 400 | 422; body: TBody };

/**
 * The outcome of `validateInvoiceUpdate`: narrowing on `status` gives the body type
 * (400 `{ error }`, 422 the per-field object).
 */
export type InvoiceUpdateValidation =
  | { ok: true; value: InvoiceUpdate }
  | { ok: false; status: 400; body: ErrorBody }
  | { ok: false; status: 422; body: InvoiceUpdateErrorBody };
