import { REFERENCE_VERSION, isVersion } from '../version/index.js';
import type { AnswerChecks } from './answer-check.js';
import type { Backoff } from './backoff.js';
import { type KnownOptions, checkOptionKeys } from '../shared/known-options.js';

/** What `onRequest` sees before each attempt: the request about to be sent (its headers may be changed). */
export type RequestEvent = { readonly operation: string; readonly attempt: number; readonly request: Request };

/** What `onResponse` sees after each attempt: the response, or what `fetch` threw. */
export type ResponseEvent = RequestEvent & { readonly response?: Response; readonly error?: unknown; readonly durationMs: number };

/** The options of `createClient` and `createTransport`. */
export type ClientOptions = {
  /** The API's base address, e.g. `https://api.example.com` (a path prefix is kept). */
  readonly baseUrl: string | URL;
  /** Bearer access token (spec 5.1), or a function giving one for each attempt. */
  readonly token?: string | (() => string | Promise<string>);
  /** A credential pair, sent as `Authorization: Basic` (spec 5.3). */
  readonly credentials?: { readonly username: string; readonly password: string };
  /** Headers sent with every request (the client's own headers win). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The fetch function: the platform's by default; a fetch handler (`createHandler(...)`) works
   * too. It gets the call's signal as `init.signal` (the deadline and the caller's signal abort it).
   */
  readonly fetch?: (request: Request, init: { readonly signal: AbortSignal }) => Promise<Response>;
  /** `X-Service-Version` (spec 9); default `v2026.04.00`, the reference version. */
  readonly version?: string;
  /** Retries after the first attempt (default 2, at most 10). */
  readonly retries?: number;
  /** Deadline of one call, retries and waits included, in milliseconds (default 30000). */
  readonly timeoutMs?: number;
  /** Backoff between retries (default 500 ms doubling to 5000 ms, with jitter). */
  readonly backoff?: Partial<Backoff>;
  /** The longest `Retry-After` honoured, in milliseconds (default 60000); a longer one is answered as is. */
  readonly maxRetryAfterMs?: number;
  /** Success-body checks by operation id (`createClient` passes `ANSWER_CHECKS`). */
  readonly answerChecks?: AnswerChecks;
  /** Called before each attempt. */
  readonly onRequest?: (event: RequestEvent) => void;
  /** Called after each attempt. */
  readonly onResponse?: (event: ResponseEvent) => void;
  /** The jitter's random source in [0, 1) (default `Math.random`). */
  readonly random?: () => number;
};

/** Options checked and resolved: what each operation function needs. */
export type Transport = {
  readonly baseUrl: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly token: (() => string | Promise<string>) | undefined;
  readonly fetch: (request: Request, init: { readonly signal: AbortSignal }) => Promise<Response>;
  readonly retries: number;
  readonly timeoutMs: number;
  readonly backoff: Backoff;
  readonly maxRetryAfterMs: number;
  readonly answerChecks: AnswerChecks;
  readonly onRequest: ((event: RequestEvent) => void) | undefined;
  readonly onResponse: ((event: ResponseEvent) => void) | undefined;
  readonly random: () => number;
};

const fail = (message: string): never => {
  throw new TypeError(`payments-kit/client: ${message}`);
};

const wholeIn = (value: number, min: number, max: number, name: string): number =>
  Number.isInteger(value) && value >= min && value <= max ? value : fail(`${name} must be an integer from ${min} to ${max}`);

// RFC 6750 2.1 b64token.
const TOKEN = /^[\w.~+/-]+=*$/;

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
  backoff: true, maxRetryAfterMs: true, answerChecks: true, onRequest: true, onResponse: true, random: true,
} as const satisfies KnownOptions<ClientOptions>;

/**
 * Checks and resolves client options, once: the transport every operation function takes.
 * Throws a `TypeError` for options that cannot work (a relative base URL, a malformed version,
 * both a token and credentials...).
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
  const version = options.version ?? REFERENCE_VERSION;
  if (!isVersion(version)) fail(`version ${JSON.stringify(version)} is not vYYYY.QQ.BB or dev`);
  const { token, credentials } = options;
  if (token !== undefined && credentials !== undefined) fail('give a token or credentials, not both');
  if (typeof token === 'string' && !TOKEN.test(token)) fail('token must be a bearer token (RFC 6750 b64token)');
  const headers = new Headers(options.headers);
  headers.set('accept', 'application/json');
  headers.set('x-service-version', version);
  if (credentials !== undefined) headers.set('authorization', basic(credentials.username, credentials.password));
  const backoff = { initialMs: options.backoff?.initialMs ?? 500, maxMs: options.backoff?.maxMs ?? 5000 };
  wholeIn(backoff.initialMs, 0, 60_000, 'backoff.initialMs');
  wholeIn(backoff.maxMs, backoff.initialMs, 600_000, 'backoff.maxMs');
  return Object.freeze({
    baseUrl: (url?.href ?? '').replace(/\/+$/, ''),
    headers: [...headers],
    token: typeof token === 'string' ? () => token : token,
    fetch: options.fetch ?? ((request, init) => globalThis.fetch(request, init)),
    retries: wholeIn(options.retries ?? 2, 0, 10, 'retries'),
    timeoutMs: wholeIn(options.timeoutMs ?? 30_000, 1, 2_147_483_647, 'timeoutMs'),
    backoff,
    maxRetryAfterMs: wholeIn(options.maxRetryAfterMs ?? 60_000, 0, 2_147_483_647, 'maxRetryAfterMs'),
    answerChecks: options.answerChecks ?? {},
    onRequest: options.onRequest,
    onResponse: options.onResponse,
    random: options.random ?? Math.random,
  });
}
