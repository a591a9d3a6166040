import type { Store } from '../store/port.js';

/** How many renewals fit in one lease: a renewal runs every `lockMs / LEASE_RENEWALS`. */
export const LEASE_RENEWALS = 4;

/**
 * How often a request in flight renews its key's lease, in milliseconds.
 *
 * @example
 * renewEveryMs(8_000) // 2000
 */
export function renewEveryMs(lockMs: number): number {
  return Math.max(1, Math.floor(lockMs / LEASE_RENEWALS));
}

/** A running lease: `stop()` ends the renewals (idempotent). */
export type Lease = { stop(): void };

/** Where a lease renews, and whom it tells of a failed renewal. */
export type LeaseTarget = {
  readonly store: Store;
  readonly accountID: string;
  readonly key: string;
  readonly lockToken: string;
  readonly lockMs: number;
  readonly onFailure: (error: unknown) => void;
};

/**
 * Renews the key's lease every {@link renewEveryMs} while the request runs, so the key is held
 * exactly as long as its request lives: when the process dies or loses the database, renewals
 * stop and the key is free again within one lease. A renewal that finds the key lost (or fails)
 * ends the renewals; the write's own fencing check then refuses to commit. Timers only run while
 * a request does (nothing at module scope), and a renewal never overlaps the previous one.
 *
 * @example
 * const lease = holdLease({ store, accountID, key, lockToken, lockMs: 8_000, onFailure: report });
 * try { await run(); } finally { lease.stop(); }
 */
export function holdLease(target: LeaseTarget): Lease {
  const every = renewEveryMs(target.lockMs);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const renew = async (): Promise<void> => {
    let held = false;
    try {
      held = await target.store.renewIdempotentRequest(target.accountID, target.key, target.lockToken, target.lockMs);
    } catch (error) {
      target.onFailure(error);
      held = true; // a failed renewal may be a blip: try again next time; the lease decides
    }
    if (held && !stopped) timer = setTimeout(() => void renew(), every);
  };
  timer = setTimeout(() => void renew(), every);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
