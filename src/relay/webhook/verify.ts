import { decodeBase64 } from './base64.js';
import { type WebhookHeaders, headerValue } from './headers.js';
import { WEBHOOK_HEADERS, WEBHOOK_MESSAGES } from './messages.js';
import { constantTimeEqual } from './constant-time.js';
import { hmacKeyOf } from './key-cache.js';
import { secretList } from './secret.js';
import { hmacOf, signedContent } from './signature.js';
import { type WebhookRefusal, WebhookVerificationError } from './verification-error.js';

/** Options of {@link verifyWebhook}. */
export type VerifyWebhookOptions = {
  /** How far `webhook-timestamp` may be from now, either way, in seconds; default 300 (the specification's 5 minutes). */
  readonly toleranceSeconds?: number;
  /** The clock (ms since the epoch); default `Date.now`. A value that is not a finite number throws a `TypeError`. */
  readonly now?: () => number;
  /** Bytes of body at most (UTF-8 bytes of a string); a larger body is refused (`body-too-large`) before any hashing. Default {@link DEFAULT_MAX_WEBHOOK_BODY_BYTES}. */
  readonly maxBodyBytes?: number;
};

/** The specification's default tolerance: 5 minutes either way. */
export const DEFAULT_TOLERANCE_SECONDS = 300;
/** The default `maxBodyBytes`: 1 MiB, as the handler's own request bodies (an envelope is a few KiB). */
export const DEFAULT_MAX_WEBHOOK_BODY_BYTES = 1_048_576;
/** Bounds that keep a hostile message's cost small: header lengths and signatures per message. */
const MAX_ID_LENGTH = 256;
const MAX_SIGNATURE_HEADER_LENGTH = 4_096;
const MAX_SIGNATURES = 16;
const TIMESTAMP = /^[0-9]{1,12}$/;
const decoder = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();
/** The length of an HMAC-SHA256: a candidate of any other length cannot match and is skipped. */
const MAC_BYTES = 32;

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

function checkMaxBody(options: VerifyWebhookOptions | undefined): number {
  const max = options?.maxBodyBytes ?? DEFAULT_MAX_WEBHOOK_BODY_BYTES;
  if (typeof max !== 'number' || !Number.isSafeInteger(max) || max <= 0) throw new TypeError(WEBHOOK_MESSAGES.maxBodyBytes);
  return max;
}

/** Now in whole seconds from the clock; a clock that gives anything but a finite number throws (it must never pass the tolerance check). */
function nowSeconds(options: VerifyWebhookOptions | undefined): number {
  const clock = options?.now ?? Date.now;
  if (typeof clock !== 'function') throw new TypeError(WEBHOOK_MESSAGES.clock);
  const ms: unknown = clock();
  if (typeof ms !== 'number' || !Number.isFinite(ms)) throw new TypeError(WEBHOOK_MESSAGES.clock);
  return Math.floor(ms / 1000);
}

/** The body's bytes, or a refusal when there are more than `max` (a string's UTF-16 length is a lower bound of its UTF-8 length: a long one is refused unencoded). */
function bodyBytes(payload: string | Uint8Array, max: number): Uint8Array {
  if (payload.length > max) return refuse('body-too-large', WEBHOOK_MESSAGES.bodyTooLarge(max));
  const bytes = typeof payload === 'string' ? encoder.encode(payload) : payload;
  if (bytes.length > max) return refuse('body-too-large', WEBHOOK_MESSAGES.bodyTooLarge(max));
  return bytes;
}

/** The raw bytes of each `v1,<base64>` signature in the header; other versions and malformed entries are skipped. */
function v1Signatures(header: string): Uint8Array<ArrayBuffer>[] {
  const entries = header.split(' ').filter((entry) => entry !== '');
  if (entries.length > MAX_SIGNATURES) refuse('bad-header', WEBHOOK_MESSAGES.badHeader(WEBHOOK_HEADERS.signature));
  return entries.flatMap((entry) => {
    if (!entry.startsWith('v1,')) return [];
    const bytes = decodeBase64(entry.slice(3));
    return bytes === undefined || bytes.length !== MAC_BYTES ? [] : [bytes];
  });
}

/** Whether any candidate equals any of the MACs; every pair is compared in full (constant time per pair, no early exit inside a pair). */
function anyMatches(candidates: readonly Uint8Array[], macs: readonly Uint8Array[]): boolean {
  let matched = false;
  for (const mac of macs) for (const candidate of candidates) matched = constantTimeEqual(candidate, mac) || matched;
  return matched;
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
 * the secrets). Work is bounded before anything is hashed: at most 16 signatures, at most
 * `maxBodyBytes` of body (default 1 MiB), the timestamp checked first; then one HMAC of the
 * signed content per secret (at most 8), compared with every candidate in constant time by
 * this library's own code. Pass the body exactly as received (the raw text or bytes, not
 * re-serialised JSON). Rejects with a `WebhookVerificationError` naming the failed check; a
 * bad secret or option, or a clock that gives no finite number, is a `TypeError`.
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
  // Every secret is checked now (a bad one is a TypeError whatever the message); keys are imported once per secret and reused.
  const keys = secretList(secret).map(hmacKeyOf);
  const tolerance = checkTolerance(options);
  const maxBody = checkMaxBody(options);
  if (typeof payload !== 'string' && !(payload instanceof Uint8Array)) throw new TypeError('verifyWebhook: payload must be the raw body as a string or Uint8Array');
  const id = required(headers, WEBHOOK_HEADERS.id, MAX_ID_LENGTH);
  const timestampText = required(headers, WEBHOOK_HEADERS.timestamp, 12);
  const signatureText = required(headers, WEBHOOK_HEADERS.signature, MAX_SIGNATURE_HEADER_LENGTH);
  if (!TIMESTAMP.test(timestampText)) refuse('bad-header', WEBHOOK_MESSAGES.badHeader(WEBHOOK_HEADERS.timestamp));
  const timestamp = Number(timestampText);
  const now = nowSeconds(options);
  if (now - timestamp > tolerance) refuse('timestamp-too-old', WEBHOOK_MESSAGES.tooOld);
  if (timestamp - now > tolerance) refuse('timestamp-too-new', WEBHOOK_MESSAGES.tooNew);
  const candidates = v1Signatures(signatureText);
  const content = signedContent(id, timestamp, bodyBytes(payload, maxBody));
  if (candidates.length === 0) return refuse('no-matching-signature', WEBHOOK_MESSAGES.noMatch);
  const macs = await Promise.all(keys.map(async (key) => hmacOf(await key, content)));
  return anyMatches(candidates, macs) ? parseJson(payload) : refuse('no-matching-signature', WEBHOOK_MESSAGES.noMatch);
}
