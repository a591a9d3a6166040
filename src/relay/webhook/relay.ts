import type { DeliverableEffect } from '../../http/effects/index.js';
import { throwIfAborted } from '../abort.js';
import { type Relay, type RelayContext, encodeEnvelope } from '../envelope.js';
import { startDeadline } from './deadline.js';
import { WebhookDeliveryError } from './delivery-error.js';
import { WEBHOOK_HEADERS, WEBHOOK_MESSAGES } from './messages.js';
import { parseSecrets } from './secret.js';
import { importHmacKey, signatureHeader } from './signature.js';
import { targetUrl } from './target-url.js';
import { type KnownOptions, checkOptionKeys } from '../../shared/known-options.js';

/** Options of {@link createWebhookRelay}. */
export type WebhookRelayOptions = {
  /** The endpoint (absolute `http:` or `https:` URL, no credentials); checked at construction. */
  readonly url: string | URL;
  /** `whsec_<base64>` (24-64 bytes); a list signs with each (space-separated signatures) during a key rotation. */
  readonly secret: string | readonly string[];
  /** How long one request may take, answer included; default 10 000 ms. */
  readonly timeoutMs?: number;
  /** Extra request headers (e.g. `user-agent`): token names, values without control characters; not `content-type`, `webhook-*` nor those that frame the request (`host`, `content-length`, `connection`, ...). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The fetch to use; default the global `fetch`. */
  readonly fetch?: typeof fetch;
  /** The clock for `webhook-timestamp` (ms since the epoch); default `Date.now`. A delivery whose clock gives no finite number throws a `TypeError`. */
  readonly now?: () => number;
};

/** The default request timeout: an endpoint that takes longer is retried later. */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
const MAX_TIMEOUT_MS = 2_147_483_647;
// The message's own headers, and those that frame the request (set by fetch, or refused by it).
const RESERVED_HEADERS = new Set([
  'content-type', WEBHOOK_HEADERS.id, WEBHOOK_HEADERS.timestamp, WEBHOOK_HEADERS.signature,
  'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'host', 'te', 'trailer', 'expect',
]);
/** RFC 9110 5.6.2: a header name is a token. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** RFC 9110 5.5: a header value is visible characters, spaces and tabs (no CR, LF or NUL), without surrounding whitespace. */
const FIELD_VALUE = /^(?:[!-~\u0080-\u00ff](?:[\t !-~\u0080-\u00ff]*[!-~\u0080-\u00ff])?)?$/;

function checkTimeout(ms: unknown): number {
  if (ms === undefined) return DEFAULT_WEBHOOK_TIMEOUT_MS;
  if (typeof ms !== 'number' || !Number.isInteger(ms) || ms <= 0 || ms > MAX_TIMEOUT_MS) throw new TypeError(WEBHOOK_MESSAGES.timeout);
  return ms;
}

function checkHeaders(headers: unknown): Readonly<Record<string, string>> {
  if (headers === undefined) return {};
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) throw new TypeError(WEBHOOK_MESSAGES.headers);
  const entries = Object.entries(headers);
  // Checked here, once: a bad value would make every delivery fail later. The message names the header, never its value.
  for (const [name, value] of entries) {
    if (typeof value !== 'string' || RESERVED_HEADERS.has(name.toLowerCase())) throw new TypeError(WEBHOOK_MESSAGES.headers);
    if (!TOKEN.test(name)) throw new TypeError(WEBHOOK_MESSAGES.headerName);
    if (!FIELD_VALUE.test(value)) throw new TypeError(WEBHOOK_MESSAGES.headerValue(name));
  }
  return Object.freeze(Object.fromEntries(entries) as Record<string, string>);
}

/** Fetch, with a refusal to connect or a timeout turned into a {@link WebhookDeliveryError}. */
async function post(fetchFn: typeof fetch, url: URL, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetchFn(url, init);
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || (init.signal?.reason as Error | undefined)?.name === 'TimeoutError');
    throw new WebhookDeliveryError(timedOut ? WEBHOOK_MESSAGES.timedOut(timeoutMs) : WEBHOOK_MESSAGES.unreachable(error instanceof Error ? error.message : String(error)), undefined, error);
  }
}

/** Every key of {@link WebhookRelayOptions}: `createWebhookRelay` refuses any other. */
const WEBHOOK_RELAY_OPTION_KEYS = { url: true, secret: true, timeoutMs: true, headers: true, fetch: true, now: true } as const satisfies KnownOptions<WebhookRelayOptions>;

/**
 * A `deliver` function that POSTs each effect to `url` as a Standard Webhooks message: the
 * JSON envelope (`type`, `effectID`, `accountID`, `requestId`, `data`) as the body,
 * `webhook-id` = the effect ID (the receiver's de-duplication key, the same on every retry),
 * `webhook-timestamp` (seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of
 * id.timestamp.body>`. A 2xx answer is delivered; any other answer (redirects are not
 * followed), a refused connection or no answer within `timeoutMs` throws a
 * `WebhookDeliveryError`, so the dispatcher keeps the effect and retries it. Runtime-neutral:
 * `fetch` and `crypto.subtle` only. Options are checked here, once.
 *
 * @example
 * const dispatcher = createEffectDispatcher({
 *   store,
 *   deliver: createWebhookRelay({ url: 'https://hooks.example.com/payments', secret: process.env.WEBHOOK_SECRET! }),
 * });
 * dispatcher.start();
 */
export function createWebhookRelay(options: WebhookRelayOptions): Relay {
  checkOptionKeys(options, WEBHOOK_RELAY_OPTION_KEYS, 'createWebhookRelay');
  const url = targetUrl(options?.url);
  const secrets = parseSecrets(options.secret);
  const timeoutMs = checkTimeout(options.timeoutMs);
  const extraHeaders = checkHeaders(options.headers);
  const fetchFn = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  let keys: Promise<CryptoKey[]> | undefined;

  return async (effect: DeliverableEffect, context: RelayContext): Promise<void> => {
    throwIfAborted(context.signal);
    keys ??= Promise.all(secrets.map(importHmacKey));
    const body = encodeEnvelope(effect, context);
    const ms: unknown = now();
    if (typeof ms !== 'number' || !Number.isFinite(ms)) throw new TypeError(WEBHOOK_MESSAGES.relayClock);
    const timestamp = Math.floor(ms / 1000);
    const headers = {
      ...extraHeaders,
      'content-type': 'application/json',
      [WEBHOOK_HEADERS.id]: effect.effectID,
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: await signatureHeader(await keys, effect.effectID, timestamp, body),
    };
    const deadline = startDeadline(timeoutMs, context.signal, WEBHOOK_MESSAGES.timedOut(timeoutMs));
    try {
      const response = await post(fetchFn, url, { method: 'POST', headers, body, signal: deadline.signal, redirect: 'manual' }, timeoutMs);
      // The answer's body is not needed, and reading an endpoint's body of any size would be unbounded work.
      await response.body?.cancel().catch(() => undefined);
      if (response.status < 200 || response.status > 299) throw new WebhookDeliveryError(WEBHOOK_MESSAGES.status(response.status), response.status);
    } finally {
      deadline.clear();
    }
  };
}
