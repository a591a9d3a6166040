/** The `{ error }` messages of idempotent requests, as data. */
export const IDEMPOTENCY_MESSAGES = Object.freeze({
  invalidKey: 'the Idempotency-Key header must be 1 to 255 printable ASCII characters',
  keyReused: 'this Idempotency-Key was already used with a different request (method, path or body); use a new key for a new request',
  inFlight: 'a request with this Idempotency-Key is still being processed; retry once it has completed',
} as const);
