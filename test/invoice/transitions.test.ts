import { describe, expect, it } from 'vitest';
import {
  INVOICE_TRANSITIONS,
  applyInvoiceUpdate,
  canTransition,
  findTransition,
} from '../../src/invoice/index.js';
import { deepFreeze, makeInvoice } from './fixtures.js';

const STATES = ['draft', 'unpaid', 'payment-pending', 'paid', 'overdue', 'canceled'] as const;
type Outcome = 'same' | 'finalize' | 'cancel' | 'conflict';

// Spec 3.1 written out by hand, one row per current status, one column per requested status
// (columns in the order of STATES). 'same' = setting the current status again (a no-op).
const MATRIX: Record<(typeof STATES)[number], readonly Outcome[]> = {
  draft: ['same', 'finalize', 'conflict', 'conflict', 'conflict', 'cancel'],
  unpaid: ['conflict', 'same', 'conflict', 'conflict', 'conflict', 'cancel'],
  'payment-pending': ['conflict', 'conflict', 'same', 'conflict', 'conflict', 'conflict'],
  paid: ['conflict', 'conflict', 'conflict', 'same', 'conflict', 'conflict'],
  overdue: ['conflict', 'conflict', 'conflict', 'conflict', 'same', 'cancel'],
  canceled: ['conflict', 'conflict', 'conflict', 'conflict', 'conflict', 'same'],
};

const NOW = new Date(Date.UTC(2026, 4, 2, 15, 30, 5));
const NOW_TEXT = '2026-05-02T15:30:05Z';

describe('INVOICE_TRANSITIONS', () => {
  it('holds exactly the four client moves of spec 3.1 with their effects', () => {
    expect(INVOICE_TRANSITIONS).toEqual([
      { from: 'draft', to: 'unpaid', effects: ['invoice.finalized'], setsCanceledOn: false },
      { from: 'draft', to: 'canceled', effects: [], setsCanceledOn: true },
      { from: 'unpaid', to: 'canceled', effects: [], setsCanceledOn: true },
      { from: 'overdue', to: 'canceled', effects: [], setsCanceledOn: true },
    ]);
  });

  it('is frozen data', () => {
    expect(Object.isFrozen(INVOICE_TRANSITIONS)).toBe(true);
    for (const row of INVOICE_TRANSITIONS) {
      expect(Object.isFrozen(row)).toBe(true);
      expect(Object.isFrozen(row.effects)).toBe(true);
    }
  });
});

describe('canTransition: the 6 x 6 matrix', () => {
  for (const from of STATES) {
    STATES.forEach((to, column) => {
      const outcome = MATRIX[from][column];
      const expected = outcome === 'finalize' || outcome === 'cancel';
      it(`${from} -> ${to} is ${expected ? 'a move' : 'not a move'}`, () => {
        expect(canTransition(from, to)).toBe(expected);
        expect(findTransition(from, to) !== undefined).toBe(expected);
      });
    });
  }

  it('knows no states outside the enum, prototype keys included', () => {
    for (const odd of ['__proto__', 'constructor', 'toString', 'DRAFT', '', 'void']) {
      expect(canTransition(odd, 'canceled')).toBe(false);
      expect(canTransition('draft', odd)).toBe(false);
    }
  });
});

describe('applyInvoiceUpdate: the 6 x 6 matrix of status updates', () => {
  for (const from of STATES) {
    STATES.forEach((to, column) => {
      const outcome = MATRIX[from][column]!;
      it(`${from} -> ${to}: ${outcome}`, () => {
        const invoice = deepFreeze(makeInvoice({ status: from }));
        const result = applyInvoiceUpdate(invoice, { status: to }, { now: NOW });
        switch (outcome) {
          case 'same':
            expect(result).toEqual({ ok: true, invoice, effects: [] });
            break;
          case 'finalize':
            expect(result).toEqual({
              ok: true,
              invoice: { ...invoice, status: 'unpaid' },
              effects: [
                {
                  type: 'invoice.finalized',
                  invoiceID: invoice.invoiceID,
                  invoiceNumber: 'INV-1001',
                  customerAccountID: invoice.customerAccountID,
                  partnerAccountID: invoice.partnerAccountID,
                  totalAmount: { currency: 'USD', valueDecimal: '13.50' },
                  dueDate: '2026-04-30T00:00:00Z',
                },
              ],
            });
            break;
          case 'cancel':
            expect(result).toEqual({
              ok: true,
              invoice: { ...invoice, status: 'canceled', canceledOn: NOW_TEXT },
              effects: [],
            });
            break;
          case 'conflict':
            expect(result.ok).toBe(false);
            if (result.ok) return;
            expect(result.status).toBe(409);
            expect(Object.keys(result.body)).toEqual(['error']);
            expect(result.body).toHaveProperty('error', expect.stringContaining(`from ${from} to ${to}`));
            break;
        }
      });
    });
  }

  it('says which moves are allowed in the 409 message', () => {
    const fromDraft = applyInvoiceUpdate(makeInvoice({ status: 'draft' }), { status: 'paid' }, { now: NOW });
    expect(fromDraft).toEqual({
      ok: false,
      status: 409,
      body: { error: 'an invoice cannot be moved from draft to paid: from draft it can only be moved to unpaid or canceled' },
    });
    const fromPaid = applyInvoiceUpdate(makeInvoice({ status: 'paid' }), { status: 'canceled' }, { now: NOW });
    expect(fromPaid).toEqual({
      ok: false,
      status: 409,
      body: { error: 'an invoice cannot be moved from paid to canceled: from paid no status can be set by an update' },
    });
  });

  it('stamps canceledOn from `now` in UTC whatever the offset of the clock', () => {
    const now = new Date('2026-12-31T23:59:59.250-08:00');
    const result = applyInvoiceUpdate(makeInvoice({ status: 'overdue' }), { status: 'canceled' }, { now });
    expect(result.ok && result.invoice.canceledOn).toBe('2027-01-01T07:59:59.250Z');
  });

  it('replaces a stale canceledOn only on a cancel, and a repeated cancel keeps the first stamp', () => {
    const canceled = makeInvoice({ status: 'canceled', canceledOn: '2026-04-10T00:00:00Z' });
    const again = applyInvoiceUpdate(canceled, { status: 'canceled' }, { now: NOW });
    expect(again.ok && again.invoice.canceledOn).toBe('2026-04-10T00:00:00Z');
  });
});
