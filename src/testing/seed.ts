import type { Store, StoreSeed } from '../http/store/port.js';
import { check } from './assert.js';
import { ACCOUNT_A, ACCOUNT_B, fixtureAdjustment, fixtureInvoice, fixtureSchedule } from './fixtures.js';

/** Named checks: `[name, run]` pairs. */
export type CheckList = [string, () => Promise<void>][];

/** Makes a fresh store (the standard seed unless another is given). */
export type FreshStore = (seed?: StoreSeed) => Promise<Store>;

/** IDs of the standard seed's resources (account A). */
export const INVOICE = '7f0c8f9e-0000-4000-8000-000000000001';
export const SCHEDULE = 'sch-1';
export const DISPUTE = 'dsp-1';
export const ADJUSTMENT = 'adj-1';
export const DOMAIN = 'Pay.Example.com';

/**
 * An evidence record for `disputeID`.
 *
 * @example
 * evidence('dsp-1', 'ev-1').text // 'evidence ev-1'
 */
export const evidence = (disputeID: string, evidenceID: string) => ({
  evidenceID,
  disputeID,
  evidenceType: 'receipt' as const,
  text: `evidence ${evidenceID}`,
  createdOn: '2026-03-01T00:00:00Z',
});

/**
 * The seed most checks start from: account A holds one of each resource, account B nothing.
 *
 * @example
 * const store = await createStore(standardSeed());
 */
export function standardSeed(): StoreSeed {
  return {
    accounts: {
      [ACCOUNT_A]: {
        invoices: [fixtureInvoice(INVOICE)],
        schedules: [fixtureSchedule(SCHEDULE)],
        disputes: [{ disputeID: DISPUTE, status: 'response-needed' }, { disputeID: 'dsp-open' }],
        adjustments: [fixtureAdjustment(ADJUSTMENT)],
        walletDomains: [DOMAIN],
      },
      [ACCOUNT_B]: {},
    },
  };
}

/**
 * Waits `ms` milliseconds (for lease and expiry checks, which use generous margins).
 *
 * @example
 * await pause(300);
 */
export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** How many leases {@link withShortLease} tries, each 4 times the one before. */
const LEASE_TRIES = 3;

/** A run of {@link withShortLease} whose in-time steps came too late to prove anything. */
class TooSlowForLease extends Error {}

/**
 * Runs a check whose first steps must come within a short lease (or TTL, or retry delay):
 * `run(leaseMs, inTime)` with `shortMs`, then with 4 and 16 times that. After such a step the
 * check calls `inTime(since)`, `since` being `performance.now()` taken before the lease began:
 * when `leaseMs` or more had passed, the store (or the machine) was slower than the lease, that
 * run proves nothing, and the check runs again on a fresh store with the next lease. A step
 * that came in time is judged as it is, so a store that expires too early still fails.
 *
 * @example
 * await withShortLease(100, async (leaseMs, inTime) => {
 *   const since = performance.now();
 *   const claimed = await store.claimEffects({ limit: 10, leaseMs });
 *   const during = await store.claimEffects({ limit: 10, leaseMs: 60_000 });
 *   inTime(since);
 *   check(during.length === 0, 'an effect is not claimable while its lease holds');
 * });
 */
export async function withShortLease(shortMs: number, run: (leaseMs: number, inTime: (since: number) => void) => Promise<void>): Promise<void> {
  let leaseMs = shortMs;
  for (let tried = 1; ; tried++, leaseMs *= 4) {
    const inTime = (since: number): void => {
      if (performance.now() - since >= leaseMs) throw new TooSlowForLease();
    };
    try {
      return await run(leaseMs, inTime);
    } catch (error) {
      if (!(error instanceof TooSlowForLease)) throw error;
      check(tried < LEASE_TRIES, `the store took ${leaseMs} ms or more for steps that must come within a lease of ${leaseMs} ms (tried leases of ${shortMs} ms to ${leaseMs} ms)`);
    }
  }
}
