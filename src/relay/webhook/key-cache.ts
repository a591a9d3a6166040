import { parseSecret } from './secret.js';
import { importHmacKey } from './signature.js';

/**
 * WebCrypto keys of the secrets `verifyWebhook` was called with lately, by secret text: a
 * receiver verifies every message under the same one or two secrets, and importing a key costs
 * as much as the HMAC of a small message. Bounded (the oldest is dropped); non-extractable keys.
 */
const KEYS = new Map<string, Promise<CryptoKey>>();
const MAX_KEYS = 16;

/**
 * The HMAC key of one `whsec_` secret, imported once and then reused; throws `TypeError`
 * (synchronously) for a bad secret, which is never cached.
 *
 * @example
 * const key = await hmacKeyOf('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
 */
export function hmacKeyOf(secret: string): Promise<CryptoKey> {
  const cached = KEYS.get(secret);
  if (cached !== undefined) return cached;
  const key = importHmacKey(parseSecret(secret));
  if (KEYS.size >= MAX_KEYS) KEYS.delete(KEYS.keys().next().value ?? '');
  KEYS.set(secret, key);
  key.catch(() => KEYS.delete(secret));
  return key;
}
