import type { SpecifiedOperationId } from '../operations/catalog.js';
import { DEMO_ADJUSTMENT, DEMO_IDS, DEMO_INVOICE, DEMO_SCHEDULE } from './example-data.js';

/** One named example request body; its summary ends with the status the demo data answers, e.g. `(422)`. */
export type BodyExample = { readonly summary: string; readonly value: unknown };

/** Example values of path parameters, by name (the reference server's demo data). */
export const PARAMETER_EXAMPLES: Readonly<Record<string, string>> = Object.freeze({
  accountID: DEMO_IDS.accountID,
  scheduleID: DEMO_IDS.scheduleID,
  invoiceID: DEMO_IDS.invoiceID,
  disputeID: DEMO_IDS.disputeID,
  adjustmentID: DEMO_IDS.adjustmentID,
  walletID: DEMO_IDS.walletID,
});

/** The example for a path parameter without a demo value. */
export const GENERIC_PARAMETER_EXAMPLE = '3f0c9a4e-7b21-4d8e-9c55-1a2b3c4d5e6f';

const usd = (valueDecimal: string) => ({ currency: 'USD', valueDecimal });

/**
 * Example request bodies of the three writes, by operation. Each summary says what the
 * reference server (`npm start`, demo data) answers; the contract test sends every one.
 */
export const BODY_EXAMPLES: Readonly<Partial<Record<SpecifiedOperationId, Readonly<Record<string, BodyExample>>>>> = Object.freeze({
  updateInvoice: {
    editDescription: { summary: 'Change the description of a draft (200)', value: { description: 'Two coffee bags, whole beans' } },
    finalize: { summary: 'Finalize a draft: draft -> unpaid, the customer is e-mailed a payment link (200)', value: { status: 'unpaid' } },
    replaceLineItems: {
      summary: 'Replace the line items and the tax of a draft (200)',
      value: {
        lineItems: {
          items: [
            {
              name: 'Coffee beans 1 kg',
              basePrice: usd('10.00'),
              quantity: 3,
              options: [{ name: 'Ground', quantity: 1, priceModifier: usd('0.50'), group: 'Grind' }],
            },
          ],
        },
        taxAmount: usd('2.52'),
      },
    },
    unsetDueDate: { summary: 'Unset the due date with null (200)', value: { dueDate: null } },
    tooManyDecimals: {
      summary: 'A price with ten decimal places; the failure is keyed by the item name (422)',
      value: { lineItems: { items: [{ name: 'Coffee beans 1 kg', basePrice: usd('10.0000000001'), quantity: 2 }] } },
    },
    moveNotAllowed: { summary: 'A move the status table does not allow, draft -> paid (409)', value: { status: 'paid' } },
    unknownField: { summary: 'A field the API does not define is refused, not ignored (422)', value: { description: 'x', invoiceNumber: 'INV-9' } },
  },
  uploadEvidenceText: {
    receipt: { summary: 'Attach the text of a receipt (201)', value: { evidenceType: 'receipt', text: 'Order 1001: 2 x coffee beans, delivered 2026-04-03.' } },
    unknownType: { summary: 'An evidence type the API does not know (400)', value: { evidenceType: 'photo', text: 'See attachment.' } },
    tooLong: { summary: 'Text of 751 characters, one over the limit (400)', value: { evidenceType: 'other', text: 'x'.repeat(751) } },
  },
  createWalletSession: {
    session: { summary: 'A session for a registered domain (200)', value: { domain: DEMO_IDS.walletDomain, displayName: 'Coffee Shop' } },
    schemeInDomain: { summary: 'A domain written with its URL scheme (422)', value: { domain: `https://${DEMO_IDS.walletDomain}`, displayName: 'Coffee Shop' } },
    unregisteredDomain: { summary: 'A domain not registered for the account (409)', value: { domain: 'other.example.com', displayName: 'Coffee Shop' } },
  },
});

/** Example success bodies, by operation (the reference server's demo data). */
export const SUCCESS_EXAMPLES: Readonly<Partial<Record<SpecifiedOperationId, unknown>>> = Object.freeze({
  getSchedule: DEMO_SCHEDULE,
  updateInvoice: DEMO_INVOICE,
  uploadEvidenceText: {
    evidenceID: '6a1f2e3d-4c5b-4a69-8877-665544332211',
    disputeID: DEMO_IDS.disputeID,
    evidenceType: 'receipt',
    text: 'Order 1001: 2 x coffee beans, delivered 2026-04-03.',
    createdOn: '2026-04-10T12:00:00Z',
  },
  createWalletSession: JSON.stringify({ merchantSessionIdentifier: 'session-1', domainName: DEMO_IDS.walletDomain, displayName: 'Coffee Shop' }),
  getAdjustment: DEMO_ADJUSTMENT,
});
