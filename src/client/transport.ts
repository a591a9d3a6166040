import { REFERENCE_VERSION, isVersion } from '../version/index.js';
import type { AnswerChecks } from './answer-check.js';
import type { Backoff } from './backoff.js';
import { headersProblem } from './header-value.js';
import { PACKAGE_VERSION } from './package-version.js';
import { resolveClientTracing, type ClientOpenTelemetry, type ClientOtelTracer, type ClientTracing } from './trace.js';
import { type KnownOptions, checkOptionKeys } from '../shared/known-options.js';

/** What `onRequest` sees before each attempt: the request about to be sent (its headers may be changed). */
export type RequestEvent = { readonly operation: string; readonly attempt: number; readonly request: Request };

/** What `onResponse` sees after each attempt: the response, or what `fetch` threw. */
export type ResponseEvent = RequestEvent & { readonly response?: Response; readonly error?: unknown; readonly durationMs: number };

/**
 * What `onRetry` sees before each retry: the attempt that failed, the wait before the next one,
 * and why (`status 503`, `network`, `attempt timeout`).
 */
export type RetryEvent = { readonly operation: string; readonly attempt: number; readonly delayMs: number; readonly reason: string };

/** Names the calling application in `User-Agent`: `payments-kit/0.1.0 acme-billing/4.2.0 (+https://acme.example)`. */
export type AppInfo = { readonly name: string; readonly version?: string; readonly url?: string };

/** The options of `createClient` and `createTransport` (every key either takes). */
export type ClientOptions = {
  /**
   * The API's base address, e.g. `https://api.example.com` (a path prefix is kept). No user name
   * or password in it; `http:` only to a loopback host unless `allowInsecureHttp`.
   */
  readonly baseUrl: string | URL;
  /** Bearer access token (spec 5.1), or a function giving one for each attempt. */
  readonly token?: string | (() => string | Promise<string>);
  /** A credential pair, sent as `Authorization: Basic` (spec 5.3). */
  readonly credentials?: { readonly username: string; readonly password: string };
  /** Headers sent with every request (the client's own headers win); no CR, LF or NUL in a value. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The fetch function: the platform's by default; a fetch handler (`createHandler(...)`) works
   * too. It gets the attempt's signal as `init.signal` (the deadlines and the caller's signal abort it)
   * and `redirect: 'manual'` on the request.
   */
  readonly fetch?: (request: Request, init: { readonly signal: AbortSignal }) => Promise<Response>;
  /** `X-Service-Version` (spec 9); default `v2026.04.00`, the reference version. */
  readonly version?: string;
  /** Retries after the first attempt (default 2, at most 10). */
  readonly retries?: number;
  /** Deadline of one call, retries and waits included, in milliseconds (default 30000). */
  readonly timeoutMs?: number;
  /** Deadline of one attempt, in milliseconds (default 10000): a hung attempt is abandoned and retried. */
  readonly attemptTimeoutMs?: number;
  /** The largest answer body read, in bytes (default 8 MiB, at most 16 MiB): past it the body is cancelled. */
  readonly maxResponseBytes?: number;
  /** Allows an `http:` base URL to a host that is not loopback (default false). */
  readonly allowInsecureHttp?: boolean;
  /**
   * Statuses retried (default 429, 502, 503, 504 and 409, which is retried only when it carries
   * `Retry-After` under the call's key: a request with that key still being processed).
   */
  readonly retryStatuses?: readonly number[];
  /** Backoff between retries (default 500 ms doubling to 5000 ms, with jitter). */
  readonly backoff?: Partial<Backoff>;
  /** The longest `Retry-After` honoured, in milliseconds (default 60000); a longer one is answered as is. */
  readonly maxRetryAfterMs?: number;
  /** Success-body checks by operation id (`createClient` passes `ANSWER_CHECKS`). */
  readonly answerChecks?: AnswerChecks;
  /** Called (and awaited) before each attempt: it may change the request's headers, sign it. */
  readonly onRequest?: (event: RequestEvent) => void | Promise<void>;
  /** Called after each attempt. */
  readonly onResponse?: (event: ResponseEvent) => void;
  /** Called before each retry. */
  readonly onRetry?: (event: RetryEvent) => void;
  /** An OpenTelemetry `Tracer`: each attempt is a CLIENT span; needs `openTelemetry`. */
  readonly tracer?: ClientOtelTracer;
  /** The host's `@opentelemetry/api` module (`import * as otel from '@opentelemetry/api'`). */
  readonly openTelemetry?: ClientOpenTelemetry;
  /** The calling application, named in `User-Agent` after payments-kit. */
  readonly appInfo?: AppInfo;
  /** The jitter's random source in [0, 1) (default `Math.random`). */
  readonly random?: () => number;
};

/** Options checked and resolved: what each operation function needs. */
export type Transport = {
  readonly baseUrl: string;
  /** `url.full` and `server.*` of the spans: the base URL's origin parts. */
  readonly host: string;
  readonly port: number;
  readonly headers: readonly (readonly [string, string])[];
  /**
   * What each request without a body starts from: `headers`, and `Authorization: Bearer` of a
   * string token. A `Headers` object, which `new Request` copies without converting each value
   * again (a record costs a few microseconds a call more). Never changed after `createTransport`.
   */
  readonly readHeaders: Headers;
  /** `readHeaders` and `Content-Type: application/json`: what each request with a body starts from. */
  readonly writeHeaders: Headers;
  /**
   * The client's own headers (`accept`, `x-service-version`, `user-agent`, the `authorization` of
   * credentials or of a string token): a call's `headers` do not replace them.
   */
  readonly ownHeaders: readonly (readonly [string, string])[];
  /** A token function, called for each attempt (a string token is in `readHeaders` instead). */
  readonly token: (() => string | Promise<string>) | undefined;
  readonly fetch: (request: Request, init: { readonly signal: AbortSignal }) => Promise<Response>;
  readonly retries: number;
  readonly timeoutMs: number;
  readonly attemptTimeoutMs: number;
  readonly maxResponseBytes: number;
  readonly retryStatuses: readonly number[];
  readonly backoff: Backoff;
  readonly maxRetryAfterMs: number;
  readonly answerChecks: AnswerChecks;
  readonly onRequest: ((event: RequestEvent) => void | Promise<void>) | undefined;
  readonly onResponse: ((event: ResponseEvent) => void) | undefined;
  readonly onRetry: ((event: RetryEvent) => void) | undefined;
  readonly tracing: ClientTracing | undefined;
  readonly random: () => number;
};

/** The default `maxResponseBytes`: 8 MiB (see docs/client.md, "Safe by default"). */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** The largest `maxResponseBytes`: 16 MiB. */
export const MAX_RESPONSE_BYTES_LIMIT = 16 * 1024 * 1024;
/** The default retried statuses. */
export const DEFAULT_RETRY_STATUSES: readonly number[] = Object.freeze([409, 429, 502, 503, 504]);

const fail = (message: string): never => {
  throw new TypeError(`payments-kit/client: ${message}`);
};

const wholeIn = (value: unknown, min: number, max: number, name: string): number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? (value as number) : fail(`${name} must be an integer from ${min} to ${max}`);

/** RFC 6750 2.1 b64token: what a bearer token may be. */
export const BEARER_TOKEN = /^[\w.~+/-]+=*$/;

// RFC 9110 5.6.2 token: a product name or version in User-Agent.
const PRODUCT = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/;

function basic(username: string, password: string): string {
  // RFC 7617 2: the user-id has no colon; neither part has a control character.
  if (username.includes(':') || /[\x00-\x1f\x7f]/.test(username + password)) fail('credentials may not hold a control character, nor a colon in the username');
  let binary = '';
  for (const byte of new TextEncoder().encode(`${username}:${password}`)) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/** Every key of {@link ClientOptions}: `createClient` and `createTransport` refuse any other. */
export const CLIENT_OPTION_KEYS = {
  baseUrl: true, token: true, credentials: true, headers: true, fetch: true, version: true, retries: true, timeoutMs: true,
  attemptTimeoutMs: true, maxResponseBytes: true, allowInsecureHttp: true, retryStatuses: true, backoff: true,
  maxRetryAfterMs: true, answerChecks: true, onRequest: true, onResponse: true, onRetry: true, tracer: true,
  openTelemetry: true, appInfo: true, random: true,
} as const satisfies KnownOptions<ClientOptions>;

/**
 * True for a loopback host: 127.0.0.0/8, `::1`, `localhost` (and its subdomains, which resolve
 * to loopback, RFC 6761 6.3).
 *
 * @example
 * isLoopback('127.0.0.1') // true
 * isLoopback('api.example.com') // false
 */
export function isLoopback(hostname: string): boolean {
  return /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]' || hostname === 'localhost' || hostname.endsWith('.localhost');
}

function userAgent(appInfo: AppInfo | undefined): string {
  const own = `payments-kit/${PACKAGE_VERSION}`;
  if (appInfo === undefined) return own;
  const { name, version, url } = appInfo;
  if (typeof name !== 'string' || !PRODUCT.test(name)) fail('appInfo.name must be 1 to 64 characters of an HTTP token (letters, digits, !#$%&\'*+.^_`|~-)');
  if (version !== undefined && (typeof version !== 'string' || !PRODUCT.test(version))) fail('appInfo.version must be 1 to 64 characters of an HTTP token');
  if (url !== undefined && (typeof url !== 'string' || !/^[\x21-\x7e]{1,256}$/.test(url) || /[()\\]/.test(url))) fail('appInfo.url must be 1 to 256 printable ASCII characters without spaces or parentheses');
  const app = version === undefined ? name : `${name}/${version}`;
  return url === undefined ? `${own} ${app}` : `${own} ${app} (+${url})`;
}

/**
 * Checks and resolves client options, once: the transport every operation function takes.
 * Throws a `TypeError` for options that cannot work (a relative base URL, one with a user name
 * or password, `http:` to a host that is not loopback without `allowInsecureHttp`, a header
 * value with CR, LF or NUL, a malformed version, both a token and credentials...). No message
 * shows a token, password or header value.
 *
 * @example
 * const api = createTransport({ baseUrl: 'https://api.example.com', token: process.env.TOKEN });
 * const result = await getSchedule(api, { accountID, scheduleID });
 */
export function createTransport(options: ClientOptions): Transport {
  checkOptionKeys(options, CLIENT_OPTION_KEYS, 'createTransport');
  let url: URL | undefined;
  try {
    url = new URL(options.baseUrl);
  } catch {
    url = undefined;
  }
  if (url === undefined || !/^https?:$/.test(url.protocol) || url.search !== '' || url.hash !== '') {
    fail('baseUrl must be an absolute http(s) URL without a query or fragment');
  }
  const base = url as URL;
  if (base.username !== '' || base.password !== '') fail('baseUrl may not hold a user name or password (give token or credentials)');
  if (base.protocol === 'http:' && options.allowInsecureHttp !== true && !isLoopback(base.hostname)) {
    fail(`baseUrl is http: to ${base.hostname}, which is not loopback: use https:, or allowInsecureHttp: true`);
  }
  const version = options.version ?? REFERENCE_VERSION;
  if (!isVersion(version)) fail(`version ${JSON.stringify(version)} is not vYYYY.QQ.BB or dev`);
  const { token, credentials } = options;
  if (token !== undefined && credentials !== undefined) fail('give a token or credentials, not both');
  if (token !== undefined && typeof token !== 'string' && typeof token !== 'function') fail('token must be a string or a function');
  if (typeof token === 'string' && !BEARER_TOKEN.test(token)) fail('token must be a bearer token (RFC 6750 b64token)');
  if (options.headers !== undefined) {
    const problem = headersProblem(options.headers);
    if (problem !== undefined) fail(problem);
  }
  const own = new Headers({ accept: 'application/json', 'x-service-version': version, 'user-agent': userAgent(options.appInfo) });
  if (credentials !== undefined) own.set('authorization', basic(credentials.username, credentials.password));
  const headers = new Headers(options.headers);
  for (const [name, value] of own) headers.set(name, value);
  const readHeaders = new Headers(headers);
  if (typeof token === 'string') readHeaders.set('authorization', `Bearer ${token}`);
  const writeHeaders = new Headers(readHeaders);
  writeHeaders.set('content-type', 'application/json');
  const backoff = { initialMs: options.backoff?.initialMs ?? 500, maxMs: options.backoff?.maxMs ?? 5000 };
  wholeIn(backoff.initialMs, 0, 60_000, 'backoff.initialMs');
  wholeIn(backoff.maxMs, backoff.initialMs, 600_000, 'backoff.maxMs');
  const retryStatuses = options.retryStatuses ?? DEFAULT_RETRY_STATUSES;
  if (!Array.isArray(retryStatuses) || !retryStatuses.every((status) => Number.isInteger(status) && status >= 100 && status <= 599)) fail('retryStatuses must be HTTP statuses (100 to 599)');
  for (const name of ['fetch', 'onRequest', 'onResponse', 'onRetry', 'random']) {
    const value = (options as Record<string, unknown>)[name];
    if (value !== undefined && typeof value !== 'function') fail(`${name} must be a function`);
  }
  return Object.freeze({
    baseUrl: base.href.replace(/\/+$/, ''),
    host: base.hostname,
    port: base.port === '' ? (base.protocol === 'https:' ? 443 : 80) : Number(base.port),
    headers: [...headers],
    readHeaders,
    writeHeaders,
    ownHeaders: typeof token === 'string' ? [...own, ['authorization', `Bearer ${token}`] as const] : [...own],
    token: typeof token === 'string' ? undefined : token,
    fetch: options.fetch ?? ((request, init) => globalThis.fetch(request, init)),
    retries: wholeIn(options.retries ?? 2, 0, 10, 'retries'),
    timeoutMs: wholeIn(options.timeoutMs ?? 30_000, 1, 2_147_483_647, 'timeoutMs'),
    attemptTimeoutMs: wholeIn(options.attemptTimeoutMs ?? 10_000, 1, 2_147_483_647, 'attemptTimeoutMs'),
    maxResponseBytes: wholeIn(options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, 0, MAX_RESPONSE_BYTES_LIMIT, 'maxResponseBytes'),
    retryStatuses: Object.freeze([...retryStatuses]),
    backoff,
    maxRetryAfterMs: wholeIn(options.maxRetryAfterMs ?? 60_000, 0, 2_147_483_647, 'maxRetryAfterMs'),
    answerChecks: options.answerChecks ?? {},
    onRequest: options.onRequest,
    onResponse: options.onResponse,
    onRetry: options.onRetry,
    tracing: resolveClientTracing(options.tracer, options.openTelemetry),
    random: options.random ?? Math.random,
  });
}
