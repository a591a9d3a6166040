import type { InvoiceEffect } from '../invoice/index.js';

/** What an access token grants: scopes (spec 5) and an optional expiry. */
export type TokenGrant = {
  /** Scope strings with the account filled in, e.g. `/accounts/acc_1/invoices.write`. */
  readonly scopes: readonly string[];
  /** After this instant the token is refused with 401. */
  readonly expiresAt?: Date;
};

/** The authentication port: turns a bearer token into a grant, or `undefined` when unknown. */
export interface AuthPort {
  verify(token: string): Promise<TokenGrant | undefined> | TokenGrant | undefined;
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
  readonly token: string;
};

/** The rate limiter's answer: allowed, or refused with the seconds to wait. */
export type RateLimitDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/** The rate-limiting port (spec 8: a refusal is a 429 with `Retry-After`). */
export interface RateLimiter {
  check(input: RateLimitInput): Promise<RateLimitDecision> | RateLimitDecision;
}

/** Where an effect came from, for the host's effect callback. */
export type EffectContext = { readonly accountID: string; readonly requestId: string };

/** Receives each effect of a committed update exactly once. */
export type EffectHandler = (effect: InvoiceEffect, context: EffectContext) => void | Promise<void>;

/** Receives internal errors (a 500, or a failed effect callback) for logging; never shown to clients. */
export type ErrorReporter = (error: unknown, context: { readonly requestId: string; readonly operationId?: string }) => void;
