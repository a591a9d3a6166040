import fc from 'fast-check';
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

/** Every leaf of an error body as a path: `['lineItems', 'items', 'Tea', 'quantity']`. */
function leafPaths(node: unknown, prefix: readonly string[] = []): string[][] {
  if (typeof node !== 'object' || node === null) return [[...prefix]];
  return Object.keys(node).flatMap((key) => leafPaths((node as Record<string, unknown>)[key], [...prefix, key]));
}

const bodyOf = (result: ReturnType<typeof apply>) => {
  if (result.ok || result.status !== 422) throw new Error(`expected 422, got ${JSON.stringify(result)}`);
  return result.body;
};

describe('currency errors next to the validator errors (spec 4.2: a string for each field that failed)', () => {
  it('keeps a currency error when another field fails the schema', () => {
    const update = { description: 5, lineItems: { items: [{ name: 'b', quantity: 1, basePrice: { currency: 'EUR', valueDecimal: '1' } }] } };
    expect(apply(update)).toEqual({
      ok: false,
      status: 422,
      body: { description: 'must be a string', lineItems: { items: { b: { basePrice: { currency: MSG } } } } },
    });
  });

  it('puts the currency error next to a schema error of the same amount and item', () => {
    const update = {
      taxAmount: { currency: 'EUR', valueDecimal: '.5' },
      lineItems: {
        items: [
          { name: 'Tea', quantity: 1.5, basePrice: usd('1'), options: [{ name: 'Milk', quantity: 1, priceModifier: { currency: 'EUR', valueDecimal: 'x' } }] },
        ],
      },
    };
    const body = bodyOf(apply(update)) as Record<string, any>;
    expect(body['taxAmount']).toEqual({ valueDecimal: expect.any(String), currency: MSG });
    expect(body['lineItems'].items.Tea.quantity).toEqual(expect.any(String));
    expect(body['lineItems'].items.Tea.options.Milk.priceModifier).toEqual({ valueDecimal: expect.any(String), currency: MSG });
  });

  it('adds nothing under a field that failed as a whole, and never reports an invalid code as a mismatch', () => {
    expect(bodyOf(apply({ description: 5, lineItems: { items: 'x' }, taxAmount: { currency: 'eur' } }))).toEqual({
      description: 'must be a string',
      lineItems: { items: 'must be an array' },
      taxAmount: { currency: 'must be a 3-letter ISO 4217 currency code' },
    });
    const item = { name: 'b', quantity: 1, basePrice: 'EUR 1' };
    expect(bodyOf(apply({ description: 5, lineItems: { items: [item, 7] } }))).toEqual({
      description: 'must be a string',
      lineItems: { items: { b: { basePrice: 'must be a JSON object' }, '[1]': 'must be a JSON object' } },
    });
  });

  it('keys merged items as the validator does: duplicates, nameless and __proto__', () => {
    const items = JSON.parse(
      '[{"name":"__proto__","quantity":"1","basePrice":{"currency":"EUR","valueDecimal":"1"}},' +
        '{"quantity":1,"basePrice":{"currency":"EUR","valueDecimal":"1"}},' +
        '{"name":"__proto__","quantity":1,"basePrice":{"currency":"GBP","valueDecimal":"1"}}]',
    );
    const body = JSON.parse(JSON.stringify(bodyOf(apply({ lineItems: { items } }))));
    expect(body).toEqual({
      lineItems: {
        items: {
          ['__proto__']: { quantity: expect.any(String), basePrice: { currency: MSG } },
          '[1]': { name: 'is required', basePrice: { currency: MSG } },
          '__proto__#2': { basePrice: { currency: 'must be in USD, the currency of the invoice (got GBP)' } },
        },
      },
    });
    expect(({} as Record<string, unknown>)['basePrice']).toBeUndefined();
  });

  it('never throws on malformed parts of a body: property over arbitrary JSON in every amount slot', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(json, json, json, json, (tax, items, item, options) => {
        const body = { taxAmount: tax, description: 1, lineItems: { items: [item, { name: 'a', basePrice: tax, options }], extra: items } };
        const result = apply(body);
        expect(result).toMatchObject({ ok: false, status: 422 });
        expect(apply({ lineItems: items, taxAmount: options, dueDate: 3 })).toMatchObject({ ok: false, status: 422 });
      }),
    );
  });

  /**
   * k independent field failures, each a schema failure or a currency mismatch, at distinct
   * leaves: the 422 body has exactly those k paths.
   */
  it('property: the 422 body has exactly the k failed paths, schema and currency alike', () => {
    type Slot = { path: string[]; valid: unknown; failures: unknown[] };
    const optionSlots = (item: string, option: string): Slot[] => [
      { path: ['lineItems', 'items', item, 'options', option, 'quantity'], valid: 1, failures: [1.5, '1'] },
      { path: ['lineItems', 'items', item, 'options', option, 'priceModifier', 'currency'], valid: 'USD', failures: ['EUR', 'usd', 'XXX1'] },
      { path: ['lineItems', 'items', item, 'options', option, 'priceModifier', 'valueDecimal'], valid: '0.25', failures: ['.5', '1e3'] },
    ];
    const itemSlots = (item: string): Slot[] => [
      { path: ['lineItems', 'items', item, 'quantity'], valid: 2, failures: [2 ** 31, 'two'] },
      { path: ['lineItems', 'items', item, 'basePrice', 'currency'], valid: 'USD', failures: ['EUR', 'JPY', 'Usd'] },
      { path: ['lineItems', 'items', item, 'basePrice', 'valueDecimal'], valid: '3.10', failures: ['3.1234567891', ''] },
    ];
    const topSlots: Slot[] = [
      { path: ['description'], valid: 'Lunch', failures: [5, null] },
      { path: ['dueDate'], valid: '2026-06-01T00:00:00Z', failures: ['2026-02-30T00:00:00Z', 1] },
      { path: ['taxAmount', 'currency'], valid: 'USD', failures: ['EUR', 'usd'] },
      { path: ['taxAmount', 'valueDecimal'], valid: '1.00', failures: ['1,00'] },
    ];
    const names = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 });
    const scenario = names.chain((itemNames) => {
      const slots = [
        ...topSlots,
        ...itemNames.flatMap((n) => [...itemSlots(n), ...optionSlots(n, `${n}-opt`)]),
      ];
      const choice = (slot: Slot) =>
        fc.oneof(fc.constant({ slot, value: slot.valid, fails: false }), fc.constantFrom(...slot.failures).map((value) => ({ slot, value, fails: true })));
      return fc.tuple(fc.constant(itemNames), fc.tuple(...slots.map(choice)));
    });
    fc.assert(
      fc.property(scenario, ([itemNames, choices]) => {
        const value = (path: string[]) => choices.find((c) => c.slot.path.join('\0') === path.join('\0'))?.value;
        const body = {
          description: value(['description']),
          dueDate: value(['dueDate']),
          taxAmount: { currency: value(['taxAmount', 'currency']), valueDecimal: value(['taxAmount', 'valueDecimal']) },
          lineItems: {
            items: itemNames.map((n) => {
              const at = (...rest: string[]) => value(['lineItems', 'items', n, ...rest]);
              const o = `${n}-opt`;
              return {
                name: n,
                quantity: at('quantity'),
                basePrice: { currency: at('basePrice', 'currency'), valueDecimal: at('basePrice', 'valueDecimal') },
                options: [{ name: o, quantity: at('options', o, 'quantity'), priceModifier: { currency: at('options', o, 'priceModifier', 'currency'), valueDecimal: at('options', o, 'priceModifier', 'valueDecimal') } }],
              };
            }),
          },
        };
        const failed = choices.filter((c) => c.fails).map((c) => c.slot.path);
        const result = apply(body);
        if (failed.length === 0) {
          expect(result.ok).toBe(true);
          return;
        }
        const sort = (paths: string[][]) => paths.map((p) => JSON.stringify(p)).sort();
        expect(sort(leafPaths(bodyOf(result)))).toEqual(sort(failed));
      }),
    );
  });
});
