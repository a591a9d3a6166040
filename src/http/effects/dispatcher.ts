import type { ClaimedEffect, EffectSubscription, RedriveFilter } from '../store/port.js';
import { callGuarded } from '../core/guarded.js';
import { type TimerHandle, unrefTimeout } from '../core/timers.js';
import { observeDeliveries } from '../telemetry/delivery-trace.js';
import { attempt } from './delivery.js';
import { type DispatchErrorContext, type EffectDispatcherOptions, resolveDispatcherOptions } from './dispatcher-options.js';
import { aboutClaim, claimSettler } from './settle-claim.js';
import { closeSubscription, subscribe } from './subscription.js';

export {
  DEFAULT_MAX_ATTEMPTS,
  DISPATCHER_MESSAGES,
  type DispatchErrorContext,
  type EffectDispatcherOptions,
} from './dispatcher-options.js';
export type { DeliverableEffect, DeliveryContext } from './delivery.js';

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
  const { concurrency, timeoutMs, leaseMs, pollMs, ...settling } = resolveDispatcherOptions(options);
  const { store } = options;
  const report = (error: unknown, context: DispatchErrorContext): void => callGuarded(options.onError, error, context);
  // The one telemetry hook: without a tracer and a meter this is `attempt` itself.
  const attemptOnce = observeDeliveries(options, store, (claim: ClaimedEffect) => attempt(options.deliver, claim, timeoutMs));
  const retryTimers = new Set<TimerHandle>();
  /** A released effect is claimable again in `ms`: a running dispatcher looks again then. */
  const retryLater = (ms: number): void => {
    if (!running) return;
    const timer = unrefTimeout(() => {
      retryTimers.delete(timer);
      wake();
    }, ms);
    retryTimers.add(timer);
  };
  const { attemptClaimed, markDelivered } = claimSettler(store, settling, attemptOnce, report, retryLater);

  let running = false;
  let claiming = false;
  let wakeAgain = false;
  let pollTimer: TimerHandle | undefined;
  let subscription: Promise<EffectSubscription | undefined> | undefined;
  const inFlight = new Set<Promise<boolean>>();
  const marks = new Set<Promise<void>>();

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
      // that they neither run twice in one drain nor hide the effects queued behind them, then
      // given back with the attempt their claim counted (they were not tried again).
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
          await store.unclaimEffect(claim.effectID, claim.claimToken).catch((error: unknown) => report(error, { ...aboutClaim(claim), stage: 'release' }));
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
