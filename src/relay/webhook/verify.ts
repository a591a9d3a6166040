import { decodeBase64 } from './base64.js';
import { type WebhookHeaders, headerValue } from './headers.js';
import { WEBHOOK_HEADERS, WEBHOOK_MESSAGES } from './messages.js';
import { parseSecrets } from './secret.js';
import { importHmacKey, signedContent, verifiesWith } from './signature.js';
import { type WebhookRefusal, WebhookVerificationError } from './verification-error.js';

/** Options of {@link verifyWebhook}. */
export type VerifyWebhookOptions = {
  /** How far `webhook-timestamp` may be from now, either way, in seconds; default 300 (the specification's 5 minutes). */
  readonly toleranceSeconds?: number;
  /** The clock (ms since the epoch); default `Date.now`. */
  readonly now?: () => number;
};

/** The specification's default tolerance: 5 minutes either way. */
export const DEFAULT_TOLERANCE_SECONDS = 300;
/** Bounds that keep a hostile message's cost small: header lengths and signatures per message. */
const MAX_ID_LENGTH = 256;
const MAX_SIGNATURE_HEADER_LENGTH = 4_096;
const MAX_SIGNATURES = 16;
const TIMESTAMP = /^[0-9]{1,12}$/;
const decoder = new TextDecoder('utf-8', { fatal: true });

function refuse(reason: WebhookRefusal, message: string): never {
  throw new WebhookVerificationError(reason, message);
}

function required(headers: WebhookHeaders, name: string, maxLength: number): string {
  const value = headerValue(headers, name);
  if (value === undefined || value === '') return refuse('missing-header', WEBHOOK_MESSAGES.missingHeader(name));
  if (value === null || value.length > maxLength) return refuse('bad-header', WEBHOOK_MESSAGES.badHeader(name));
  return value;
}

function checkTolerance(options: VerifyWebhookOptions | undefined): number {
  const tolerance = options?.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0) throw new TypeError(WEBHOOK_MESSAGES.tolerance);
  return tolerance;
}

/** The raw bytes of each `v1,<base64>` signature in the header; other versions and malformed entries are skipped. */
function v1Signatures(header: string): Uint8Array<ArrayBuffer>[] {
  const entries = header.split(' ').filter((entry) => entry !== '');
  if (entries.length > MAX_SIGNATURES) refuse('bad-header', WEBHOOK_MESSAGES.badHeader(WEBHOOK_HEADERS.signature));
  return entries.flatMap((entry) => {
    if (!entry.startsWith('v1,')) return [];
    const bytes = decodeBase64(entry.slice(3));
    return bytes === undefined ? [] : [bytes];
  });
}

function parseJson(payload: string | Uint8Array): unknown {
  try {
    return JSON.parse(typeof payload === 'string' ? payload : decoder.decode(payload));
  } catch {
    return refuse('not-json', WEBHOOK_MESSAGES.notJson);
  }
}

/**
 * Verifies a Standard Webhooks message as a receiver gets it and resolves with its parsed JSON
 * body: the `webhook-id`, `webhook-timestamp` and `webhook-signature` headers must be present
 * (once each), the timestamp within `toleranceSeconds` of now either way (replays of old
 * messages are refused), and one of the space-separated `v1,<base64>` signatures (several
 * during a key rotation) the HMAC-SHA256 of `id.timestamp.body` under the secret (or one of
 * the secrets), compared in constant time by WebCrypto. Pass the body exactly as received
 * (the raw text or bytes, not re-serialised JSON). Rejects with a `WebhookVerificationError`
 * naming the failed check; a bad secret or option is a `TypeError`.
 *
 * @example
 * const body = await request.text();
 * const envelope = await verifyWebhook(body, request.headers, process.env.WEBHOOK_SECRET!, { toleranceSeconds: 300 });
 * // de-duplicate on request.headers.get('webhook-id') (the effect ID), then act on envelope
 */
export async function verifyWebhook(
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options?: VerifyWebhookOptions,
): Promise<unknown> {
  const keys = parseSecrets(secret);
  const tolerance = checkTolerance(options);
  if (typeof payload !== 'string' && !(payload instanceof Uint8Array)) throw new TypeError('verifyWebhook: payload must be the raw body as a string or Uint8Array');
  const id = required(headers, WEBHOOK_HEADERS.id, MAX_ID_LENGTH);
  const timestampText = required(headers, WEBHOOK_HEADERS.timestamp, 12);
  const signatureText = required(headers, WEBHOOK_HEADERS.signature, MAX_SIGNATURE_HEADER_LENGTH);
  if (!TIMESTAMP.test(timestampText)) refuse('bad-header', WEBHOOK_MESSAGES.badHeader(WEBHOOK_HEADERS.timestamp));
  const timestamp = Number(timestampText);
  const nowSeconds = Math.floor((options?.now ?? Date.now)() / 1000);
  if (nowSeconds - timestamp > tolerance) refuse('timestamp-too-old', WEBHOOK_MESSAGES.tooOld);
  if (timestamp - nowSeconds > tolerance) refuse('timestamp-too-new', WEBHOOK_MESSAGES.tooNew);
  const content = signedContent(id, timestamp, payload);
  const cryptoKeys = await Promise.all(keys.map(importHmacKey));
  for (const signature of v1Signatures(signatureText)) {
    for (const key of cryptoKeys) if (await verifiesWith(key, signature, content)) return parseJson(payload);
  }
  return refuse('no-matching-signature', WEBHOOK_MESSAGES.noMatch);
}
