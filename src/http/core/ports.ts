import type { InvoiceEffect } from '../../invoice/index.js';

/** What an access token grants: scopes (spec 5) and an optional expiry. */
export type TokenGrant = {
  /** Scope strings with the account filled in, e.g. `/accounts/acc_1/invoices.write`. */
  readonly scopes: readonly string[];
  /** After this instant the token is refused with 401. */
  readonly expiresAt?: Date;
};

/**
 * Why a verifier refused a credential: `invalid` (bad signature, wrong issuer or audience, not
 * yet valid, wrong password) and `expired` are the client's (401, `error="invalid_token"` for a
 * bearer token); `unavailable` means the identity provider (a JWKS endpoint, a user
 * directory) failed to answer, which is the server's problem (504), never the client's.
 */
export type AuthRefusalReason = 'invalid' | 'expired' | 'unavailable';

/** A verifier's refusal with its reason; `cause` (for `unavailable`) is passed to `onError`. */
export type AuthRefusal = { readonly refused: AuthRefusalReason; readonly cause?: unknown };

/** A verifier's answer: a grant, a refusal with its reason, or `undefined` (unknown: 401). */
export type AuthVerdict = TokenGrant | AuthRefusal | undefined;

/** A `fetch` for a port's own outbound HTTP calls (the WHATWG `fetch` signature). */
export type OutboundFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** What a verifier is given besides the credential. */
export type AuthContext = {
  /** Aborted when `downstreamTimeoutMs` passes; the request is then answered 504. */
  readonly signal: AbortSignal;
  /**
   * When the handler traces: a `fetch` whose every call is a client span, child of the
   * request's server span (`createJwtAuth` fetches its JWKS through it). `undefined` otherwise.
   */
  readonly fetch?: OutboundFetch | undefined;
};

/** Makes a request's traced {@link OutboundFetch}, on demand (`undefined` when the request is not traced). */
export type OutboundFetchSource = { outboundFetch(): OutboundFetch | undefined };

/** The user name and password of an `Authorization: Basic` header (spec 5.3, RFC 7617). */
export type CredentialPair = { readonly username: string; readonly password: string };

/**
 * The authentication port. `verify` turns a bearer token into a grant; answering `undefined`
 * (unknown token) stays valid, and an {@link AuthRefusal} says why a token was refused.
 * `verifyBasic`, when present, accepts `Authorization: Basic` credential pairs (spec 5.3) and
 * answers the same way; `basicRealm` is the realm its challenge names. Either may be sync or
 * async; an async answer slower than `downstreamTimeoutMs` is a 504.
 */
export interface AuthPort {
  verify(token: string, context?: AuthContext): Promise<AuthVerdict> | AuthVerdict;
  verifyBasic?(pair: CredentialPair, context?: AuthContext): Promise<AuthVerdict> | AuthVerdict;
  readonly basicRealm?: string;
}

/** What the wallet provider is asked for (spec 4.4). */
export type WalletSessionInput = {
  readonly accountID: string;
  readonly domain: string;
  readonly displayName: string;
  /** Aborted when `downstreamTimeoutMs` passes or the client goes away. */
  readonly signal: AbortSignal;
};

/** The wallet provider port: answers the provider's JSON-serialized session object, which the 200 carries unchanged as a JSON string. */
export interface WalletProvider {
  createSession(input: WalletSessionInput): Promise<string>;
}

/** What the rate limiter is asked about one authorized request. */
export type RateLimitInput = {
  readonly operationId: string;
  readonly accountID: string | undefined;
  /** The bearer token, or for `Authorization: Basic` the user name (never the password). */
  readonly token: string;
  /** How the request authenticated. */
  readonly scheme: 'bearer' | 'basic';
};

/**
 * A key's budget after this request, as the `RateLimit-Policy` and `RateLimit` headers
 * (draft-ietf-httpapi-ratelimit-headers) report it: `policy` names it, `quota` requests per
 * `windowSeconds`, `remaining` left now, the window resets in `resetSeconds`.
 */
export type RateLimitBudget = {
  /** The policy's name: printable ASCII (a structured-field string). */
  readonly policy: string;
  readonly quota: number;
  /** The window in seconds; `undefined` when the limiter's window never resets. */
  readonly windowSeconds: number | undefined;
  readonly remaining: number;
  readonly resetSeconds: number;
};

/**
 * The rate limiter's answer: allowed, or refused with the seconds to wait (429). A limiter
 * whose backend failed says so with `backendError`, which is passed to `onError`: allowed
 * (fail open) goes on, refused (fail closed) is a 504. A limiter that knows the key's budget
 * reports it as `budget`, and every answer then carries the rate-limit headers.
 */
export type RateLimitDecision =
  | { readonly allowed: true; readonly backendError?: unknown; readonly budget?: RateLimitBudget }
  | { readonly allowed: false; readonly retryAfterSeconds: number; readonly budget?: RateLimitBudget }
  | { readonly allowed: false; readonly backendError: unknown };

/** The rate-limiting port (spec 8: a refusal is a 429 with `Retry-After`). */
export interface RateLimiter {
  check(input: RateLimitInput): Promise<RateLimitDecision> | RateLimitDecision;
}

/** Where an effect came from, for the host's effect callback. */
export type EffectContext = {
  readonly accountID: string;
  /** The request whose write caused the effect. */
  readonly requestId: string;
  /** The effect's stable ID in the outbox: deduplicate on it (delivery is at least once). */
  readonly effectID: string;
  /** 1 on the first delivery attempt. */
  readonly attempt: number;
};

/**
 * Receives each effect of a committed update at least once, after the commit, from the
 * outbox (`createHandler`'s `onEffect`); throwing or rejecting has it retried with backoff.
 */
export type EffectHandler = (effect: InvoiceEffect, context: EffectContext) => void | Promise<void>;

/** Receives internal errors (a 500, or a failed effect callback) for logging; never shown to clients. */
export type ErrorReporter = (error: unknown, context: { readonly requestId: string; readonly operationId?: string }) => void;
