import { encodeBase64 } from './base64.js';

const HMAC = { name: 'HMAC', hash: 'SHA-256' } as const;
const encoder = new TextEncoder();

/**
 * A WebCrypto HMAC-SHA256 key for signing and verifying (`crypto.subtle`, in every runtime).
 *
 * @example
 * const key = await importHmacKey(parseSecret(secret));
 */
export function importHmacKey(bytes: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', bytes, HMAC, false, ['sign', 'verify']);
}

/**
 * The bytes a Standard Webhooks signature covers: `<webhook-id>.<webhook-timestamp>.<body>`
 * (the body as its exact bytes).
 *
 * @example
 * signedContent('e1', 1700000000, '{}') // the UTF-8 of 'e1.1700000000.{}'
 */
export function signedContent(id: string, timestamp: number, body: string | Uint8Array): Uint8Array<ArrayBuffer> {
  const head = encoder.encode(`${id}.${timestamp}.`);
  const tail = typeof body === 'string' ? encoder.encode(body) : body;
  const content = new Uint8Array(head.length + tail.length);
  content.set(head, 0);
  content.set(tail, head.length);
  return content;
}

/**
 * The `webhook-signature` header value: `v1,<base64 HMAC-SHA256>` for each key, space separated
 * (several during a key rotation).
 *
 * @example
 * await signatureHeader([key], 'e1', 1700000000, '{}') // 'v1,<44 base64 characters>'
 */
export async function signatureHeader(keys: readonly CryptoKey[], id: string, timestamp: number, body: string | Uint8Array): Promise<string> {
  const content = signedContent(id, timestamp, body);
  const signatures = await Promise.all(keys.map(async (key) => `v1,${encodeBase64(await hmacOf(key, content))}`));
  return signatures.join(' ');
}

/**
 * The raw HMAC-SHA256 of `content` under `key` (32 bytes): computed once per secret by the
 * verifier, then compared with every candidate signature in constant time.
 *
 * @example
 * const mac = await hmacOf(key, signedContent(id, timestamp, body)); // Uint8Array(32)
 */
export async function hmacOf(key: CryptoKey, content: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign(HMAC, key, content));
}
