import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyInvoiceUpdate, bodyCurrencyIssues, currencyIssues } from '../../src/invoice/index.js';
import { REQUEST_LIMITS, resolveRequestLimits, type RequestLimits } from '../../src/limits/index.js';
import { INVOICE_STATUSES } from '../../src/schemas/index.js';
import { TRUNCATED_KEY, truncatedMessage } from '../../src/schemas/error-limit.js';
import { deepFreeze, makeInvoice, usd } from './fixtures.js';

// Issue 26: a host's `limits` reach every check of `applyInvoiceUpdate`, the currency check
// included, and no client's update makes it throw whatever the limits are.

const NOW = new Date(Date.UTC(2026, 4, 2));
const MSG_EUR = 'must be in USD, the currency of the invoice (got EUR)';
const eur = (valueDecimal: string) => ({ currency: 'EUR', valueDecimal });
const many = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
const item = (i: number, basePrice = usd('1.00'), options?: unknown[]) => ({
  name: `i${i}`,
  quantity: 1,
  basePrice,
  ...(options === undefined ? {} : { options }),
});
const option = (j: number, priceModifier = usd('0.10')) => ({ name: `o${j}`, quantity: 1, priceModifier });
const applyWith = (limits: RequestLimits, update: unknown) =>
  applyInvoiceUpdate(deepFreeze(makeInvoice()), deepFreeze(update), { now: NOW, limits });

describe('the host limits reach the currency check (issue 26 defect)', () => {
  // Built inside each test: a library call at collection time would make its mutants static.
  const host = () => resolveRequestLimits({ lineItems: 300, optionsPerItem: 40 });

  it('a valid 260-item update with one price in EUR under a 300-item limit answers 422, never throws', () => {
    const update = { lineItems: { items: many(260, (i) => item(i, i === 259 ? eur('1.00') : usd('1.00'))) } };
    expect(applyWith(host(), update)).toEqual({
      ok: false,
      status: 422,
      body: { lineItems: { items: { i259: { basePrice: { currency: MSG_EUR } } } } },
    });
  });

  it('a valid item with 30 options, one in EUR, under a 40-option limit answers 422 on that option', () => {
    const update = { lineItems: { items: [item(0, usd('1'), many(30, (j) => option(j, j === 29 ? eur('1') : usd('1'))))] } };
    expect(applyWith(host(), update)).toEqual({
      ok: false,
      status: 422,
      body: { lineItems: { items: { i0: { options: { o29: { priceModifier: { currency: MSG_EUR } } } } } } },
    });
  });

  it('the same updates next to a schema error report the mismatch under the host limits too', () => {
    const items = many(260, (i) => item(i, i === 259 ? eur('1.00') : usd('1.00')));
    expect(applyWith(host(), { description: 5, lineItems: { items } })).toEqual({
      ok: false,
      status: 422,
      body: { description: 'must be a string', lineItems: { items: { i259: { basePrice: { currency: MSG_EUR } } } } },
    });
  });

  it('past the host limit the array fails as a whole and nothing inside it is reported', () => {
    const small = resolveRequestLimits({ lineItems: 3, optionsPerItem: 2 });
    const items = many(4, (i) => item(i, eur('1')));
    expect(applyWith(small, { lineItems: { items } })).toEqual({
      ok: false,
      status: 422,
      body: { lineItems: { items: 'must have at most 3 items' } },
    });
    const options = many(3, (j) => option(j, eur('1')));
    expect(applyWith(small, { lineItems: { items: [item(0, usd('1'), options)] } })).toEqual({
      ok: false,
      status: 422,
      body: { lineItems: { items: { i0: { options: 'must have at most 2 options' } } } },
    });
  });

  it("the host's fieldErrors bounds the currency errors, on the validated and on the raw path", () => {
    const limits = resolveRequestLimits({ fieldErrors: 2 });
    const items = many(5, (i) => item(i, eur('1')));
    const validated = applyWith(limits, { lineItems: { items } });
    expect(validated).toEqual({
      ok: false,
      status: 422,
      body: {
        lineItems: { items: { i0: { basePrice: { currency: MSG_EUR } }, i1: { basePrice: { currency: MSG_EUR } } } },
        [TRUNCATED_KEY]: truncatedMessage(2),
      },
    });
    const raw = applyWith(limits, { description: 5, lineItems: { items } });
    expect(raw).toEqual({
      ok: false,
      status: 422,
      body: {
        description: 'must be a string',
        lineItems: { items: { i0: { basePrice: { currency: MSG_EUR } } } },
        [TRUNCATED_KEY]: truncatedMessage(2),
      },
    });
  });

  it('currencyIssues looks at every element of a validated update, whatever its length', () => {
    const update = { lineItems: { items: many(400, (i) => item(i, i === 399 ? eur('1') : usd('1'), [option(0), option(1, eur('2'))])) } };
    const issues = currencyIssues(update as never, 'USD');
    expect(issues.filter((x) => x.at === 'basePrice')).toEqual([{ at: 'basePrice', item: 399, currency: 'EUR' }]);
    expect(issues.filter((x) => x.at === 'priceModifier')).toHaveLength(400);
  });
});

describe('inclusive count limits of the raw-body currency check (250 items, 25 options)', () => {
  const itemsOf = (n: number) => ({ lineItems: { items: many(n, (i) => item(i, eur('1'))) } });
  const optionsOf = (n: number) => ({ lineItems: { items: [item(0, usd('1'), many(n, (j) => option(j, eur('1'))))] } });

  it('250 items are all looked at; 251 items are skipped whole', () => {
    expect(bodyCurrencyIssues(itemsOf(250), 'USD')).toHaveLength(250);
    expect(bodyCurrencyIssues(itemsOf(250), 'USD').at(-1)).toEqual({ at: 'basePrice', item: 249, currency: 'EUR' });
    expect(bodyCurrencyIssues(itemsOf(251), 'USD')).toEqual([]);
  });

  it('25 options are all looked at; 26 options are skipped whole, the item itself still is', () => {
    expect(bodyCurrencyIssues(optionsOf(25), 'USD')).toHaveLength(25);
    expect(bodyCurrencyIssues(optionsOf(25), 'USD').at(-1)).toEqual({ at: 'priceModifier', item: 0, option: 24, currency: 'EUR' });
    const withBase = { lineItems: { items: [item(0, eur('1'), many(26, (j) => option(j, eur('1'))))] } };
    expect(bodyCurrencyIssues(withBase, 'USD')).toEqual([{ at: 'basePrice', item: 0, currency: 'EUR' }]);
  });

  it('a host limit moves both boundaries', () => {
    const limits = resolveRequestLimits({ lineItems: 4, optionsPerItem: 2 });
    expect(bodyCurrencyIssues(itemsOf(4), 'USD', limits)).toHaveLength(4);
    expect(bodyCurrencyIssues(itemsOf(5), 'USD', limits)).toEqual([]);
    expect(bodyCurrencyIssues(optionsOf(2), 'USD', limits)).toHaveLength(2);
    expect(bodyCurrencyIssues(optionsOf(3), 'USD', limits)).toEqual([]);
  });

  it("a string that is not a code ('eur', 'EURO', 5) is not a mismatch: the validator reports it", () => {
    for (const currency of ['eur', 'EURO', 'Eur', '', 5, null]) {
      expect(bodyCurrencyIssues({ taxAmount: { currency } }, 'USD')).toEqual([]);
      expect(currencyIssues({ taxAmount: { currency } } as never, 'USD')).toEqual([]);
    }
    expect(bodyCurrencyIssues({ taxAmount: { currency: 'EUR' } }, 'USD')).toEqual([{ at: 'taxAmount', currency: 'EUR' }]);
    expect(bodyCurrencyIssues({ taxAmount: { currency: 'USD' } }, 'USD')).toEqual([]);
  });

  it('reads own properties only: inherited lineItems, items, options and currency are not read', () => {
    const inherited = Object.create({ currency: 'EUR' }) as object;
    expect(bodyCurrencyIssues({ taxAmount: inherited }, 'USD')).toEqual([]);
    const proto = Object.create({ lineItems: { items: [item(0, eur('1'))] } }) as object;
    expect(bodyCurrencyIssues(proto, 'USD')).toEqual([]);
  });
});

// The properties that make the defect impossible to bring back: any limits a host can set,
// any update a client can send (valid or not, any length around the limits, any currency),
// any status: `applyInvoiceUpdate` answers; it never throws.
describe('property: applyInvoiceUpdate never throws for a client update, under any host limits', () => {
  const limitsArb = fc
    .record(
      {
        lineItems: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.constantFrom(251, 260, 300)),
        optionsPerItem: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.constantFrom(26, 30)),
        imagesPerItem: fc.integer({ min: 1, max: 3 }),
        imagesPerOption: fc.integer({ min: 1, max: 3 }),
        fieldErrors: fc.integer({ min: 1, max: 25 }),
      },
      { requiredKeys: [] },
    )
    .map((override) => resolveRequestLimits(override));
  /** A count at, just under or just over a limit (the host's or the default), or a small one. */
  const countNear = (limit: number) =>
    fc.oneof(fc.constantFrom(limit - 1, limit, limit + 1, 250, 251, 25, 26), fc.integer({ min: 0, max: 3 })).map((n) => Math.max(0, n));
  const priceArb = fc.record({ currency: fc.constantFrom('USD', 'USD', 'USD', 'EUR', 'JPY'), valueDecimal: fc.constantFrom('1.00', '0', '0.000000001', '9007199254740993') });

  it('valid updates of any length within the host limits: a mismatch anywhere is a 422 naming it', () => {
    const scenarioArb = limitsArb.chain((limits) =>
      fc.record({
        limits: fc.constant(limits),
        count: countNear(limits.lineItems).filter((n) => n <= limits.lineItems),
        optionCount: countNear(limits.optionsPerItem).filter((n) => n <= limits.optionsPerItem),
        at: fc.nat(),
        base: priceArb,
        modifier: priceArb,
        tax: fc.option(priceArb, { nil: undefined }),
      }),
    );
    fc.assert(
      fc.property(scenarioArb, ({ limits, count, optionCount, at, base, modifier, tax }) => {
        const odd = at % Math.max(count, 1);
        const items = many(count, (i) => (i === odd ? item(i, base, many(optionCount, (j) => option(j, modifier))) : item(i)));
        const update = { lineItems: { items }, ...(tax === undefined ? {} : { taxAmount: tax }) };
        const result = applyWith(limits, update);
        const foreign = [count > 0 ? base.currency : 'USD', count > 0 && optionCount > 0 ? modifier.currency : 'USD', tax?.currency ?? 'USD'];
        if (foreign.every((c) => c === 'USD')) {
          expect(result.ok).toBe(true);
          return;
        }
        expect(result).toMatchObject({ ok: false, status: 422 });
        expect(JSON.stringify(result)).toMatch(/must be in USD, the currency of the invoice \(got (EUR|JPY)\)/);
      }),
      { numRuns: 80 },
    );
  });

  it('any update, well-formed or not, in any status: ok, 400, 409 or 422, never a throw', () => {
    const sometimes = <T>(usual: fc.Arbitrary<T>, odd: readonly unknown[]) =>
      fc.oneof({ arbitrary: usual, weight: 4 }, { arbitrary: fc.constantFrom(...odd), weight: 1 });
    const amountArb = fc.record({
      currency: sometimes(fc.constantFrom('USD', 'EUR'), ['eur', 'XAU', 5, undefined]),
      valueDecimal: sometimes(fc.constantFrom('1.00', '-3.5', '9007199254740993'), ['9223372036854775807', '1e3', '']),
    });
    const templateArb = fc.record({
      name: sometimes(fc.constantFrom('a', '__proto__'), ['', 3]),
      quantity: sometimes(fc.constantFrom(1, -1), [2147483647, '1']),
      basePrice: amountArb,
      options: fc.array(fc.record({ name: fc.constantFrom<unknown>('o', ''), quantity: fc.constantFrom<unknown>(1, 1.5), priceModifier: amountArb }), { maxLength: 3 }),
    });
    const scenarioArb = limitsArb.chain((limits) =>
      fc.record({
        limits: fc.constant(limits),
        status: fc.constantFrom(...INVOICE_STATUSES),
        count: countNear(limits.lineItems),
        templates: fc.array(templateArb, { minLength: 1, maxLength: 3 }),
        tax: fc.option(amountArb, { nil: undefined }),
        extra: fc.constantFrom<Record<string, unknown>>({}, { description: 5 }, { status: 'canceled' }, { status: 'void' }),
      }),
    );
    fc.assert(
      fc.property(scenarioArb, ({ limits, status, count, templates, tax, extra }) => {
        const items = many(count, (i) => templates[i % templates.length]);
        const update = { ...extra, lineItems: { items }, ...(tax === undefined ? {} : { taxAmount: tax }) };
        const result = applyInvoiceUpdate(makeInvoice({ status }), update, { now: NOW, limits });
        if (!result.ok) expect([400, 409, 422]).toContain(result.status);
      }),
      { numRuns: 60 },
    );
  });
});
