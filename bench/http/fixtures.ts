import type { StoreSeed } from '../../src/http/index.js';

export const BENCH_IDS = {
  accountID: 'acc-bench',
  scheduleID: 'sch-bench',
  invoiceID: '0b7c1a9e-1d2f-4c3b-8a4d-5e6f7a8b9c0d',
  adjustmentID: 'adj-bench',
} as const;

export const BENCH_TOKENS = {
  bench: {
    scopes: [
      `/accounts/${BENCH_IDS.accountID}/transfers.read`,
      `/accounts/${BENCH_IDS.accountID}/invoices.write`,
      `/accounts/${BENCH_IDS.accountID}/wallets.read`,
    ],
  },
};

const usd = (valueDecimal: string) => ({ currency: 'USD', valueDecimal });
const a = BENCH_IDS.accountID;

export const BENCH_SEED: StoreSeed = {
  accounts: {
    [a]: {
      schedules: [
        {
          scheduleID: BENCH_IDS.scheduleID,
          createdOn: '2026-01-01T00:00:00Z',
          updatedOn: '2026-01-01T00:00:00Z',
          mode: 'sandbox',
          ownerAccountID: a,
          partnerAccountID: a,
          sourceAccountID: a,
          destinationAccountID: 'acc-other',
          description: 'Monthly rent',
          recur: {
            recurrenceRule: 'FREQ=MONTHLY;BYMONTHDAY=1',
            start: '2026-01-01T09:00:00Z',
            indefinite: true,
            runTransfer: {
              amount: { currency: 'USD', value: 125000 },
              description: 'Rent',
              source: { paymentMethodID: 'pm-src' },
              destination: { paymentMethodID: 'pm-dst' },
              partnerAccountID: a,
            },
          },
        },
      ],
      invoices: [
        {
          invoiceID: BENCH_IDS.invoiceID,
          invoiceNumber: 'INV-1',
          customerAccountID: '11111111-1111-4111-8111-111111111111',
          partnerAccountID: '22222222-2222-4222-8222-222222222222',
          createdOn: '2026-04-01T09:00:00Z',
          status: 'draft',
          lineItems: { items: [{ name: 'Widget', basePrice: usd('10.00'), quantity: 2 }] },
          subtotalAmount: usd('20.00'),
          taxAmount: usd('1.60'),
          totalAmount: usd('21.60'),
          paidAmount: usd('0.00'),
          pendingAmount: usd('0.00'),
          refundedAmount: usd('0.00'),
          disputedAmount: usd('0.00'),
        },
      ],
      adjustments: [{ adjustmentID: BENCH_IDS.adjustmentID, walletID: 'wal-1', amount: usd('-5.25'), createdOn: '2026-03-15T12:30:00Z' }],
    },
  },
};

/** The bare server's fixed body: about the size of an adjustment answer. */
export const FIXED_BODY = JSON.stringify({
  adjustmentID: BENCH_IDS.adjustmentID,
  walletID: 'wal-1',
  amount: usd('-5.25'),
  createdOn: '2026-03-15T12:30:00Z',
});
