import { describe, expect, it } from 'vitest';
import {
  LINE_TOTAL_RANGE_MESSAGE,
  SUBTOTAL_RANGE_MESSAGE,
  TOTAL_RANGE_MESSAGE,
  applyInvoiceUpdate,
} from '../../src/invoice/index.js';
import { deepFreeze, INT32_MAX, makeInvoice, usd } from './fixtures.js';

// Amounts are limited to |x| < 2^63 (payments-kit/amount, the int64 range of the wire):
// an update whose totals leave that range is a 422, never a crash.
const NOW = new Date(Date.UTC(2026, 4, 2));
const apply = (update: unknown) => applyInvoiceUpdate(deepFreeze(makeInvoice()), deepFreeze(update), { now: NOW });
const BIG = '9223372036854775807'; // 2^63 - 1

describe('totals out of range', () => {
  it('messages name the limit', () => {
    expect(LINE_TOTAL_RANGE_MESSAGE).toBe('line total must be less than 9223372036854775808 (2^63) in absolute value');
    expect(SUBTOTAL_RANGE_MESSAGE).toBe('subtotal must be less than 9223372036854775808 (2^63) in absolute value');
    expect(TOTAL_RANGE_MESSAGE).toBe('total must be less than 9223372036854775808 (2^63) in absolute value');
  });

  it('puts a line total out of range on its item, keyed by name', () => {
    const items = [
      { name: 'Fine', quantity: 1, basePrice: usd('1.00') },
      { name: 'Huge', quantity: INT32_MAX, basePrice: usd('4294967298.000000001') },
    ];
    expect(apply({ lineItems: { items } })).toEqual({
      ok: false,
      status: 422,
      body: { lineItems: { items: { Huge: LINE_TOTAL_RANGE_MESSAGE } } },
    });
  });

  it('an option product out of range is the line total out of range, even with quantity 0', () => {
    const items = [{ name: 'Zero', quantity: 0, basePrice: usd('1'), options: [{ name: 'o', quantity: 2, priceModifier: usd(BIG) }] }];
    expect(apply({ lineItems: { items } })).toEqual({ ok: false, status: 422, body: { lineItems: { items: { Zero: LINE_TOTAL_RANGE_MESSAGE } } } });
  });

  it('puts a subtotal out of range on lineItems', () => {
    const items = [
      { name: 'A', quantity: 1, basePrice: usd(BIG) },
      { name: 'B', quantity: 1, basePrice: usd('1') },
    ];
    expect(apply({ lineItems: { items } })).toEqual({ ok: false, status: 422, body: { lineItems: SUBTOTAL_RANGE_MESSAGE } });
  });

  it('puts a total out of range on lineItems when the update has them, else on taxAmount.valueDecimal', () => {
    expect(apply({ lineItems: { items: [{ name: 'A', quantity: 1, basePrice: usd(BIG) }] } })).toEqual({
      ok: false,
      status: 422,
      body: { lineItems: TOTAL_RANGE_MESSAGE }, // 2^63 - 1 + the stored tax 1.00
    });
    const stored = makeInvoice({
      lineItems: { items: [{ name: 'A', quantity: 1, basePrice: usd(BIG) }] },
      subtotalAmount: usd(BIG),
      taxAmount: usd('0'),
      totalAmount: usd(BIG),
    });
    expect(applyInvoiceUpdate(stored, { taxAmount: { valueDecimal: '1' } }, { now: NOW })).toEqual({
      ok: false,
      status: 422,
      body: { taxAmount: { valueDecimal: TOTAL_RANGE_MESSAGE } },
    });
  });

  it('accepts the largest total in range', () => {
    const stored = makeInvoice({ taxAmount: usd('0') });
    const result = applyInvoiceUpdate(stored, { lineItems: { items: [{ name: 'A', quantity: 1, basePrice: usd(BIG) }] } }, { now: NOW });
    expect(result.ok && result.invoice.totalAmount).toEqual(usd(BIG));
  });
});
