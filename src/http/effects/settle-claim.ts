import type { ClaimedEffect, Store } from '../store/port.js';
import { retryDelayMs } from './backoff.js';
import { type AttemptOutcome, describe } from './delivery.js';
import type { DispatchErrorContext, ResolvedDispatcherOptions } from './dispatcher-options.js';

/** What a claimed effect becomes after its attempt, in the store. */
export type ClaimSettler = {
  /** One attempt at a claimed effect; a failure is released for a retry or marked dead. Resolves true when delivered. Never rejects. */
  readonly attemptClaimed: (claim: ClaimedEffect) => Promise<boolean>;
  /** Marks a delivered effect so (the store's `completeEffect`). Never rejects. */
  readonly markDelivered: (claim: ClaimedEffect) => Promise<void>;
};

/** Where a claim came from and which attempt it is, for `onError`. */
export const aboutClaim = (claim: ClaimedEffect): DispatchErrorContext & { stage: 'deliver' } => ({
  stage: 'deliver',
  effectID: claim.effectID,
  accountID: claim.accountID,
  requestId: claim.requestId,
  attempt: claim.attempt,
});

/**
 * The bookkeeping of a claimed effect after its attempt: delivered (marked complete), failed
 * (released with backoff and jitter, and `retryLater(ms)` called so that a running dispatcher
 * looks again then), or failed for the last time (`maxAttempts`: marked dead with its error).
 * A store call that fails is reported and left to the lease: the effect is claimed again.
 *
 * @example
 * const { attemptClaimed, markDelivered } = claimSettler(store, resolved, attemptOnce, report, wakeIn);
 * if (await attemptClaimed(claim)) await markDelivered(claim);
 */
export function claimSettler(
  store: Store,
  options: Pick<ResolvedDispatcherOptions, 'maxAttempts' | 'policy' | 'random'>,
  attemptOnce: (claim: ClaimedEffect) => Promise<AttemptOutcome>,
  report: (error: unknown, context: DispatchErrorContext) => void,
  retryLater: (ms: number) => void,
): ClaimSettler {
  /** The last attempt failed: the effect is dead (kept with its error) until a redrive. */
  const markDead = async (claim: ClaimedEffect, failure: unknown): Promise<void> => {
    report(failure, { ...aboutClaim(claim), dead: true });
    try {
      await store.markEffectDead(claim.effectID, claim.claimToken, describe(failure));
    } catch (error) {
      // Not marked: it is claimed again after its lease, and marked dead on that attempt.
      report(error, { ...aboutClaim(claim), stage: 'release' });
    }
  };

  const markDelivered = async (claim: ClaimedEffect): Promise<void> => {
    try {
      await store.completeEffect(claim.effectID, claim.claimToken);
    } catch (error) {
      // Delivered but not marked: it is delivered again after its lease (at least once).
      report(error, { ...aboutClaim(claim), stage: 'complete' });
    }
  };

  const attemptClaimed = async (claim: ClaimedEffect): Promise<boolean> => {
    const outcome = await attemptOnce(claim);
    if (outcome.ok) return true;
    if (claim.attempt >= options.maxAttempts) {
      await markDead(claim, outcome.error);
      return false;
    }
    const retryInMs = retryDelayMs(claim.attempt, options.policy, options.random);
    report(outcome.error, { ...aboutClaim(claim), retryInMs });
    try {
      await store.releaseEffect(claim.effectID, claim.claimToken, retryInMs, describe(outcome.error));
    } catch (error) {
      // Not released: it is claimable again after its lease.
      report(error, { ...aboutClaim(claim), stage: 'release' });
    }
    retryLater(retryInMs);
    return false;
  };

  return { attemptClaimed, markDelivered };
}
