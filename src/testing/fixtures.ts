import type { InvoiceEffect } from '../invoice/index.js';
import type { Adjustment, Invoice, Schedule } from '../schemas/index.js';

/** Account IDs of the conformance fixtures (one of them a prototype-polluting name). */
export const ACCOUNT_A = 'acct-a';
export const ACCOUNT_B = 'acct-b';
export const ACCOUNT_PROTO = '__proto__';

const usd = (valueDecimal: string) => ({ currency: 'USD', valueDecimal });

/**
 * A draft invoice for the conformance suite.
 *
 * @example
 * fixtureInvoice('7f0c8f9e-0000-4000-8000-000000000001').status // 'draft'
 */
export function fixtureInvoice(invoiceID: string, description = 'original'): Invoice {
  return {
    invoiceID,
    invoiceNumber: 'INV-1',
    customerAccountID: '11111111-1111-4111-8111-111111111111',
    partnerAccountID: '22222222-2222-4222-8222-222222222222',
    createdOn: '2026-01-01T00:00:00Z',
    status: 'draft',
    description,
    lineItems: { items: [{ name: 'Widget', basePrice: usd('1.00'), quantity: 1 }] },
    subtotalAmount: usd('1.00'),
    taxAmount: usd('0.00'),
    totalAmount: usd('1.00'),
    paidAmount: usd('0.00'),
    pendingAmount: usd('0.00'),
    refundedAmount: usd('0.00'),
    disputedAmount: usd('0.00'),
  };
}

/**
 * A schedule with a monthly rule, for the conformance suite.
 *
 * @example
 * fixtureSchedule('sch-1').recur?.recurrenceRule // 'FREQ=MONTHLY;COUNT=3'
 */
export function fixtureSchedule(scheduleID: string): Schedule {
  return {
    scheduleID,
    createdOn: '2026-01-01T00:00:00Z',
    updatedOn: '2026-01-01T00:00:00Z',
    mode: 'sandbox',
    ownerAccountID: ACCOUNT_A,
    partnerAccountID: ACCOUNT_A,
    sourceAccountID: ACCOUNT_A,
    destinationAccountID: ACCOUNT_B,
    recur: {
      recurrenceRule: 'FREQ=MONTHLY;COUNT=3',
      start: '2026-01-01T09:00:00Z',
      runTransfer: {
        amount: { currency: 'USD', value: 100 },
        description: 'rent',
        source: { paymentMethodID: 'pm-source' },
        destination: { paymentMethodID: 'pm-destination' },
        partnerAccountID: ACCOUNT_A,
      },
    },
  };
}

/**
 * A wallet adjustment for the conformance suite.
 *
 * @example
 * fixtureAdjustment('adj-1').amount // { currency: 'USD', valueDecimal: '-1.50' }
 */
export function fixtureAdjustment(adjustmentID: string): Adjustment {
  return { adjustmentID, walletID: 'wallet-1', amount: usd('-1.50'), createdOn: '2026-02-01T00:00:00Z' };
}

/**
 * An `invoice.finalized` effect for the conformance suite's outbox checks.
 *
 * @example
 * fixtureEffect('7f0c8f9e-0000-4000-8000-000000000001').type // 'invoice.finalized'
 */
export function fixtureEffect(invoiceID: string, invoiceNumber = 'INV-1'): InvoiceEffect {
  return {
    type: 'invoice.finalized',
    invoiceID,
    invoiceNumber,
    customerAccountID: '11111111-1111-4111-8111-111111111111',
    partnerAccountID: '22222222-2222-4222-8222-222222222222',
    totalAmount: usd('1.00'),
    dueDate: '2026-02-01T00:00:00Z',
  };
}
