import type { InvoiceEffect } from '../../invoice/index.js';
import { frozenCopy } from '../core/frozen-copy.js';
import type { ClaimEffectsInput, ClaimedEffect, NewEffect } from './port.js';

/** One effect waiting in the memory outbox. */
type Pending = {
  readonly effectID: string;
  readonly accountID: string;
  readonly requestId: string;
  readonly effect: InvoiceEffect;
  readonly traceContext: string | undefined;
  attempt: number;
  /** Claimable from this instant (ms since the epoch): a release pushes it later. */
  availableAt: number;
  claimToken: string | undefined;
  leaseUntil: number;
  lastError: string | undefined;
};

/** Thrown (and nothing written) when a write brings an effect whose `effectID` the outbox already holds. */
export const DUPLICATE_EFFECT_MESSAGE = (effectID: string): string => `the outbox already holds an effect with effectID "${effectID}"`;

/** The outbox part of the memory store (see `createMemoryStore`). */
export type MemoryOutbox = {
  /** Checks and copies the effects of a write, before it changes anything; throws on a duplicate `effectID`. */
  prepare(accountID: string, effects: readonly NewEffect[]): readonly Pending[];
  /** Adds prepared effects (the write's last step; cannot fail). */
  commit(prepared: readonly Pending[]): void;
  claim(input: ClaimEffectsInput): ClaimedEffect[];
  complete(effectID: string, claimToken: string): boolean;
  release(effectID: string, claimToken: string, retryInMs: number, error: string | undefined): boolean;
};

/**
 * The transactional outbox of the memory store: pending effects in insertion order (a `Map`
 * keeps it), claims with leases measured by `now`, and the IDs of delivered effects (so that
 * an `effectID` is never accepted twice).
 *
 * @example
 * const outbox = createMemoryOutbox(Date.now, () => crypto.randomUUID());
 * outbox.commit(outbox.prepare('acc_1', [{ effectID: 'e1', requestId: 'r1', effect }]));
 * outbox.claim({ limit: 10, leaseMs: 30_000 }) // [{ effectID: 'e1', attempt: 1, ... }]
 */
export function createMemoryOutbox(now: () => number, newToken: () => string): MemoryOutbox {
  const pending = new Map<string, Pending>();
  const delivered = new Set<string>();
  const holding = (effectID: string, claimToken: string): Pending | undefined => {
    const record = pending.get(effectID);
    return record !== undefined && record.claimToken === claimToken ? record : undefined;
  };
  return {
    prepare(accountID, effects) {
      const seen = new Set<string>();
      return effects.map(({ effectID, requestId, effect, traceContext }) => {
        if (pending.has(effectID) || delivered.has(effectID) || seen.has(effectID)) throw new Error(DUPLICATE_EFFECT_MESSAGE(effectID));
        seen.add(effectID);
        return { effectID, accountID, requestId, effect: frozenCopy(effect), traceContext, attempt: 0, availableAt: 0, claimToken: undefined, leaseUntil: 0, lastError: undefined };
      });
    },
    commit(prepared) {
      for (const record of prepared) pending.set(record.effectID, record);
    },
    claim({ limit, leaseMs }) {
      const t = now();
      const claimed: ClaimedEffect[] = [];
      for (const record of pending.values()) {
        if (claimed.length >= limit) break;
        if (record.availableAt > t || (record.claimToken !== undefined && record.leaseUntil > t)) continue;
        record.attempt += 1;
        record.claimToken = newToken();
        record.leaseUntil = t + leaseMs;
        const { effectID, accountID, requestId, effect, attempt, claimToken, traceContext } = record;
        claimed.push(Object.freeze({ effectID, accountID, requestId, effect, attempt, claimToken, ...(traceContext === undefined ? {} : { traceContext }) }));
      }
      return claimed;
    },
    complete(effectID, claimToken) {
      if (holding(effectID, claimToken) === undefined) return false;
      pending.delete(effectID);
      delivered.add(effectID);
      return true;
    },
    release(effectID, claimToken, retryInMs, error) {
      const record = holding(effectID, claimToken);
      if (record === undefined) return false;
      record.claimToken = undefined;
      record.leaseUntil = 0;
      record.availableAt = now() + Math.max(0, retryInMs);
      record.lastError = error;
      return true;
    },
  };
}
