import { decodeBase64 } from './base64.js';
import { WEBHOOK_MESSAGES } from './messages.js';

/** The prefix of a Standard Webhooks secret. */
export const SECRET_PREFIX = 'whsec_';
/** The key sizes the Standard Webhooks specification asks for: 24 to 64 bytes. */
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;
/** Secrets at once: during a key rotation, the old and the new (a few more are allowed). */
const MAX_SECRETS = 8;
/** A secret longer than this cannot be valid (64 bytes are 88 base64 characters); not decoded. */
const MAX_SECRET_LENGTH = SECRET_PREFIX.length + 88;

/**
 * The HMAC key bytes of one `whsec_<base64>` secret; throws `TypeError` for anything else
 * (no prefix, bad base64, fewer than 24 or more than 64 bytes).
 *
 * @example
 * parseSecret('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw') // Uint8Array(24)
 */
export function parseSecret(secret: unknown): Uint8Array<ArrayBuffer> {
  if (typeof secret !== 'string' || !secret.startsWith(SECRET_PREFIX) || secret.length > MAX_SECRET_LENGTH) throw new TypeError(WEBHOOK_MESSAGES.secret);
  const key = decodeBase64(secret.slice(SECRET_PREFIX.length));
  if (key === undefined || key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES) throw new TypeError(WEBHOOK_MESSAGES.secret);
  return key;
}

/**
 * The key bytes of one secret or of a list of them (signing with, or accepting, each during a
 * key rotation); throws `TypeError` for an empty or too long list or any bad secret.
 *
 * @example
 * parseSecrets(['whsec_old...', 'whsec_new...']).length // 2
 */
export function parseSecrets(secret: unknown): readonly Uint8Array<ArrayBuffer>[] {
  return secretList(secret).map(parseSecret);
}

/**
 * One secret or a list of them as a list of strings, checked for shape only (a non-empty list
 * of at most 8); each secret's format is checked where it is used. Throws `TypeError`.
 *
 * @example
 * secretList('whsec_...') // ['whsec_...']
 */
export function secretList(secret: unknown): readonly string[] {
  const list: unknown[] = Array.isArray(secret) ? secret : [secret];
  if (list.length === 0 || list.length > MAX_SECRETS) throw new TypeError(WEBHOOK_MESSAGES.secrets);
  return list.map((one) => {
    if (typeof one !== 'string') throw new TypeError(WEBHOOK_MESSAGES.secret);
    return one;
  });
}
