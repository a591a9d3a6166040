import type { StaticToken } from '../http/auth/static-auth.js';
import { DEMO_ADJUSTMENT, DEMO_IDS, DEMO_INVOICE, DEMO_SCHEDULE } from '../http/openapi/example-data.js';
import type { StoreSeed } from '../http/store/port.js';

export { DEMO_ADJUSTMENT, DEMO_IDS, DEMO_INVOICE, DEMO_SCHEDULE };

const { accountID, otherAccountID } = DEMO_IDS;

/** The demo tokens: one with every scope of the demo account, one read-only, one for another account. */
export const DEMO_TOKENS: Readonly<Record<string, StaticToken>> = Object.freeze({
  'demo-all-scopes': {
    scopes: [
      `/accounts/${accountID}/transfers.read`,
      `/accounts/${accountID}/transfers.write`,
      `/accounts/${accountID}/invoices.write`,
      `/accounts/${accountID}/apple-pay.write`,
      `/accounts/${accountID}/wallets.read`,
    ],
  },
  'demo-read-only': { scopes: [`/accounts/${accountID}/transfers.read`, `/accounts/${accountID}/wallets.read`] },
  'demo-other-account': { scopes: [`/accounts/${otherAccountID}/transfers.read`] },
});

/**
 * The reference server's seed: one account with a draft invoice, a schedule with a
 * monthly RRULE, a dispute awaiting evidence, a wallet adjustment and a registered
 * wallet domain.
 */
export const DEMO_SEED: StoreSeed = {
  accounts: {
    [accountID]: {
      invoices: [DEMO_INVOICE],
      schedules: [DEMO_SCHEDULE],
      disputes: [{ disputeID: DEMO_IDS.disputeID, status: 'response-needed' }],
      adjustments: [DEMO_ADJUSTMENT],
      walletDomains: [DEMO_IDS.walletDomain],
    },
  },
};
