import type { InvoiceEffect } from '../../invoice/index.js';
import type { ClaimedEffect, EffectSubscription, RedriveFilter, Store } from '../store/port.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, retryDelayMs } from './backoff.js';
import { withDeadline } from '../core/deadline.js';
import { callGuarded } from '../core/guarded.js';
import { type TimerHandle, unrefTimeout } from '../core/timers.js';
import { positiveOption } from '../core/option-checks.js';
import type { TelemetryOptions } from '../telemetry/api.js';
import { observeDeliveries } from '../telemetry/delivery-trace.js';
import { type KnownOptions, checkOptionKeys } from '../../shared/known-options.js';

/** An effect as `deliver` receives it: the `InvoiceEffect` with its stable `effectID` (deduplicate on it). */
export type DeliverableEffect = InvoiceEffect & { readonly effectID: string };

/** Where an effect came from and which attempt this is. */
export type DeliveryContext = {
  readonly effectID: string;
  readonly accountID: string;
  /** The request whose write caused the effect. */
  readonly requestId: string;
  /** 1 on the first delivery attempt; each claim of the effect counts one. */
  readonly attempt: number;
  /** Aborted when `deliveryTimeoutMs` passes: stop the work, the effect will be retried. */
  readonly signal: AbortSignal;
};

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

/** Every key of {@link EffectDispatcherOptions}: `createEffectDispatcher` refuses any other. */
const DISPATCHER_OPTION_KEYS = {
  store: true, deliver: true, onError: true, concurrency: true, deliveryTimeoutMs: true, leaseMs: true, pollIntervalMs: true,
  maxAttempts: true, retry: true, random: true, tracer: true, meter: true, openTelemetry: true,
} as const satisfies KnownOptions<EffectDispatcherOptions>;

/** A running (or stopped) effect dispatcher. */
export type EffectDispatcher = {
  /**
   * Starts delivering in the background (polling, and at once on `wake()`); idempotent. When the
   * store offers `subscribeToEffects` (PostgreSQL's LISTEN/NOTIFY), each notification wakes it too.
   */
  start(): void;
  /** Stops claiming and resolves once the deliveries under way have settled. */
  stop(): Promise<void>;
  /**
   * Delivers every effect claimable now once (not those waiting for a retry or held by another
   * dispatcher's lease) and resolves with how many were delivered; failures are released for
   * a retry. For tests and cron-style hosts; works whether or not the dispatcher is started.
   */
  drain(): Promise<number>;
  /** Looks for effects now (e.g. right after a write committed some); a no-op unless started. */
  wake(): void;
  /** Makes the dead effects `filter` selects claimable again (the store's `redriveEffects`), wakes, and resolves with how many. */
  redrive(filter: RedriveFilter): Promise<number>;
};

/** Messages for options `createEffectDispatcher` refuses. */
export const DISPATCHER_MESSAGES = Object.freeze({
  store: 'createEffectDispatcher: options.store is required',
  deliver: 'createEffectDispatcher: options.deliver must be a function',
  positive: (name: string) => `createEffectDispatcher: ${name} must be a positive finite number`,
  lease: 'createEffectDispatcher: leaseMs must be greater than deliveryTimeoutMs (a lease must outlive its delivery)',
  maxAttempts: 'createEffectDispatcher: maxAttempts must be a positive integer or Infinity',
  timedOut: (ms: number) => `the delivery did not settle within deliveryTimeoutMs (${ms} ms)`,
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

/** The error text kept with a released effect, for operators. */
function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  try {
    return String(error);
  } catch {
    return 'unprintable error';
  }
}

/** Runs `deliver` under a deadline: resolves true when it succeeded, or with the error (a timeout included). */
async function attempt(
  options: EffectDispatcherOptions,
  claim: ClaimedEffect,
  timeoutMs: number,
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const effect: DeliverableEffect = Object.freeze({ ...claim.effect, effectID: claim.effectID });
  const about = { effectID: claim.effectID, accountID: claim.accountID, requestId: claim.requestId, attempt: claim.attempt };
  const timeout = (): Error => Object.assign(new Error(DISPATCHER_MESSAGES.timedOut(timeoutMs)), { name: 'TimeoutError' });
  try {
    const delivered = await withDeadline((signal) => options.deliver(effect, { ...about, signal }), timeoutMs, { timeoutReason: timeout });
    return delivered.ok ? { ok: true } : { ok: false, error: timeout() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Subscribes to the store's effect notifications when it offers them; never rejects (failures go to `onError`). */
async function subscribe(store: Store, wake: () => void, onError: (error: unknown) => void): Promise<EffectSubscription | undefined> {
  if (typeof store.subscribeToEffects !== 'function') return undefined;
  try {
    return await store.subscribeToEffects(wake, { onError });
  } catch (error) {
    onError(error);
    return undefined;
  }
}

/** Closes a subscription `subscribe` opened (or is opening); never rejects. */
async function closeSubscription(opening: Promise<EffectSubscription | undefined> | undefined, onError: (error: unknown) => void): Promise<void> {
  try {
    await (await opening)?.close();
  } catch (error) {
    onError(error);
  }
}

/**
 * Delivers the store's outbox at least once: claims pending effects with a lease, calls
 * `deliver(effect, context)` for each (up to `concurrency` at once, each under
 * `deliveryTimeoutMs`), marks it delivered when `deliver` resolves, and otherwise releases
 * it for a retry with exponential backoff and jitter (from 0.25-0.5 s up to `maxDelayMs`).
 * After `maxAttempts` failed attempts (default 25) the effect is marked dead with its last
 * error: no longer claimed, never deleted, listed by the store's `listDeadEffects` and made
 * claimable again by `redrive`. No effect is dropped. Several dispatchers, in one process or many, can share a
 * store; the store's leases keep them from delivering one effect at the same time, and an
 * effect whose dispatcher died is delivered after its lease. Every timer is unref'd, so a
 * dispatcher never keeps a process alive. Errors go to `onError`, never thrown.
 *
 * @example
 * const dispatcher = createEffectDispatcher({
 *   store,
 *   deliver: async (effect, { attempt }) => {
 *     if (effect.type === 'invoice.finalized') await mailer.sendPaymentLink(effect, { dedupeKey: effect.effectID });
 *   },
 *   onError: (error, context) => log.warn('effect delivery failed', context, error),
 * });
 * dispatcher.start();
 * process.on('SIGTERM', () => dispatcher.stop().then(() => process.exit(0)));
 */
export function createEffectDispatcher(options: EffectDispatcherOptions): EffectDispatcher {
  if (options === null || typeof options !== 'object' || options.store === undefined) throw new TypeError(DISPATCHER_MESSAGES.store);
  checkOptionKeys(options, DISPATCHER_OPTION_KEYS, 'createEffectDispatcher');
  if (typeof options.deliver !== 'function') throw new TypeError(DISPATCHER_MESSAGES.deliver);
  const { store } = options;
  const concurrency = Math.floor(positive(options.concurrency, DEFAULT_CONCURRENCY, 'concurrency'));
  const timeoutMs = positive(options.deliveryTimeoutMs, DEFAULT_DELIVERY_TIMEOUT_MS, 'deliveryTimeoutMs');
  const leaseMs = positive(options.leaseMs, timeoutMs * 2, 'leaseMs');
  if (leaseMs <= timeoutMs) throw new TypeError(DISPATCHER_MESSAGES.lease);
  const pollMs = positive(options.pollIntervalMs, DEFAULT_POLL_INTERVAL_MS, 'pollIntervalMs');
  const policy: RetryPolicy = {
    initialDelayMs: positive(options.retry?.initialDelayMs, DEFAULT_RETRY_POLICY.initialDelayMs, 'retry.initialDelayMs'),
    maxDelayMs: positive(options.retry?.maxDelayMs, DEFAULT_RETRY_POLICY.maxDelayMs, 'retry.maxDelayMs'),
  };
  const random = options.random ?? Math.random;
  const maxAttempts = attemptCap(options.maxAttempts);
  // The one telemetry hook: without a tracer and a meter this is `attempt` itself.
  const attemptOnce = observeDeliveries(options, store, (claim: ClaimedEffect) => attempt(options, claim, timeoutMs));

  const report = (error: unknown, context: DispatchErrorContext): void => callGuarded(options.onError, error, context);
  const about = (claim: ClaimedEffect) => ({
    effectID: claim.effectID,
    accountID: claim.accountID,
    requestId: claim.requestId,
    attempt: claim.attempt,
  });

  let running = false;
  let claiming = false;
  let wakeAgain = false;
  let pollTimer: TimerHandle | undefined;
  let subscription: Promise<EffectSubscription | undefined> | undefined;
  const retryTimers = new Set<TimerHandle>();
  const inFlight = new Set<Promise<boolean>>();
  const marks = new Set<Promise<void>>();

  /** The last attempt failed: the effect is dead (kept with its error) until a redrive. Never rejects. */
  const markDead = async (claim: ClaimedEffect, failure: unknown): Promise<void> => {
    report(failure, { stage: 'deliver', ...about(claim), dead: true });
    try {
      await store.markEffectDead(claim.effectID, claim.claimToken, describe(failure));
    } catch (error) {
      // Not marked: it is claimed again after its lease, and marked dead on that attempt.
      report(error, { stage: 'release', ...about(claim) });
    }
  };

  /** Marks a delivered effect so (the store's `completeEffect`). Never rejects. */
  const markDelivered = async (claim: ClaimedEffect): Promise<void> => {
    try {
      await store.completeEffect(claim.effectID, claim.claimToken);
    } catch (error) {
      // Delivered but not marked: it is delivered again after its lease (at least once).
      report(error, { stage: 'complete', ...about(claim) });
    }
  };

  /** One attempt at a claimed effect; a failure is released for a retry or marked dead. Resolves true when delivered. Never rejects. */
  const attemptClaimed = async (claim: ClaimedEffect): Promise<boolean> => {
    const outcome = await attemptOnce(claim);
    if (outcome.ok) return true;
    if (claim.attempt >= maxAttempts) {
      await markDead(claim, outcome.error);
      return false;
    }
    const retryInMs = retryDelayMs(claim.attempt, policy, random);
    report(outcome.error, { stage: 'deliver', ...about(claim), retryInMs });
    try {
      await store.releaseEffect(claim.effectID, claim.claimToken, retryInMs, describe(outcome.error));
    } catch (error) {
      // Not released: it is claimable again after its lease.
      report(error, { stage: 'release', ...about(claim) });
    }
    if (running) {
      const timer = unrefTimeout(() => {
        retryTimers.delete(timer);
        wake();
      }, retryInMs);
      retryTimers.add(timer);
    }
    return false;
  };

  /** Delivers one claimed effect and marks it; resolves true when it was delivered. Never rejects. */
  const deliverClaimed = async (claim: ClaimedEffect): Promise<boolean> => {
    const delivered = await attemptClaimed(claim);
    if (delivered) await markDelivered(claim);
    return delivered;
  };

  /** Settles `work` in the set `within` (stop() waits for both sets) and looks for more work after it. */
  const follow = <T>(within: Set<Promise<T>>, work: Promise<T>): Promise<T> => {
    within.add(work);
    void work.then(() => {
      within.delete(work);
      pumpSoon();
    });
    return work;
  };

  /**
   * Pumps once the microtasks already queued have run: deliveries that settle together (one
   * claim's batch) free their slots before the next claim is sized, so it claims them all in
   * one statement rather than one, then the rest.
   */
  let pumpQueued = false;
  const pumpSoon = (): void => {
    if (!running || pumpQueued) return;
    pumpQueued = true;
    queueMicrotask(() => {
      pumpQueued = false;
      void pump();
    });
  };

  /**
   * A started dispatcher's delivery: the slot frees once `deliver` settles, and the mark runs
   * behind it (the next claim need not wait for it; concurrent marks share a statement in the
   * PostgreSQL store).
   */
  const track = (claim: ClaimedEffect): void => {
    void follow(
      inFlight,
      attemptClaimed(claim).then((delivered) => {
        if (delivered) void follow(marks, markDelivered(claim));
        return delivered;
      }),
    );
  };

  const schedulePoll = (): void => {
    if (!running || pollTimer !== undefined) return;
    pollTimer = unrefTimeout(() => {
      pollTimer = undefined;
      void pump();
    }, pollMs);
  };

  /** Claims as many effects as there are free delivery slots and starts them; repeats while it finds work. */
  const pump = async (): Promise<void> => {
    if (!running) return;
    if (claiming) {
      wakeAgain = true;
      return;
    }
    // Deliveries at once: at most `concurrency`; deliveries plus delivered effects still waiting for their mark: at most twice that.
    const free = Math.min(concurrency - inFlight.size, 2 * concurrency - inFlight.size - marks.size);
    if (free <= 0) return;
    claiming = true;
    wakeAgain = false;
    let claimed: readonly ClaimedEffect[] = [];
    try {
      claimed = await store.claimEffects({ limit: free, leaseMs });
    } catch (error) {
      report(error, { stage: 'claim' });
    } finally {
      claiming = false;
    }
    // Claimed effects are delivered even if stop() came meanwhile: stop() waits for them.
    for (const claim of claimed) track(claim);
    if (!running) return;
    if (claimed.length === free || wakeAgain) void pump();
    else schedulePoll();
  };

  const wake = (): void => {
    if (!running) return;
    if (pollTimer !== undefined) {
      clearTimeout(pollTimer);
      pollTimer = undefined;
    }
    void pump();
  };

  return {
    start() {
      if (running) return;
      running = true;
      subscription = subscribe(store, wake, (error) => report(error, { stage: 'listen' }));
      void pump();
    },
    async stop() {
      running = false;
      const closing = subscription;
      subscription = undefined;
      await closeSubscription(closing, (error) => report(error, { stage: 'listen' }));
      if (pollTimer !== undefined) clearTimeout(pollTimer);
      pollTimer = undefined;
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      while (claiming || inFlight.size > 0 || marks.size > 0) {
        if (inFlight.size > 0 || marks.size > 0) await Promise.all([...inFlight, ...marks]);
        else await new Promise((resolve) => setTimeout(resolve, 1));
      }
    },
    async drain() {
      const attempted = new Set<string>();
      // Effects this drain tried already whose retry came due meanwhile: held until the end, so
      // that they neither run twice in one drain nor hide the effects queued behind them.
      const parked: ClaimedEffect[] = [];
      let delivered = 0;
      try {
        for (;;) {
          let claimed: readonly ClaimedEffect[];
          try {
            claimed = await store.claimEffects({ limit: concurrency, leaseMs });
          } catch (error) {
            report(error, { stage: 'claim' });
            throw error;
          }
          if (claimed.length === 0) return delivered;
          const fresh: ClaimedEffect[] = [];
          for (const claim of claimed) (attempted.has(claim.effectID) ? parked : fresh).push(claim);
          for (const claim of fresh) attempted.add(claim.effectID);
          const outcomes = await Promise.all(fresh.map(deliverClaimed));
          delivered += outcomes.filter(Boolean).length;
        }
      } finally {
        for (const claim of parked) {
          await store.releaseEffect(claim.effectID, claim.claimToken, 0).catch((error: unknown) => report(error, { stage: 'release', ...about(claim) }));
        }
      }
    },
    wake,
    async redrive(filter) {
      const revived = await store.redriveEffects(filter);
      if (revived > 0) wake();
      return revived;
    },
  };
}
