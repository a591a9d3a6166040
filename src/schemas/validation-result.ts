/** The `{ error }` body of a 400, 409 or wallet-session 422 answer (spec 7). */
export type ErrorBody = { error: string };

/**
 * The outcome of a per-operation validator: the parsed body, or the status and the exact
 * documented error body to answer with.
 */
export type ValidationResult<T, TBody> =
  | { ok: true; value: T }
  | { ok: false; status: 400 | 422; body: TBody };
