import { type JWSHeaderParameters, type JWTPayload, type JWTVerifyOptions, type KeyInput, jwtVerify } from 'jose';
import { ASYMMETRIC_ALGORITHMS, algorithmsForKey } from './jwt-algorithms.js';
import { type RemoteKeySet, createRemoteKeySet } from './remote-key-set.js';
import type { AuthContext, AuthPort, AuthVerdict, TokenGrant } from '../core/ports.js';

/** Options of {@link createJwtAuth} shared by the JWKS and the single-key form. */
export type JwtAuthCommonOptions = {
  /** The required `iss` (one, or any of several); unchecked when left out. */
  readonly issuer?: string | readonly string[];
  /** The required `aud` (the token must name one of these); unchecked when left out. */
  readonly audience?: string | readonly string[];
  /** The claim holding the scopes: a space-separated string or an array of strings; default `scope`. */
  readonly scopeClaim?: string;
  /** Accepted `alg` values; default: all the key (or, for a JWKS, any asymmetric key) can check. `none` and HMAC with a public key are refused at start-up. */
  readonly algorithms?: readonly string[];
  /** Leeway for `exp` and `nbf` against this clock, in seconds; default {@link DEFAULT_CLOCK_TOLERANCE_SECONDS}. */
  readonly clockToleranceSeconds?: number;
  /** Refuse tokens without `exp` (default true: a token that never expires is a standing risk). */
  readonly requireExpiry?: boolean;
  /** The current time for `exp`/`nbf`; default `() => new Date()`. */
  readonly clock?: () => Date;
};

/** Options of {@link createJwtAuth}: a JWKS URL, fetched and cached (with jose's `createRemoteJWKSet`). */
export type JwtAuthJwksOptions = JwtAuthCommonOptions & {
  /** The identity provider's JWKS URL: `https:`, or `http:` to a loopback host. */
  readonly jwks: string | URL;
  readonly key?: never;
  /** How long one JWKS fetch may take; default {@link DEFAULT_JWKS_TIMEOUT_MS}. The handler's `downstreamTimeoutMs` bounds the whole check too. */
  readonly jwksTimeoutMs?: number;
  /** After a fetch, an unknown `kid` does not refetch for this long; default {@link DEFAULT_JWKS_COOLDOWN_MS}. */
  readonly jwksCooldownMs?: number;
  /** A fetched JWKS is used this long before it is fetched again; default {@link DEFAULT_JWKS_MAX_AGE_MS}. */
  readonly jwksMaxAgeMs?: number;
};

/** Options of {@link createJwtAuth}: one verification key (public key, or a secret for HMAC). */
export type JwtAuthKeyOptions = JwtAuthCommonOptions & { readonly key: KeyInput; readonly jwks?: never };

/** Options of {@link createJwtAuth}. */
export type JwtAuthOptions = JwtAuthJwksOptions | JwtAuthKeyOptions;

/** Default leeway for `exp` and `nbf`: 30 seconds. */
export const DEFAULT_CLOCK_TOLERANCE_SECONDS = 30;
/** Default bound of one JWKS fetch: 5 seconds (below the handler's default downstream timeout). */
export const DEFAULT_JWKS_TIMEOUT_MS = 5_000;
/** Default pause between JWKS refetches for unknown `kid`s: 30 seconds. */
export const DEFAULT_JWKS_COOLDOWN_MS = 30_000;
/** Default age after which the JWKS is fetched again: 10 minutes. */
export const DEFAULT_JWKS_MAX_AGE_MS = 600_000;
/** The default scope claim (RFC 8693 4.2, RFC 9068 2.2.3). */
export const DEFAULT_SCOPE_CLAIM = 'scope';

/** Messages of the `TypeError`s {@link createJwtAuth} throws at start-up. */
export const JWT_AUTH_MESSAGES = Object.freeze({
  keySource: 'createJwtAuth: pass exactly one of `jwks` (a URL) or `key`',
  jwksUrl: 'createJwtAuth: `jwks` must be an https: URL, or http: to a loopback host (127.0.0.1, ::1, localhost)',
  unknownKey: 'createJwtAuth: `key` is not a key this module can derive algorithms for; pass `algorithms` or a KeyObject, CryptoKey, JWK or secret',
  pemKey:
    'createJwtAuth: `key` holds PEM text ("-----BEGIN"), which would be taken as an HMAC secret (a token signed with the public key would verify): import it as a key first, e.g. `createPublicKey(pem)` of node:crypto (a KeyObject) or jose\'s `importSPKI(pem, alg)`, or pass it as a JWK',
  noAlgorithms: 'createJwtAuth: `algorithms` must name at least one algorithm',
  algorithmNotForKey: (alg: string) => `createJwtAuth: algorithm "${alg}" cannot be checked with this key (never "none", never HMAC with a public key or a JWKS)`,
  nonNegative: (name: string) => `createJwtAuth: ${name} must be a non-negative finite number`,
  scopeClaim: 'createJwtAuth: `scopeClaim` must be a non-empty string',
});

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** The JWKS could not be fetched or read: the identity provider's failure, not the token's. */
class KeySourceUnavailable extends Error {
  constructor(cause: unknown) {
    super('the JWKS could not be fetched', { cause });
  }
}

// Errors of key selection in a fetched set: the token names a key or alg the set does not have.
const KEY_SELECTION_CODES: ReadonlySet<unknown> = new Set<unknown>(['ERR_JWKS_NO_MATCHING_KEY', 'ERR_JWKS_MULTIPLE_MATCHING_KEYS', 'ERR_JOSE_NOT_SUPPORTED', 'ERR_JOSE_ALG_NOT_ALLOWED']);

const codeOf = (error: unknown): unknown => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);

function nonNegative(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new TypeError(JWT_AUTH_MESSAGES.nonNegative(name));
  return value;
}

function jwksUrl(value: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new TypeError(JWT_AUTH_MESSAGES.jwksUrl);
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return url;
  throw new TypeError(JWT_AUTH_MESSAGES.jwksUrl);
}

type KeyFunction = (header: JWSHeaderParameters) => Promise<KeyInput>;

/** The key of a token: one key, or (JWKS) the key function of a request, given its context. */
type KeySource = { readonly key: KeyInput } | { readonly keyFor: (context: AuthContext | undefined) => KeyFunction };

/** A key function over the remote set: a failed fetch is {@link KeySourceUnavailable}, a key the set lacks stays jose's error. */
function keyFunction(remote: RemoteKeySet, fetch: AuthContext['fetch']): KeyFunction {
  return async (header) => {
    try {
      return await remote.key(header, fetch);
    } catch (error) {
      throw KEY_SELECTION_CODES.has(codeOf(error)) ? error : new KeySourceUnavailable(error);
    }
  };
}

function keySource(options: JwtAuthOptions): { readonly source: KeySource; readonly possible: readonly string[] } {
  if (options.jwks !== undefined) {
    const remote = createRemoteKeySet(jwksUrl(options.jwks), {
      timeoutMs: Math.ceil(nonNegative(options.jwksTimeoutMs, DEFAULT_JWKS_TIMEOUT_MS, 'jwksTimeoutMs')),
      cooldownMs: nonNegative(options.jwksCooldownMs, DEFAULT_JWKS_COOLDOWN_MS, 'jwksCooldownMs'),
      maxAgeMs: nonNegative(options.jwksMaxAgeMs, DEFAULT_JWKS_MAX_AGE_MS, 'jwksMaxAgeMs'),
    });
    const untraced = keyFunction(remote, undefined);
    // A traced request gets a key function of its own, whose fetch (if it starts one) is its child span.
    const keyFor = (context: AuthContext | undefined): KeyFunction => {
      const fetch = context?.fetch;
      return fetch === undefined ? untraced : keyFunction(remote, fetch);
    };
    return { source: { keyFor }, possible: ASYMMETRIC_ALGORITHMS };
  }
  if (holdsPem(options.key)) throw new TypeError(JWT_AUTH_MESSAGES.pemKey);
  const possible = algorithmsForKey(options.key);
  if (possible.length === 0 && options.algorithms === undefined) throw new TypeError(JWT_AUTH_MESSAGES.unknownKey);
  return { source: { key: options.key }, possible };
}

const PEM_BEGIN = '-----BEGIN';

/** Whether bytes or text start (after whitespace) with a PEM header. */
function startsWithPem(text: string): boolean {
  return text.trimStart().startsWith(PEM_BEGIN);
}

/**
 * Whether a key given as secret material is really PEM text: bytes or a string, a secret
 * `KeyObject`, or an `oct` JWK whose `k` decodes to it. Taken as an HMAC secret, a public key's
 * PEM (which anyone may hold) would verify tokens forged with it.
 */
function holdsPem(key: unknown): boolean {
  if (typeof key === 'string') return startsWithPem(key);
  if (key instanceof Uint8Array) return startsWithPem(String.fromCharCode(...key.subarray(0, 256)));
  if (typeof key !== 'object' || key === null) return false;
  const record = key as { type?: unknown; export?: unknown; kty?: unknown; k?: unknown };
  if (record.type === 'secret' && typeof record.export === 'function') {
    const exported: unknown = (record.export as () => unknown).call(key);
    return exported instanceof Uint8Array && holdsPem(exported);
  }
  if (record.kty === 'oct' && typeof record.k === 'string') return startsWithPem(base64UrlText(record.k.slice(0, 344)));
  return false;
}

/** The first bytes of base64url text as latin1 text ('' when it is not base64url). */
function base64UrlText(text: string): string {
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/').slice(0, text.length - (text.length % 4)));
  } catch {
    return '';
  }
}

function allowedAlgorithms(requested: readonly string[] | undefined, possible: readonly string[]): string[] {
  if (requested === undefined) return [...possible];
  if (requested.length === 0) throw new TypeError(JWT_AUTH_MESSAGES.noAlgorithms);
  for (const alg of requested) if (!possible.includes(alg)) throw new TypeError(JWT_AUTH_MESSAGES.algorithmNotForKey(alg));
  return [...requested];
}

/**
 * The scopes a verified payload grants, from `claim`: a space-separated string (empty parts
 * ignored) or an array of strings; no claim grants none. `undefined` for any other value.
 *
 * @example
 * scopesFromClaim({ scope: '/accounts/a/wallets.read  /accounts/a/invoices.write' }, 'scope')
 * // ['/accounts/a/wallets.read', '/accounts/a/invoices.write']
 */
export function scopesFromClaim(payload: JWTPayload, claim: string): readonly string[] | undefined {
  const value = Object.hasOwn(payload, claim) ? payload[claim] : undefined;
  if (value === undefined) return [];
  if (typeof value === 'string') return value.split(' ').filter((scope) => scope !== '');
  if (Array.isArray(value) && value.every((scope) => typeof scope === 'string')) return value as string[];
  return undefined;
}

/**
 * An auth port that verifies signed JWT access tokens with `jose`: the signature against a
 * JWKS URL (cached; refetched on an unknown `kid` at most once per cooldown; each fetch
 * bounded by `jwksTimeoutMs`) or one key; `alg` from an allow-list derived from the key (never
 * `none`, never HMAC with a public key); `iss` and `aud` when configured; `exp` (required by
 * default) and `nbf` with `clockToleranceSeconds` of leeway. Scopes come from `scopeClaim`.
 * An expired token is refused as `expired`, any other bad token as `invalid` (both 401), and
 * a JWKS that cannot be fetched or read as `unavailable` (504, reported to `onError`).
 *
 * @example
 * const auth = createJwtAuth({
 *   jwks: 'https://id.example.com/.well-known/jwks.json',
 *   issuer: 'https://id.example.com/',
 *   audience: 'payments-api',
 * });
 * createHandler({ store, auth });
 */
export function createJwtAuth(options: JwtAuthOptions): AuthPort {
  if (options === null || typeof options !== 'object' || (options.jwks === undefined) === (options.key === undefined)) {
    throw new TypeError(JWT_AUTH_MESSAGES.keySource);
  }
  const scopeClaim = options.scopeClaim ?? DEFAULT_SCOPE_CLAIM;
  if (typeof scopeClaim !== 'string' || scopeClaim === '') throw new TypeError(JWT_AUTH_MESSAGES.scopeClaim);
  const { source, possible } = keySource(options);
  const algorithms = allowedAlgorithms(options.algorithms, possible);
  const tolerance = nonNegative(options.clockToleranceSeconds, DEFAULT_CLOCK_TOLERANCE_SECONDS, 'clockToleranceSeconds');
  const clock = options.clock;
  const base: JWTVerifyOptions = {
    algorithms,
    clockTolerance: tolerance,
    ...(options.issuer === undefined ? {} : { issuer: typeof options.issuer === 'string' ? options.issuer : [...options.issuer] }),
    ...(options.audience === undefined ? {} : { audience: typeof options.audience === 'string' ? options.audience : [...options.audience] }),
    ...(options.requireExpiry === false ? {} : { requiredClaims: ['exp'] }),
  };
  const verify = async (token: string, context?: AuthContext): Promise<AuthVerdict> => {
    const verifyOptions = clock === undefined ? base : { ...base, currentDate: clock() };
    const key = 'key' in source ? source.key : source.keyFor(context);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key as Parameters<typeof jwtVerify>[1], verifyOptions));
    } catch (error) {
      return refusalFor(error);
    }
    const scopes = scopesFromClaim(payload, scopeClaim);
    if (scopes === undefined) return { refused: 'invalid' };
    const grant: TokenGrant = { scopes: Object.freeze([...scopes]) };
    return grant;
  };
  return { verify };
}

function refusalFor(error: unknown): AuthVerdict {
  if (error instanceof KeySourceUnavailable) return { refused: 'unavailable', cause: error.cause };
  const code = codeOf(error);
  if (code === 'ERR_JWT_EXPIRED') return { refused: 'expired' };
  if (typeof code === 'string' && code.startsWith('ERR_J')) return { refused: 'invalid' };
  throw error;
}
