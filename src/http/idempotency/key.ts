/** The request header that carries an idempotency key. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The response header a replayed answer carries, with the value `true`. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** The longest key accepted, in characters. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

// Printable ASCII: space (0x20) to tilde (0x7E).
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

/**
 * True for an acceptable `Idempotency-Key`: 1 to 255 printable ASCII characters.
 *
 * @example
 * isValidIdempotencyKey('order-42/attempt')   // true
 * isValidIdempotencyKey('')                   // false
 * isValidIdempotencyKey('caf\u00e9')          // false
 */
export function isValidIdempotencyKey(key: string): boolean {
  return VALID_KEY.test(key);
}
