import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NEGATIVE_TOTAL_MESSAGE,
  NOW_INVALID_MESSAGE,
  applyInvoiceUpdate,
} from '../../src/invoice/index.js';
import type { Invoice } from '../../src/invoice/index.js';
import { BODY_NOT_OBJECT_MESSAGE } from '../../src/schemas/messages.js';
import { deepFreeze, itemArb, makeInvoice, usd } from './fixtures.js';

const NOW = new Date(Date.UTC(2026, 4, 2, 15, 30, 5));
const STATES = ['draft', 'unpaid', 'payment-pending', 'paid', 'overdue', 'canceled'] as const;
const FIELDS = ['description', 'dueDate', 'invoiceDate', 'lineItems', 'taxAmount'] as const;

/** A valid value for each field, different from makeInvoice's. */
const SAMPLE: Record<(typeof FIELDS)[number], unknown> = {
  description: 'Lunch',
  dueDate: '2026-06-01T00:00:00Z',
  invoiceDate: '2026-04-02T00:00:00Z',
  lineItems: { items: [{ name: 'Soup', quantity: 1, basePrice: usd('20.00') }] },
  taxAmount: { valueDecimal: '2.00' },
};

/** Which fields each status lets an update change (docs/invoice.md, the rules at its end). */
const EDITABLE: Record<(typeof STATES)[number], readonly string[]> = {
  draft: ['description', 'dueDate', 'invoiceDate', 'lineItems', 'taxAmount'],
  unpaid: ['description', 'invoiceDate', 'lineItems', 'taxAmount'],
  overdue: ['description', 'invoiceDate', 'lineItems', 'taxAmount'],
  'payment-pending': [],
  paid: [],
  canceled: [],
};

const apply = (invoice: Invoice, update: unknown) => applyInvoiceUpdate(deepFreeze(invoice), deepFreeze(update), { now: NOW });

function expectAmount(actual: { currency: string; valueDecimal: string } | undefined, currency: string, value: string) {
  expect(actual?.currency).toBe(currency);
  expect(new Decimal(actual?.valueDecimal ?? 'NaN').equals(value), `${actual?.valueDecimal} vs ${value}`).toBe(true);
}

function okInvoice(result: ReturnType<typeof applyInvoiceUpdate>): Invoice {
  if (!result.ok) throw new Error(`expected ok, got ${result.status} ${JSON.stringify(result.body)}`);
  return result.invoice;
}

describe('applyInvoiceUpdate: validation', () => {
  it('answers 400 with the validator body when the body is not a JSON object', () => {
    for (const body of [null, [], 'status', 42, undefined]) {
      expect(apply(makeInvoice(), body)).toEqual({ ok: false, status: 400, body: { error: BODY_NOT_OBJECT_MESSAGE } });
    }
  });

  it('answers 422 on status for a value outside the enum', () => {
    for (const status of ['void', 'Draft', '__proto__', '', 7]) {
      const result = apply(makeInvoice(), { status });
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.status).toBe(422);
      expect(Object.keys(result.body)).toEqual(['status']);
      expect(typeof (result.body as Record<string, unknown>).status).toBe('string');
    }
  });

  it('throws a TypeError for a `now` that is not a valid Date', () => {
    for (const now of [new Date(Number.NaN), '2026-01-01T00:00:00Z', undefined]) {
      expect(() => applyInvoiceUpdate(makeInvoice(), {}, { now: now as Date })).toThrow(new TypeError(NOW_INVALID_MESSAGE));
    }
  });
});

describe('applyInvoiceUpdate: fields', () => {
  it('sets description, dueDate and invoiceDate and leaves omitted fields untouched', () => {
    const invoice = makeInvoice();
    const next = okInvoice(apply(invoice, { description: 'Lunch', dueDate: '2026-06-01T00:00:00+02:00' }));
    expect(next).toEqual({ ...invoice, description: 'Lunch', dueDate: '2026-06-01T00:00:00+02:00' });
    const dated = okInvoice(apply(invoice, { invoiceDate: '2026-04-02T00:00:00Z' }));
    expect(dated).toEqual({ ...invoice, invoiceDate: '2026-04-02T00:00:00Z' });
  });

  it('unsets dueDate and invoiceDate with null (the key is removed)', () => {
    const next = okInvoice(apply(makeInvoice(), { dueDate: null, invoiceDate: null }));
    expect('dueDate' in next).toBe(false);
    expect('invoiceDate' in next).toBe(false);
    const { dueDate: _d, invoiceDate: _i, ...rest } = makeInvoice();
    expect(next).toEqual(rest);
  });

  it('unsetting a date that is not set is a no-op', () => {
    const { dueDate: _d, ...withoutDue } = makeInvoice();
    expect(okInvoice(apply(withoutDue, { dueDate: null }))).toEqual(withoutDue);
  });

  it('recomputes the totals from new line items and keeps the tax', () => {
    const next = okInvoice(apply(makeInvoice(), { lineItems: SAMPLE.lineItems }));
    expect(next.lineItems).toEqual(SAMPLE.lineItems);
    expectAmount(next.subtotalAmount, 'USD', '20');
    expectAmount(next.taxAmount, 'USD', '1');
    expectAmount(next.totalAmount, 'USD', '21');
  });

  it('a partial taxAmount keeps the other field (value only, currency only)', () => {
    const valueOnly = okInvoice(apply(makeInvoice(), { taxAmount: { valueDecimal: '2.25' } }));
    expectAmount(valueOnly.taxAmount, 'USD', '2.25');
    expectAmount(valueOnly.subtotalAmount, 'USD', '12.5');
    expectAmount(valueOnly.totalAmount, 'USD', '14.75');
    const currencyOnly = okInvoice(apply(makeInvoice({ taxAmount: usd('1.10') }), { taxAmount: { currency: 'USD' } }));
    expectAmount(currencyOnly.taxAmount, 'USD', '1.1');
    expectAmount(currencyOnly.totalAmount, 'USD', '13.6');
  });

  it('recomputes only when lineItems or taxAmount is in the update', () => {
    // A stored invoice whose totals are stale: other edits carry them through untouched...
    const stale = makeInvoice({ totalAmount: usd('99.00'), subtotalAmount: usd('98.00') });
    expect(okInvoice(apply(stale, { description: 'x' })).totalAmount).toEqual(usd('99.00'));
    // ...and an update that touches the tax recomputes them from the line items.
    expectAmount(okInvoice(apply(stale, { taxAmount: {} })).totalAmount, 'USD', '13.5');
  });

  it('an empty update returns an equal invoice and no effects, in every status', () => {
    const invoiceArb = fc.record({
      status: fc.constantFrom(...STATES),
      description: fc.option(fc.string(), { nil: undefined }),
      canceledOn: fc.option(fc.constant('2026-04-10T00:00:00Z'), { nil: undefined }),
    });
    fc.assert(
      fc.property(invoiceArb, fc.constantFrom({}), (overrides, update) => {
        const base = makeInvoice();
        const invoice: Invoice = {
          ...base,
          status: overrides.status,
          ...(overrides.description === undefined ? {} : { description: overrides.description }),
          ...(overrides.canceledOn === undefined ? {} : { canceledOn: overrides.canceledOn }),
        };
        expect(apply(invoice, update)).toEqual({ ok: true, invoice, effects: [] });
      }),
    );
  });
});

describe('applyInvoiceUpdate: editability by status', () => {
  for (const status of STATES) {
    for (const field of FIELDS) {
      const allowed = EDITABLE[status].includes(field);
      it(`${field} in ${status}: ${allowed ? 'allowed' : '409'}`, () => {
        const result = apply(makeInvoice({ status }), { [field]: SAMPLE[field] });
        if (allowed) {
          expect(result.ok).toBe(true);
          return;
        }
        const message =
          EDITABLE[status].length === 0
            ? `an invoice in status ${status} cannot be edited`
            : `dueDate can only be changed while the invoice is draft; this invoice is ${status}`;
        expect(result).toEqual({ ok: false, status: 409, body: { error: message } });
      });
    }
  }

  it('a null dueDate is an edit too: refused outside draft', () => {
    expect(apply(makeInvoice({ status: 'overdue' }), { dueDate: null })).toEqual({
      ok: false,
      status: 409,
      body: { error: 'dueDate can only be changed while the invoice is draft; this invoice is overdue' },
    });
  });

  it('setting the current status again does not make a locked invoice editable', () => {
    expect(apply(makeInvoice({ status: 'paid' }), { status: 'paid', description: 'x' })).toEqual({
      ok: false,
      status: 409,
      body: { error: 'an invoice in status paid cannot be edited' },
    });
  });

  it('judges editability by the status before the update', () => {
    // draft -> unpaid with a new dueDate: allowed, the invoice is draft when the update starts.
    const result = apply(makeInvoice(), { status: 'unpaid', dueDate: '2026-07-01T00:00:00Z', lineItems: SAMPLE.lineItems });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.invoice.status).toBe('unpaid');
    expect(result.invoice.dueDate).toBe('2026-07-01T00:00:00Z');
    // The effect describes the invoice as finalized: the new total and due date.
    expect(result.effects).toHaveLength(1);
    expect(result.effects[0]?.dueDate).toBe('2026-07-01T00:00:00Z');
    expectAmount(result.effects[0]?.totalAmount, 'USD', '21');
    // A cancel that carries an edit the current status forbids is refused whole.
    expect(apply(makeInvoice({ status: 'unpaid' }), { status: 'canceled', dueDate: null })).toMatchObject({ status: 409 });
  });

  it('the finalized effect has no dueDate key when the invoice has none', () => {
    const result = apply(makeInvoice(), { status: 'unpaid', dueDate: null });
    expect(result.ok && result.effects[0] !== undefined && 'dueDate' in result.effects[0]).toBe(false);
    expect(result.ok && result.effects.length).toBe(1);
  });

  it('refuses an unknown stored status as not editable and allows it no move', () => {
    const odd = { ...makeInvoice(), status: 'archived' } as unknown as Invoice;
    expect(apply(odd, { description: 'x' })).toEqual({ ok: false, status: 409, body: { error: 'an invoice in status archived cannot be edited' } });
    expect(apply(odd, { status: 'canceled' })).toMatchObject({ ok: false, status: 409 });
  });
});

describe('applyInvoiceUpdate: payments bound the total', () => {
  const paidInvoice = (paid: string, pending: string) =>
    makeInvoice({ status: 'unpaid', paidAmount: usd(paid), pendingAmount: usd(pending) });
  const items = (price: string) => ({ items: [{ name: 'Soup', quantity: 1, basePrice: usd(price) }] });

  it('refuses (409) a total below paid + pending', () => {
    // total = 5.00 + 1.00 tax = 6.00 < 4.00 paid + 2.01 pending = 6.01
    expect(apply(paidInvoice('4.00', '2.01'), { lineItems: items('5.00') })).toEqual({
      ok: false,
      status: 409,
      body: { error: expect.stringMatching(/^the update would make the total 6(\.0+)? USD smaller than the 6\.01 USD already paid or pending$/) },
    });
  });

  it('accepts a total equal to paid + pending (boundary)', () => {
    expectAmount(okInvoice(apply(paidInvoice('4.00', '2.00'), { lineItems: items('5.00') })).totalAmount, 'USD', '6');
  });

  it('counts pending alone and paid alone', () => {
    expect(apply(paidInvoice('0.00', '20.00'), { lineItems: items('5.00') })).toMatchObject({ status: 409 });
    expect(apply(paidInvoice('20.00', '0.00'), { taxAmount: { valueDecimal: '0' } })).toMatchObject({ status: 409 });
  });

  it('refuses a negative total even with nothing paid', () => {
    const result = apply(makeInvoice(), {
      lineItems: { items: [{ name: 'Refund', quantity: 1, basePrice: usd('1.00'), options: [{ name: 'credit', quantity: 1, priceModifier: usd('-3.00') }] }] },
    });
    expect(result).toMatchObject({ ok: false, status: 409 });
  });

  it('says the total would be negative when nothing is paid or pending (not "smaller than 0 paid")', () => {
    const negative = 'the update would make the total negative: with nothing paid or pending, the total must not be below zero';
    expect(NEGATIVE_TOTAL_MESSAGE).toBe(negative);
    // 1 x (1.00 - 3.00) + 1.00 tax = -1.00; and a negative int32 quantity: -2 x 5.00 + 1.00 = -9.00
    const credit = { items: [{ name: 'Refund', quantity: 1, basePrice: usd('1.00'), options: [{ name: 'credit', quantity: 1, priceModifier: usd('-3.00') }] }] };
    const returned = { items: [{ name: 'Soup', quantity: -2, basePrice: usd('5.00') }] };
    for (const [paid, pending] of [['0.00', '0.00'], ['0', '0.000000000'], ['-0', '0']] as const) {
      for (const lineItems of [credit, returned]) {
        expect(apply(paidInvoice(paid, pending), { lineItems })).toEqual({ ok: false, status: 409, body: { error: negative } });
      }
    }
    // Something paid: the message names the amounts, as before.
    expect(apply(paidInvoice('0.01', '0.00'), { lineItems: returned })).toEqual({
      ok: false,
      status: 409,
      body: { error: expect.stringMatching(/^the update would make the total -9(\.0+)? USD smaller than the 0\.01 USD already paid or pending$/) },
    });
    // Zero is not negative: a total of exactly 0 with nothing paid is accepted (boundary).
    expectAmount(okInvoice(apply(paidInvoice('0.00', '0.00'), { lineItems: items('-1.00') })).totalAmount, 'USD', '0');
  });

  it('leaves paid, pending, refunded, disputed and invoicePayments as they are', () => {
    const invoice = makeInvoice({
      status: 'unpaid',
      paidAmount: usd('3.00'),
      pendingAmount: usd('1.00'),
      refundedAmount: usd('0.50'),
      disputedAmount: usd('0.25'),
      invoicePayments: [{ invoicePaymentID: '0f8fad5b-d9cb-469f-a165-70867728950e', amount: usd('3.00') }],
    });
    const next = okInvoice(apply(invoice, { lineItems: items('10.00') }));
    for (const key of ['paidAmount', 'pendingAmount', 'refundedAmount', 'disputedAmount', 'invoicePayments'] as const) {
      expect(next[key]).toEqual(invoice[key]);
    }
  });
});

describe('applyInvoiceUpdate: purity', () => {
  it('never mutates the invoice or the update, whatever the update', () => {
    const updateArb = fc.record(
      {
        description: fc.oneof(fc.string(), fc.integer()),
        dueDate: fc.constantFrom(null, '2026-06-01T00:00:00Z', 'not a date'),
        invoiceDate: fc.constantFrom(null, '2026-04-02T00:00:00Z'),
        lineItems: fc.record({ items: fc.array(itemArb('USD'), { maxLength: 3 }) }),
        status: fc.constantFrom(...STATES, 'void'),
        taxAmount: fc.record({ currency: fc.constantFrom('USD', 'EUR'), valueDecimal: fc.constantFrom('0', '1.5', '-2') }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.constantFrom(...STATES), updateArb, (status, update) => {
        const invoice = makeInvoice({ status, paidAmount: usd('1.00') });
        const invoiceCopy = structuredClone(invoice);
        const updateCopy = structuredClone(update);
        deepFreeze(invoice);
        deepFreeze(update);
        applyInvoiceUpdate(invoice, update, { now: NOW }); // a write to a frozen object would throw here
        expect(invoice).toEqual(invoiceCopy);
        expect(update).toEqual(updateCopy);
      }),
    );
  });
});
