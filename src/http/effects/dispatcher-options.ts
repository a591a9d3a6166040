import type { Store } from '../store/port.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './backoff.js';
import { positiveOption } from '../core/option-checks.js';
import type { TelemetryOptions } from '../telemetry/api.js';
import { type KnownOptions, checkOptionKeys } from '../../shared/known-options.js';
import { type DeliverableEffect, type DeliveryContext, deliveryTimedOut } from './delivery.js';

/** What went wrong, for `onError`: a delivery (with its effect and the retry delay) or a store call. */
export type DispatchErrorContext = {
  /** `listen`: the store's effect subscription (`subscribeToEffects`) failed or lost its connection; polling goes on. */
  readonly stage: 'deliver' | 'claim' | 'complete' | 'release' | 'listen';
  readonly effectID?: string;
  readonly accountID?: string;
  readonly requestId?: string;
  readonly attempt?: number;
  /** After a failed delivery: the effect is claimable again in this many milliseconds. */
  readonly retryInMs?: number;
  /** After a failed delivery: true when it was the last attempt (`maxAttempts`) and the effect is now dead. */
  readonly dead?: boolean;
};

/**
 * Options of {@link createEffectDispatcher}. `tracer` (with `openTelemetry`) and `meter`: a
 * span per delivery in the writing request's trace, and delivery metrics (docs/observability.md).
 */
export type EffectDispatcherOptions = TelemetryOptions & {
  /** The store whose outbox is delivered (any adapter of the store port). */
  readonly store: Store;
  /** Delivers one effect; resolving marks it delivered, throwing or rejecting retries it later. */
  readonly deliver: (effect: DeliverableEffect, context: DeliveryContext) => void | Promise<void>;
  /** Failed deliveries and failed store calls; never thrown. Default: none. */
  readonly onError?: (error: unknown, context: DispatchErrorContext) => void;
  /**
   * Deliveries at once (and effects claimed at once); default 4. A delivered effect is marked
   * (`completeEffect`) while the next claim runs: deliveries plus delivered effects not yet
   * marked stay within twice this.
   */
  readonly concurrency?: number;
  /** A delivery still running after this is taken as failed (its signal aborts) and retried; default 30 000. */
  readonly deliveryTimeoutMs?: number;
  /** How long a claim holds; must exceed `deliveryTimeoutMs`; default twice `deliveryTimeoutMs`. */
  readonly leaseMs?: number;
  /** How often a started dispatcher looks for effects when nothing woke it; default 1 000. */
  readonly pollIntervalMs?: number;
  /**
   * Attempts before an effect is marked dead (kept with its last error, no longer claimed,
   * until `redrive`); a positive integer or `Infinity` (retry for ever); default
   * {@link DEFAULT_MAX_ATTEMPTS} (25: about an hour of retries with the default backoff).
   */
  readonly maxAttempts?: number;
  /** Backoff of failed deliveries; default {@link DEFAULT_RETRY_POLICY}. */
  readonly retry?: Partial<RetryPolicy>;
  /** A number in [0, 1) for the jitter; default `Math.random`. */
  readonly random?: () => number;
};

/** Messages for options `createEffectDispatcher` refuses. */
export const DISPATCHER_MESSAGES = Object.freeze({
  store: 'createEffectDispatcher: options.store is required',
  deliver: 'createEffectDispatcher: options.deliver must be a function',
  positive: (name: string) => `createEffectDispatcher: ${name} must be a positive finite number`,
  lease: 'createEffectDispatcher: leaseMs must be greater than deliveryTimeoutMs (a lease must outlive its delivery)',
  maxAttempts: 'createEffectDispatcher: maxAttempts must be a positive integer or Infinity',
  timedOut: deliveryTimedOut,
});

const DEFAULT_CONCURRENCY = 4;
const DEFAULT_DELIVERY_TIMEOUT_MS = 30_000;
const DEFAULT_POLL_INTERVAL_MS = 1_000;
/** Attempts before an effect is dead, unless `maxAttempts` says otherwise (graphile-worker's count; see docs/decisions/0243-dead-letters-after-25-attempts.md). */
export const DEFAULT_MAX_ATTEMPTS = 25;

function attemptCap(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_ATTEMPTS;
  if (value !== Infinity && !(typeof value === 'number' && Number.isInteger(value) && value >= 1)) throw new TypeError(DISPATCHER_MESSAGES.maxAttempts);
  return value;
}

const positive = (value: number | undefined, fallback: number, name: string): number => positiveOption(value, fallback, DISPATCHER_MESSAGES.positive(name));

/** {@link EffectDispatcherOptions} checked, with every default filled in. */
export type ResolvedDispatcherOptions = {
  readonly concurrency: number;
  readonly timeoutMs: number;
  readonly leaseMs: number;
  readonly pollMs: number;
  readonly policy: RetryPolicy;
  readonly random: () => number;
  readonly maxAttempts: number;
};

/** Every key of {@link EffectDispatcherOptions}: `createEffectDispatcher` refuses any other. */
const DISPATCHER_OPTION_KEYS = {
  store: true, deliver: true, onError: true, concurrency: true, deliveryTimeoutMs: true, leaseMs: true, pollIntervalMs: true,
  maxAttempts: true, retry: true, random: true, tracer: true, meter: true, openTelemetry: true,
} as const satisfies KnownOptions<EffectDispatcherOptions>;

/**
 * Checks the options of `createEffectDispatcher` (a bad one throws `TypeError` with a
 * {@link DISPATCHER_MESSAGES} text) and fills in the defaults.
 *
 * @example
 * resolveDispatcherOptions({ store, deliver }).concurrency // 4
 */
export function resolveDispatcherOptions(options: EffectDispatcherOptions): ResolvedDispatcherOptions {
  if (options === null || typeof options !== 'object' || options.store === undefined) throw new TypeError(DISPATCHER_MESSAGES.store);
  checkOptionKeys(options, DISPATCHER_OPTION_KEYS, 'createEffectDispatcher');
  if (typeof options.deliver !== 'function') throw new TypeError(DISPATCHER_MESSAGES.deliver);
  const concurrency = Math.floor(positive(options.concurrency, DEFAULT_CONCURRENCY, 'concurrency'));
  const timeoutMs = positive(options.deliveryTimeoutMs, DEFAULT_DELIVERY_TIMEOUT_MS, 'deliveryTimeoutMs');
  const leaseMs = positive(options.leaseMs, timeoutMs * 2, 'leaseMs');
  if (leaseMs <= timeoutMs) throw new TypeError(DISPATCHER_MESSAGES.lease);
  const pollMs = positive(options.pollIntervalMs, DEFAULT_POLL_INTERVAL_MS, 'pollIntervalMs');
  const policy: RetryPolicy = {
    initialDelayMs: positive(options.retry?.initialDelayMs, DEFAULT_RETRY_POLICY.initialDelayMs, 'retry.initialDelayMs'),
    maxDelayMs: positive(options.retry?.maxDelayMs, DEFAULT_RETRY_POLICY.maxDelayMs, 'retry.maxDelayMs'),
  };
  return { concurrency, timeoutMs, leaseMs, pollMs, policy, random: options.random ?? Math.random, maxAttempts: attemptCap(options.maxAttempts) };
}
