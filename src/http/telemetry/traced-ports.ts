import type { OtelContext } from './otel-types.js';
import type { RateLimitDecision, WalletProvider } from '../core/ports.js';
import type { Store } from '../store/port.js';
import { ATTRIBUTES } from './attributes.js';
import type { Tracing } from './api.js';
import { childContext, inChildSpan } from './child-span.js';
import { tracedStore } from './traced-store.js';

/** Span names of the ports other than the store. */
export const PORT_SPAN_NAMES = Object.freeze({ wallet: 'walletProvider createSession', rateLimiter: 'rateLimiter check' });

/**
 * The wallet provider of one traced request: `createSession` runs in a child span (the
 * account ID only; the domain, display name and the provider's answer are not recorded).
 *
 * @example
 * const provider = tracedWalletProvider(walletProvider, tracing, requestContext);
 */
export function tracedWalletProvider(provider: WalletProvider, tracing: Tracing, parent: OtelContext): WalletProvider {
  return {
    createSession: (input) =>
      inChildSpan(tracing, parent, PORT_SPAN_NAMES.wallet, { [ATTRIBUTES.accountId]: input.accountID }, (span) =>
        tracing.api.context.with(childContext(tracing, parent, span), () => provider.createSession(input)),
      ),
  };
}

/** The ports an operation reads from its options, replaced for one traced request. */
type TracedPorts = { readonly store: Store; readonly walletProvider: WalletProvider | undefined };

/**
 * `options` with the store and the wallet provider traced as children of `parent`: a new
 * object per traced request whose prototype is `options` (so nothing is copied; the
 * handler's own options are untouched).
 *
 * @example
 * const context = { exchange, params, accountID, requestId, options: withTracedPorts(options, tracing, requestContext) };
 */
export function withTracedPorts<O extends TracedPorts>(options: O, tracing: Tracing, parent: OtelContext): O {
  const { walletProvider } = options;
  const ported = Object.create(options) as { -readonly [K in keyof TracedPorts]: TracedPorts[K] };
  ported.store = tracedStore(options.store, tracing, parent);
  if (walletProvider !== undefined) ported.walletProvider = tracedWalletProvider(walletProvider, tracing, parent);
  return ported as O;
}

/**
 * Runs a rate-limiter check in a child span; the span records whether the request was allowed.
 *
 * @example
 * const decision = await tracedRateLimit(tracing, requestContext, 'getSchedule', () => limiter.check(input));
 */
export function tracedRateLimit(
  tracing: Tracing,
  parent: OtelContext,
  operationId: string,
  check: () => RateLimitDecision | Promise<RateLimitDecision>,
): Promise<RateLimitDecision> {
  return inChildSpan(tracing, parent, PORT_SPAN_NAMES.rateLimiter, { [ATTRIBUTES.operationId]: operationId }, async (span) => {
    const decision = await check();
    span.setAttribute(ATTRIBUTES.rateLimitAllowed, decision.allowed);
    return decision;
  });
}
