import type { InvoiceEffect } from '../../invoice/index.js';
import { frozenCopy } from '../core/frozen-copy.js';
import { matchesRedrive, pageAfter } from './dead-letters.js';
import type { ClaimEffectsInput, ClaimedEffect, DeadEffect, ListDeadEffectsInput, NewEffect, OutboxStats, RedriveFilter } from './port.js';

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
  /** When the write committed it (ms since the epoch), for the oldest pending age. */
  readonly createdAt: number;
  /** When it was marked dead; undefined while it is not. */
  diedAt: number | undefined;
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
  unclaim(effectID: string, claimToken: string): boolean;
  markDead(effectID: string, claimToken: string, error: string): boolean;
  redrive(filter: RedriveFilter): number;
  listDead(input: ListDeadEffectsInput): DeadEffect[];
  stats(): OutboxStats;
};

const HOUR_MS = 3_600_000;

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
  /** Delivered effect IDs and when (an ID is never accepted twice; the times feed `deliveredLastHour`). */
  const delivered = new Map<string, number>();
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
        return {
          effectID,
          accountID,
          requestId,
          effect: frozenCopy(effect),
          traceContext,
          attempt: 0,
          availableAt: 0,
          claimToken: undefined,
          leaseUntil: 0,
          lastError: undefined,
          createdAt: now(),
          diedAt: undefined,
        };
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
        if (record.diedAt !== undefined || record.availableAt > t || (record.claimToken !== undefined && record.leaseUntil > t)) continue;
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
      delivered.set(effectID, now());
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
    unclaim(effectID, claimToken) {
      const record = holding(effectID, claimToken);
      if (record === undefined) return false;
      // Claimable as it was before the claim (its availableAt had come), with that claim's attempt taken back.
      record.claimToken = undefined;
      record.leaseUntil = 0;
      record.attempt -= 1;
      return true;
    },
    markDead(effectID, claimToken, error) {
      const record = holding(effectID, claimToken);
      if (record === undefined) return false;
      record.claimToken = undefined;
      record.leaseUntil = 0;
      record.lastError = error;
      record.diedAt = now();
      return true;
    },
    redrive(filter) {
      let revived = 0;
      for (const record of pending.values()) {
        if (record.diedAt === undefined || !matchesRedrive(filter, record)) continue;
        record.diedAt = undefined;
        record.attempt = 0;
        record.availableAt = 0;
        revived += 1;
      }
      return revived;
    },
    listDead({ limit, after, accountID }) {
      const dead = [...pending.values()].filter((r) => r.diedAt !== undefined && (accountID === undefined || r.accountID === accountID));
      return pageAfter(dead, after, limit).map((r) =>
        Object.freeze({
          effectID: r.effectID,
          accountID: r.accountID,
          requestId: r.requestId,
          effect: r.effect,
          attempts: r.attempt,
          lastError: r.lastError ?? '',
          diedAt: new Date(r.diedAt ?? 0).toISOString(),
        }),
      );
    },
    stats() {
      const t = now();
      let [waiting, inFlight, dead] = [0, 0, 0];
      let oldest: number | undefined;
      for (const record of pending.values()) {
        if (record.diedAt !== undefined) {
          dead += 1;
          continue;
        }
        waiting += 1;
        if (record.claimToken !== undefined && record.leaseUntil > t) inFlight += 1;
        oldest = Math.min(oldest ?? record.createdAt, record.createdAt);
      }
      let deliveredLastHour = 0;
      for (const at of delivered.values()) if (at > t - HOUR_MS) deliveredLastHour += 1;
      return { pending: waiting, inFlight, dead, oldestPendingAgeMs: oldest === undefined ? null : Math.max(0, t - oldest), deliveredLastHour };
    },
  };
}
