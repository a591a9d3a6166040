/**
 * The example resources of the OpenAPI document, which are also the reference server's demo
 * data (`payments-kit/reference` seeds its store with them): IDs, a draft invoice, a monthly
 * schedule and a wallet adjustment. Data only.
 */
import type { Adjustment, Invoice, Schedule } from '../../schemas/index.js';

/** The IDs of the reference server's demo data. */
export const DEMO_IDS = Object.freeze({
  accountID: '4d1c6a52-8f3e-4b7a-9c1d-2e5f6a7b8c90',
  otherAccountID: '7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d',
  invoiceID: 'c0ffee00-1234-4abc-8def-0123456789ab',
  customerAccountID: '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a',
  scheduleID: '5c4b3a29-1807-4f6e-9d5c-4b3a29180706',
  disputeID: 'd15b07e0-0000-4000-8000-00000000d150',
  adjustmentID: 'ad105700-0000-4000-8000-0000000ad100',
  walletID: 'a11e7000-0000-4000-8000-00000000a11e',
  walletDomain: 'shop.example.com',
});

const { accountID } = DEMO_IDS;

const usd = (valueDecimal: string) => ({ currency: 'USD', valueDecimal });

/** The demo draft invoice: two 10.00 USD items, 1.60 USD tax, 21.60 USD total. */
export const DEMO_INVOICE: Invoice = {
  invoiceID: DEMO_IDS.invoiceID,
  invoiceNumber: 'INV-1001',
  customerAccountID: DEMO_IDS.customerAccountID,
  partnerAccountID: accountID,
  createdOn: '2026-04-01T09:00:00Z',
  status: 'draft',
  description: 'Two coffee bags',
  lineItems: { items: [{ name: 'Coffee beans 1 kg', basePrice: usd('10.00'), quantity: 2 }] },
  subtotalAmount: usd('20.00'),
  taxAmount: usd('1.60'),
  totalAmount: usd('21.60'),
  paidAmount: usd('0.00'),
  pendingAmount: usd('0.00'),
  refundedAmount: usd('0.00'),
  disputedAmount: usd('0.00'),
};

/** The demo schedule: rent of 1,250.00 USD on the 1st of every month at 09:00Z, indefinitely. */
export const DEMO_SCHEDULE: Schedule = {
  scheduleID: DEMO_IDS.scheduleID,
  createdOn: '2026-01-01T00:00:00Z',
  updatedOn: '2026-01-01T00:00:00Z',
  mode: 'sandbox',
  ownerAccountID: accountID,
  partnerAccountID: accountID,
  sourceAccountID: accountID,
  destinationAccountID: DEMO_IDS.customerAccountID,
  description: 'Monthly rent',
  recur: {
    recurrenceRule: 'FREQ=MONTHLY;BYMONTHDAY=1',
    start: '2026-01-01T09:00:00Z',
    indefinite: true,
    runTransfer: {
      amount: { currency: 'USD', value: 125000 },
      description: 'Rent',
      source: { paymentMethodID: 'b0a1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d' },
      destination: { paymentMethodID: 'c1b2a3d4-f5e6-4b7a-9d8c-0f1e2d3c4b5a' },
      partnerAccountID: accountID,
    },
  },
};

/** The demo wallet adjustment: -5.25 USD. */
export const DEMO_ADJUSTMENT: Adjustment = {
  adjustmentID: DEMO_IDS.adjustmentID,
  walletID: DEMO_IDS.walletID,
  amount: usd('-5.25'),
  createdOn: '2026-03-15T12:30:00Z',
};
