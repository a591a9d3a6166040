import { describe, expect, it } from 'vitest';
import { applyInvoiceUpdate, currencyIssues } from '../../src/invoice/index.js';
import { deepFreeze, makeInvoice, usd } from './fixtures.js';

const NOW = new Date(Date.UTC(2026, 4, 2));
const eur = (valueDecimal: string) => ({ currency: 'EUR', valueDecimal });
const MSG = 'must be in USD, the currency of the invoice (got EUR)';
const apply = (update: unknown, status: 'draft' | 'paid' = 'draft') =>
  applyInvoiceUpdate(deepFreeze(makeInvoice({ status })), deepFreeze(update), { now: NOW });

describe('one currency per invoice', () => {
  it('answers 422 on taxAmount.currency when the tax is in another currency', () => {
    expect(apply({ taxAmount: { currency: 'EUR' } })).toEqual({ ok: false, status: 422, body: { taxAmount: { currency: MSG } } });
    expect(apply({ taxAmount: eur('1.00') })).toEqual({ ok: false, status: 422, body: { taxAmount: { currency: MSG } } });
  });

  it('answers 422 on the basePrice of the item that disagrees, keyed by name', () => {
    const update = { lineItems: { items: [{ name: 'Tea', quantity: 1, basePrice: usd('1') }, { name: 'Cake', quantity: 1, basePrice: eur('2') }] } };
    expect(apply(update)).toEqual({
      ok: false,
      status: 422,
      body: { lineItems: { items: { Cake: { basePrice: { currency: MSG } } } } },
    });
  });

  it('answers 422 on the priceModifier of the option that disagrees', () => {
    const update = {
      lineItems: {
        items: [
          {
            name: 'Tea',
            quantity: 1,
            basePrice: usd('1'),
            options: [
              { name: 'Milk', quantity: 1, priceModifier: usd('0.1') },
              { name: 'Honey', quantity: 1, priceModifier: eur('0.2') },
              { name: 'Lemon', quantity: 1 },
            ],
          },
        ],
      },
    };
    expect(apply(update)).toEqual({
      ok: false,
      status: 422,
      body: { lineItems: { items: { Tea: { options: { Honey: { priceModifier: { currency: MSG } } } } } } },
    });
  });

  it('reports every disagreeing amount, with duplicate and prototype-like names kept apart', () => {
    const update = {
      taxAmount: eur('1'),
      lineItems: {
        items: [
          { name: '__proto__', quantity: 1, basePrice: eur('1') },
          { name: '__proto__', quantity: 1, basePrice: eur('1'), options: [{ name: 'x', quantity: 1, priceModifier: eur('1') }] },
        ],
      },
    };
    const result = apply(update);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(422);
    const body = JSON.parse(JSON.stringify(result.body));
    expect(body).toEqual({
      taxAmount: { currency: MSG },
      lineItems: {
        items: {
          ['__proto__']: { basePrice: { currency: MSG } },
          '__proto__#2': { basePrice: { currency: MSG }, options: { x: { priceModifier: { currency: MSG } } } },
        },
      },
    });
    expect(Object.getPrototypeOf(result.body)).toBe(Object.prototype);
  });

  it('accepts amounts in the invoice currency', () => {
    expect(apply({ taxAmount: { currency: 'USD', valueDecimal: '0.5' } }).ok).toBe(true);
  });

  it('checks the state before the currency: a locked invoice answers 409', () => {
    expect(apply({ taxAmount: eur('1') }, 'paid')).toMatchObject({ ok: false, status: 409 });
  });

  it('currencyIssues lists positions', () => {
    expect(
      currencyIssues(
        { lineItems: { items: [{ name: 'a', quantity: 1, basePrice: usd('1'), options: [{ name: 'o', quantity: 1, priceModifier: eur('1') }] }] } },
        'USD',
      ),
    ).toEqual([{ at: 'priceModifier', item: 0, option: 0, currency: 'EUR' }]);
  });
});
