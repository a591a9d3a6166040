import { decodeBasicCredentials } from './basic-credentials.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import type { AuthContext, AuthPort, AuthVerdict, CredentialPair, OutboundFetch, OutboundFetchSource, TokenGrant } from '../core/ports.js';
import { withDeadline } from '../core/deadline.js';

/** How a request authenticated. */
export type AuthScheme = 'bearer' | 'basic';

/**
 * A request's authentication: the credential and its grant, a 401 that refuses it, or a 504
 * when the verifier (its identity provider) failed to answer; `cause` goes to `onError`.
 */
export type Authentication =
  | { readonly ok: true; readonly scheme: AuthScheme; readonly token: string; readonly grant: TokenGrant }
  | { readonly ok: false; readonly status: 401; readonly challenge: string; readonly error: string }
  | { readonly ok: false; readonly status: 504; readonly error: string; readonly cause: unknown };

/**
 * RFC 7235 credentials with the RFC 6750 b64token: scheme, spaces, token68. What
 * {@link bearerToken} reads, as an expression (the definition its tests compare it with).
 */
export const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/** Whether `c` is a character of a b64token before its `=` padding (RFC 6750 2.1): `A-Z a-z 0-9 - . _ ~ + /`. */
function isTokenChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 46 || c === 95 || c === 126 || c === 43 || c === 47;
}

/** `Bearer` (any case of its ASCII letters), the scheme of {@link BEARER}. */
const SCHEME_BEARER = 'bearer';

/**
 * The token of a `Bearer` credential, or `undefined`: the capture of {@link BEARER}, read in one
 * pass over the characters (no expression run, about half the instructions a request spends on
 * it). The `i` flag without `u` folds ASCII letters only, as here.
 *
 * @example
 * bearerToken('bearer  abc.def== ') // 'abc.def=='
 * bearerToken('Bearer a b')         // undefined
 */
export function bearerToken(header: string): string | undefined {
  const length = header.length;
  if (length < 8) return undefined;
  for (let i = 0; i < 6; i++) {
    // ASCII letters only: setting bit 0x20 lowers A-Z and leaves a-z as they are.
    const c = header.charCodeAt(i);
    if ((c | 0x20) !== SCHEME_BEARER.charCodeAt(i) || c > 122) return undefined;
  }
  let at = 6;
  if (header.charCodeAt(at) !== 32) return undefined;
  while (at < length && header.charCodeAt(at) === 32) at++;
  const start = at;
  while (at < length && isTokenChar(header.charCodeAt(at))) at++;
  if (at === start) return undefined;
  while (at < length && header.charCodeAt(at) === 61 /* = */) at++;
  const end = at;
  while (at < length && header.charCodeAt(at) === 32) at++;
  return at === length ? header.slice(start, end) : undefined;
}
// RFC 7617: the Basic scheme, then spaces and one token68 (checked by decodeBasicCredentials).
const BASIC_SCHEME = /^Basic(?: |$)/i;
const BASIC = /^Basic +([^ ]+) *$/i;

// RFC 6750 3: characters allowed in a quoted error_description and in scope tokens.
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
// A realm we write inside a quoted-string without escapes: printable ASCII and spaces, no `"` or `\`.
const REALM = /^[\x20\x21\x23-\x5B\x5D-\x7E]+$/;

/** The realm of the Basic challenge when the auth port names none. */
export const DEFAULT_BASIC_REALM = 'payments-kit';

/**
 * The `WWW-Authenticate` value of a 401: the Bearer challenge (with its RFC 6750 error
 * parameters, if any) and, when the port accepts credential pairs, a Basic challenge after it
 * in the same field (RFC 7235 4.1: several challenges, comma-separated).
 *
 * @example
 * challengeFor({ verify, verifyBasic }, 'error="invalid_token"')
 * // 'Bearer error="invalid_token", Basic realm="payments-kit", charset="UTF-8"'
 */
export function challengeFor(auth: AuthPort, bearerParams?: string): string {
  const bearer = bearerParams === undefined ? 'Bearer' : `Bearer ${bearerParams}`;
  if (auth.verifyBasic === undefined) return bearer;
  const realm = auth.basicRealm !== undefined && REALM.test(auth.basicRealm) ? auth.basicRealm : DEFAULT_BASIC_REALM;
  return `${bearer}, Basic realm="${realm}", charset="UTF-8"`;
}

const refuse = (challenge: string, error: string): Authentication => ({ ok: false, status: 401, challenge, error });

/**
 * Authenticates a request from its `Authorization` header (spec 5, RFC 6750, RFC 7617):
 * missing, malformed, unknown, invalid and expired credentials are refused with a 401 and
 * a `WWW-Authenticate` challenge ({@link challengeFor}); `Basic` credentials reach
 * `auth.verifyBasic` when the port has it. A verifier that answers asynchronously gets
 * `timeoutMs`; after that, or when it refuses with `unavailable`, the answer is a 504.
 * Answers synchronously when the auth port does (no microtask per request); `clock` is read
 * only for a grant that has an expiry. With `outbound` (a traced request), the verifier's
 * `context.fetch` is the request's traced fetch, made when the verifier first reads it.
 *
 * @example
 * await authenticate('Bearer demo', auth, () => new Date(), 10_000) // { ok: true, token: 'demo', grant, ... }
 * await authenticate(undefined, auth, () => new Date(), 10_000)     // { ok: false, status: 401, challenge: 'Bearer', ... }
 */
export function authenticate(
  header: string | undefined,
  auth: AuthPort,
  clock: () => Date,
  timeoutMs: number,
  outbound?: OutboundFetchSource,
): Authentication | Promise<Authentication> {
  const pairs = auth.verifyBasic !== undefined;
  // A bearer token first: a header that holds one is not blank, so the blank check (a `trim`) is
  // left to the headers that hold none.
  const token = header === undefined ? undefined : bearerToken(header);
  if (token !== undefined) return ask(auth, 'bearer', token, undefined, clock, timeoutMs, outbound);
  if (header === undefined || header.trim() === '') {
    return refuse(challengeFor(auth), pairs ? HTTP_MESSAGES.missingCredentials : HTTP_MESSAGES.missingToken);
  }
  if (!pairs || !BASIC_SCHEME.test(header)) {
    const params = 'error="invalid_request", error_description="malformed Authorization header"';
    return refuse(challengeFor(auth, params), pairs ? HTTP_MESSAGES.malformedCredentials : HTTP_MESSAGES.malformedAuthorization);
  }
  const encoded = BASIC.exec(header)?.[1];
  const pair = encoded === undefined ? undefined : decodeBasicCredentials(encoded);
  if (pair === undefined) return refuse(challengeFor(auth), HTTP_MESSAGES.malformedBasic);
  return ask(auth, 'basic', pair.username, pair, clock, timeoutMs, outbound);
}

/**
 * What a verifier is given: the signal (and, on a traced request, the traced fetch) is made
 * only when a verifier reads it. A class, not an
 * object literal with a getter: a literal's getter is a new closure per request, which gives
 * every object its own hidden class; those old-space maps then keep each request's young
 * objects alive through the next scavenges (measured: about 240 bytes per request promoted).
 */
class VerifierContext implements AuthContext {
  #controller: AbortController | undefined;
  readonly #outbound: OutboundFetchSource | undefined;

  constructor(outbound: OutboundFetchSource | undefined) {
    this.#outbound = outbound;
  }

  get fetch(): OutboundFetch | undefined {
    return this.#outbound?.outboundFetch();
  }

  get signal(): AbortSignal {
    this.#controller ??= new AbortController();
    return this.#controller.signal;
  }

  /** Aborts the signal, if a verifier has read it. */
  abort(reason: unknown): void {
    this.#controller?.abort(reason);
  }
}

/**
 * Asks the verifier (`verifyBasic` for a credential pair, else `verify` for the token),
 * bounding an asynchronous answer by `timeoutMs`, and judges its verdict.
 */
function ask(
  auth: AuthPort,
  scheme: AuthScheme,
  token: string,
  pair: CredentialPair | undefined,
  clock: () => Date,
  timeoutMs: number,
  outbound: OutboundFetchSource | undefined,
): Authentication | Promise<Authentication> {
  const context = new VerifierContext(outbound);
  const verdict: Promise<AuthVerdict> | AuthVerdict = pair === undefined ? auth.verify(token, context) : auth.verifyBasic?.(pair, context);
  // The same test `await` applies: anything with a callable `then` is awaited.
  if (typeof (verdict as { then?: unknown } | undefined)?.then !== 'function') {
    return judge(auth, scheme, token, verdict as AuthVerdict, clock);
  }
  return withDeadline(() => verdict, timeoutMs).then((answered) => {
    if (answered.ok) return judge(auth, scheme, token, answered.value, clock);
    const cause = new Error(`the auth verifier did not answer within ${timeoutMs} ms`);
    context.abort(new DOMException(cause.message, 'TimeoutError'));
    return { ok: false, status: 504, error: HTTP_MESSAGES.authUnavailable, cause };
  });
}

const UNKNOWN_TOKEN = 'error="invalid_token", error_description="unknown token"';
const INVALID_TOKEN = 'error="invalid_token", error_description="invalid token"';
const EXPIRED_TOKEN = 'error="invalid_token", error_description="expired token"';

function judge(auth: AuthPort, scheme: AuthScheme, token: string, verdict: AuthVerdict, clock: () => Date): Authentication {
  const basic = scheme === 'basic';
  if (verdict === undefined || verdict === null) {
    return basic ? refuse(challengeFor(auth), HTTP_MESSAGES.invalidCredentials) : refuse(challengeFor(auth, UNKNOWN_TOKEN), HTTP_MESSAGES.invalidToken);
  }
  if ('refused' in verdict) {
    if (verdict.refused === 'unavailable') return { ok: false, status: 504, error: HTTP_MESSAGES.authUnavailable, cause: verdict.cause };
    if (verdict.refused === 'expired') {
      return basic ? refuse(challengeFor(auth), HTTP_MESSAGES.expiredCredentials) : refuse(challengeFor(auth, EXPIRED_TOKEN), HTTP_MESSAGES.expiredToken);
    }
    // `invalid`, and any reason this version does not know, is the client's credential.
    return basic ? refuse(challengeFor(auth), HTTP_MESSAGES.invalidCredentials) : refuse(challengeFor(auth, INVALID_TOKEN), HTTP_MESSAGES.rejectedToken);
  }
  if (verdict.expiresAt !== undefined && !(verdict.expiresAt.getTime() > clock().getTime())) {
    return basic ? refuse(challengeFor(auth), HTTP_MESSAGES.expiredCredentials) : refuse(challengeFor(auth, EXPIRED_TOKEN), HTTP_MESSAGES.expiredToken);
  }
  return { ok: true, scheme, token, grant: verdict };
}

const PLACEHOLDER = '{accountID}';

/**
 * Fills a scope template's first `{accountID}` with the path's account, literally, e.g.
 * `/accounts/{accountID}/invoices.write` -> `/accounts/acc_1/invoices.write`.
 *
 * @example
 * scopeFor('/accounts/{accountID}/wallets.read', 'acc_1') // '/accounts/acc_1/wallets.read'
 */
export function scopeFor(template: string, accountID: string | undefined): string {
  const account = accountID ?? '';
  // The last template and account first: comparisons where the maps hash (a path's account is
  // the router's remembered string, so the comparison is by identity).
  if (template === lastFilled.template && account === lastFilled.account) return lastFilled.scope;
  const parts = templateParts(template);
  if (parts === undefined) return template;
  let scope = parts.filled.get(account);
  if (scope === undefined) {
    // Joined, not `String.replace`: an account such as "$&" must not act as a replacement pattern.
    // `join`, not `+`: one flat string, which the grant's scopes are compared with in place (a
    // concatenation is a rope, compared through V8's runtime on every request).
    scope = [parts.before, account, parts.after].join('');
    if (parts.filled.size >= FILLED_SCOPES_MAX) parts.filled.clear();
    parts.filled.set(account, scope);
  }
  lastFilled = { template, account, scope };
  return scope;
}

/** The last template filled, its account and the scope (a pure function of the two). */
let lastFilled: { readonly template: string | undefined; readonly account: string | undefined; readonly scope: string } = {
  template: undefined,
  account: undefined,
  scope: '',
};

/**
 * Filled scopes remembered per template (then it starts afresh): a request for a recent
 * account compares the grant's scopes with a string already joined and flattened, instead of
 * joining one per request (measured: that join and its flattening were the largest single
 * cost of the scope check).
 */
const FILLED_SCOPES_MAX = 1_024;

type TemplateParts = { readonly before: string; readonly after: string; readonly filled: Map<string, string> };

// Templates come from the catalog and the host's registered operations: a handful, split once.
const SPLIT_TEMPLATES = new Map<string, TemplateParts | undefined>();
const SPLIT_TEMPLATES_MAX = 256;

/** The text before and after a template's first `{accountID}`; `undefined` when it has none. */
function templateParts(template: string): TemplateParts | undefined {
  const known = SPLIT_TEMPLATES.get(template);
  if (known !== undefined || SPLIT_TEMPLATES.has(template)) return known;
  const at = template.indexOf(PLACEHOLDER);
  const parts = at < 0 ? undefined : Object.freeze({ before: template.slice(0, at), after: template.slice(at + PLACEHOLDER.length), filled: new Map<string, string>() });
  if (SPLIT_TEMPLATES.size >= SPLIT_TEMPLATES_MAX) SPLIT_TEMPLATES.clear();
  SPLIT_TEMPLATES.set(template, parts);
  return parts;
}

/**
 * For an operation the spec lists without a scope: true when the grant holds any scope of
 * the path's account, or when the path names no account.
 *
 * @example
 * holdsAccountScope({ scopes: ['/accounts/a/wallets.read'] }, 'a') // true
 * holdsAccountScope({ scopes: ['/accounts/a/wallets.read'] }, 'b') // false
 */
export function holdsAccountScope(grant: TokenGrant, accountID: string | undefined): boolean {
  if (accountID === undefined) return true;
  const prefix = `/accounts/${accountID}/`;
  return grant.scopes.some((scope) => scope.startsWith(prefix));
}

/**
 * The `WWW-Authenticate` value of a 403: `Bearer error="insufficient_scope"`, naming the
 * scope when it can be written in a header (RFC 6750 3).
 *
 * @example
 * insufficientScopeChallenge('/accounts/a/wallets.read')
 * // 'Bearer error="insufficient_scope", scope="/accounts/a/wallets.read"'
 */
export function insufficientScopeChallenge(required: string | undefined): string {
  const base = 'Bearer error="insufficient_scope"';
  return required !== undefined && SCOPE_TOKEN.test(required) ? `${base}, scope="${required}"` : base;
}
