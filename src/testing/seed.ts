import type { Store, StoreSeed } from '../http/store/port.js';
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
