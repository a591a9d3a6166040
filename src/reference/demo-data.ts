import type { StaticToken } from '../http/auth/static-auth.js';
import { DEMO_ADJUSTMENT, DEMO_IDS, DEMO_INVOICE, DEMO_SCHEDULE } from '../http/openapi/example-data.js';
import type { StoreSeed } from '../http/store/port.js';
import type { Invoice, InvoiceStatus } from '../schemas/index.js';

export { DEMO_ADJUSTMENT, DEMO_IDS, DEMO_INVOICE, DEMO_SCHEDULE };

const { accountID, otherAccountID } = DEMO_IDS;

const usd = (valueDecimal: string) => ({ currency: 'USD', valueDecimal });

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
 * How many extra demo invoices of each status the seed holds, for `payments-kit conformance`
 * (its status walks consume two drafts and one overdue invoice per full run, so three full runs
 * fit before a restart).
 */
const CONFORMANCE_INVOICE_COUNTS: Readonly<Record<InvoiceStatus, number>> = Object.freeze({
  draft: 6,
  unpaid: 2,
  overdue: 3,
  'payment-pending': 1,
  paid: 1,
  canceled: 1,
});

/** The invoice ID of the `n`th extra demo invoice (a fixed UUID, so fixtures stay valid across restarts). */
const conformanceInvoiceID = (n: number): string => `c0ffee00-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** The amounts a paid or pending invoice carries, so the invoice stays consistent with its status. */
function settled(status: InvoiceStatus): Partial<Invoice> {
  if (status === 'paid') return { paidAmount: usd('21.60') };
  if (status === 'payment-pending') return { pendingAmount: usd('21.60') };
  if (status === 'canceled') return { canceledOn: '2026-04-02T09:00:00Z' };
  return {};
}

/**
 * The extra demo invoices, by status: copies of the demo draft invoice in every status, for
 * the conformance kit's status walks (`payments-kit serve --write-fixtures` lists them).
 */
export const DEMO_INVOICES_BY_STATUS: Readonly<Record<InvoiceStatus, readonly Invoice[]>> = (() => {
  let n = 0;
  const entries = Object.entries(CONFORMANCE_INVOICE_COUNTS).map(([status, count]) => {
    const invoices = Array.from({ length: count }, (): Invoice => {
      n += 1;
      return { ...DEMO_INVOICE, ...settled(status as InvoiceStatus), invoiceID: conformanceInvoiceID(n), invoiceNumber: `INV-${2000 + n}`, status: status as InvoiceStatus };
    });
    return [status, Object.freeze(invoices)] as const;
  });
  return Object.freeze(Object.fromEntries(entries) as Record<InvoiceStatus, readonly Invoice[]>);
})();

/**
 * The reference server's seed: one account with a draft invoice (and copies of it in every
 * status, see {@link DEMO_INVOICES_BY_STATUS}), a schedule with a monthly RRULE, a dispute
 * awaiting evidence, a wallet adjustment and a registered wallet domain.
 */
export const DEMO_SEED: StoreSeed = {
  accounts: {
    [accountID]: {
      invoices: [DEMO_INVOICE, ...Object.values(DEMO_INVOICES_BY_STATUS).flat()],
      schedules: [DEMO_SCHEDULE],
      disputes: [{ disputeID: DEMO_IDS.disputeID, status: 'response-needed' }],
      adjustments: [DEMO_ADJUSTMENT],
      walletDomains: [DEMO_IDS.walletDomain],
    },
  },
};

/** What `demoConformanceFixtures` takes: the zone the server expands schedules in, when not UTC. */
export type DemoFixturesOptions = { readonly scheduleTimeZone?: string | undefined };

/** The conformance fixtures of the demo data (the fixtures format of `payments-kit/testing`'s `runConformance`). */
export type DemoConformanceFixtures = {
  readonly account: string;
  readonly token: string;
  readonly tokens: { readonly readOnly: string; readonly noScopes: string };
  readonly invoices: Readonly<Record<InvoiceStatus, readonly string[]>>;
  readonly schedules: readonly string[];
  readonly disputes: readonly string[];
  readonly adjustments: readonly string[];
  readonly walletDomains: readonly string[];
  readonly scheduleTimeZone?: string;
};

/**
 * The conformance fixtures of the reference server's own data (the JSON that
 * `payments-kit serve --write-fixtures <file>` writes; its format is in docs/conformance.md):
 * the account, the all-scopes token, the read-only and other-account tokens, every demo
 * invoice by status, the schedule, dispute, adjustment and wallet domain.
 *
 * @example
 * demoConformanceFixtures().token // 'demo-all-scopes'
 */
export function demoConformanceFixtures(options: DemoFixturesOptions = {}): DemoConformanceFixtures {
  const invoices = Object.fromEntries(Object.entries(DEMO_INVOICES_BY_STATUS).map(([status, list]) => [status, list.map((invoice) => invoice.invoiceID)])) as Record<InvoiceStatus, string[]>;
  invoices.draft = [...invoices.draft, DEMO_IDS.invoiceID];
  return {
    account: accountID,
    token: 'demo-all-scopes',
    tokens: { readOnly: 'demo-read-only', noScopes: 'demo-other-account' },
    invoices,
    schedules: [DEMO_IDS.scheduleID],
    disputes: [DEMO_IDS.disputeID],
    adjustments: [DEMO_IDS.adjustmentID],
    walletDomains: [DEMO_IDS.walletDomain],
    ...(options.scheduleTimeZone === undefined || options.scheduleTimeZone === 'UTC' ? {} : { scheduleTimeZone: options.scheduleTimeZone }),
  };
}
