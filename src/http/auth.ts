import { HTTP_MESSAGES } from './messages.js';
import type { AuthPort, TokenGrant } from './ports.js';

/** A request's authentication: the token and its grant, or the 401 that refuses it. */
export type Authentication =
  | { readonly ok: true; readonly token: string; readonly grant: TokenGrant }
  | { readonly ok: false; readonly challenge: string; readonly error: string };

// RFC 7235 credentials with the RFC 6750 b64token: scheme, spaces, token68.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

// RFC 6750 3: characters allowed in a quoted error_description and in scope tokens.
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

const refuse = (challenge: string, error: string): Authentication => ({ ok: false, challenge, error });

/**
 * Authenticates a request from its `Authorization` header (spec 5, RFC 6750): missing,
 * malformed, unknown and expired tokens are refused with a `WWW-Authenticate: Bearer`
 * challenge (with `error="invalid_request"` or `error="invalid_token"` when a credential
 * was sent). Answers synchronously when the auth port does (no microtask per request);
 * `clock` is read only for a grant that has an expiry.
 *
 * @example
 * await authenticate('Bearer demo', auth, () => new Date()) // { ok: true, token: 'demo', grant }
 * await authenticate(undefined, auth, () => new Date())     // { ok: false, challenge: 'Bearer', ... }
 */
export function authenticate(
  header: string | undefined,
  auth: AuthPort,
  clock: () => Date,
): Authentication | Promise<Authentication> {
  if (header === undefined || header.trim() === '') return refuse('Bearer', HTTP_MESSAGES.missingToken);
  const token = BEARER.exec(header)?.[1];
  if (token === undefined) {
    return refuse('Bearer error="invalid_request", error_description="malformed Authorization header"', HTTP_MESSAGES.malformedAuthorization);
  }
  const grant = auth.verify(token);
  // The same test `await` applies: anything with a callable `then` is awaited.
  if (typeof (grant as { then?: unknown } | undefined)?.then === 'function') {
    return Promise.resolve(grant).then((resolved) => judge(token, resolved, clock));
  }
  return judge(token, grant as TokenGrant | undefined, clock);
}

function judge(token: string, grant: TokenGrant | undefined, clock: () => Date): Authentication {
  if (grant === undefined) {
    return refuse('Bearer error="invalid_token", error_description="unknown token"', HTTP_MESSAGES.invalidToken);
  }
  if (grant.expiresAt !== undefined && !(grant.expiresAt.getTime() > clock().getTime())) {
    return refuse('Bearer error="invalid_token", error_description="expired token"', HTTP_MESSAGES.expiredToken);
  }
  return { ok: true, token, grant };
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
  const parts = templateParts(template);
  // Joined, not `String.replace`: an account such as "$&" must not act as a replacement pattern.
  return parts === undefined ? template : parts.before + (accountID ?? '') + parts.after;
}

type TemplateParts = { readonly before: string; readonly after: string };

// Templates come from the catalog and the host's registered operations: a handful, split once.
const SPLIT_TEMPLATES = new Map<string, TemplateParts | undefined>();
const SPLIT_TEMPLATES_MAX = 256;

/** The text before and after a template's first `{accountID}`; `undefined` when it has none. */
function templateParts(template: string): TemplateParts | undefined {
  const known = SPLIT_TEMPLATES.get(template);
  if (known !== undefined || SPLIT_TEMPLATES.has(template)) return known;
  const at = template.indexOf(PLACEHOLDER);
  const parts = at < 0 ? undefined : Object.freeze({ before: template.slice(0, at), after: template.slice(at + PLACEHOLDER.length) });
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
