import type { Exchange, PlainReply, Reply } from '../core/exchange.js';
import { isResponseReply } from '../core/exchange.js';

/** The `cors` option of `createHandler`: which browser origins may call the API. */
export type CorsOptions = {
  /**
   * Origins allowed to call the API from a browser, exactly as browsers send them in
   * `Origin`: scheme, host and port, no path (`https://shop.example.com`, `http://localhost:5173`).
   */
  readonly origins: readonly string[];
  /** How long (seconds) a browser may reuse a preflight answer; default 600. */
  readonly maxAgeSeconds?: number;
};

/** {@link CorsOptions} checked and ready for requests. */
export type ResolvedCors = { readonly origins: ReadonlySet<string>; readonly maxAge: string };

/**
 * Request headers a browser may send cross-origin (answered to every allowed preflight): the
 * client's own, and the W3C trace context the handler continues.
 */
export const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, X-Service-Version, Idempotency-Key, X-Request-Id, Traceparent, Tracestate';

/**
 * Response headers a browser script may read besides the safelisted ones: what a client acts on
 * (the request id, when to retry, a replay, a write's unknown outcome, the rate limit).
 */
export const CORS_EXPOSED_HEADERS = 'x-request-id, retry-after, idempotent-replayed, x-outcome, ratelimit, ratelimit-policy';

/** The default preflight cache time, seconds. */
export const DEFAULT_CORS_MAX_AGE_SECONDS = 600;

/** Messages for a `cors` option `createHandler` refuses. */
export const CORS_MESSAGES = Object.freeze({
  shape: 'createHandler: cors must be { origins: string[], maxAgeSeconds?: number }',
  origin: (origin: unknown) =>
    `createHandler: cors.origins must hold origins such as "https://shop.example.com" (scheme, host and port, no path); got ${JSON.stringify(origin)}`,
  maxAge: 'createHandler: cors.maxAgeSeconds must be a whole number of seconds, 0 or more',
});

/** True for a serialized origin: what `new URL(s).origin` gives back unchanged (and not "null"). */
function isOrigin(value: unknown): value is string {
  if (typeof value !== 'string' || value === 'null') return false;
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

/**
 * Checks the `cors` option once, at start-up; `undefined` (CORS off) when it is absent.
 *
 * @example
 * resolveCors({ origins: ['https://shop.example.com'] }) // { origins: Set { 'https://shop.example.com' }, maxAge: '600' }
 * resolveCors({ origins: ['https://shop.example.com/'] }) // throws TypeError (a path is not an origin)
 */
export function resolveCors(cors: CorsOptions | undefined): ResolvedCors | undefined {
  if (cors === undefined) return undefined;
  if (cors === null || typeof cors !== 'object' || !Array.isArray(cors.origins)) throw new TypeError(CORS_MESSAGES.shape);
  for (const origin of cors.origins) if (!isOrigin(origin)) throw new TypeError(CORS_MESSAGES.origin(origin));
  const maxAge = cors.maxAgeSeconds ?? DEFAULT_CORS_MAX_AGE_SECONDS;
  if (!Number.isSafeInteger(maxAge) || maxAge < 0) throw new TypeError(CORS_MESSAGES.maxAge);
  return Object.freeze({ origins: new Set(cors.origins), maxAge: String(maxAge) });
}

/** The request's `Origin` when it is on the allow-list. */
function allowedOrigin(exchange: Exchange, cors: ResolvedCors): string | undefined {
  const origin = exchange.header('origin');
  return origin !== undefined && cors.origins.has(origin) ? origin : undefined;
}

/**
 * The answer to a CORS preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`)
 * from an allowed origin, for a path whose methods are `allow`: 204 with the allowed origin,
 * methods and headers. `undefined` for anything else (CORS off, an origin not on the list, a
 * plain `OPTIONS`), which the pipeline answers as before (405 with `Allow`).
 *
 * @example
 * corsPreflight(exchange, 'GET, HEAD', cors) // { status: 204, headers: { 'access-control-allow-origin': 'https://shop.example.com', ... } }
 */
export function corsPreflight(exchange: Exchange, allow: string, cors: ResolvedCors | undefined): PlainReply | undefined {
  if (cors === undefined || exchange.method !== 'OPTIONS' || exchange.header('access-control-request-method') === undefined) return undefined;
  const origin = allowedOrigin(exchange, cors);
  if (origin === undefined) return undefined;
  return {
    status: 204,
    headers: {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': allow,
      'access-control-allow-headers': CORS_ALLOWED_HEADERS,
      'access-control-max-age': cors.maxAge,
      vary: 'Origin',
    },
  };
}

function joinVary(existing: string | null | undefined): string {
  if (existing === null || existing === undefined || existing === '') return 'Origin';
  return /(^|,)\s*(origin|\*)\s*(,|$)/i.test(existing) ? existing : `${existing}, Origin`;
}

/** The CORS headers of an actual (not preflight) answer: always `Vary: Origin`, the rest for an allowed origin. */
function corsHeaders(origin: string | undefined, vary: string | null | undefined): Record<string, string> {
  const headers: Record<string, string> = { vary: joinVary(vary) };
  if (origin !== undefined) {
    headers['access-control-allow-origin'] = origin;
    headers['access-control-expose-headers'] = CORS_EXPOSED_HEADERS;
  }
  return headers;
}

function decorate(reply: Reply, origin: string | undefined): Reply {
  if (!isResponseReply(reply)) {
    // The reply's own headers win (a preflight answer has its own); `Vary` is joined.
    const headers = { ...corsHeaders(origin, undefined), ...reply.headers };
    headers['vary'] = joinVary(reply.headers?.['vary']);
    return { ...reply, headers };
  }
  const { response } = reply;
  const extra = corsHeaders(origin, response.headers.get('vary'));
  try {
    for (const [name, value] of Object.entries(extra)) response.headers.set(name, value);
    return reply;
  } catch {
    // Immutable headers (e.g. a Response from fetch()): copy them.
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return { response: new Response(response.body, { status: response.status, statusText: response.statusText, headers }) };
  }
}

/**
 * The reply with the CORS headers every answer carries: `Vary: Origin` always, and for an
 * allowed `Origin` also `Access-Control-Allow-Origin` and `Access-Control-Expose-Headers`
 * (x-request-id, retry-after, idempotent-replayed). The reply's own headers win (a preflight
 * answer has its own); `Vary` is joined.
 *
 * @example
 * withCorsHeaders(exchange, cors, { status: 200, body: '{}' }).headers // { vary: 'Origin', 'access-control-allow-origin': ... }
 */
export function withCorsHeaders(exchange: Exchange, cors: ResolvedCors, reply: Reply): Reply {
  return decorate(reply, allowedOrigin(exchange, cors));
}
