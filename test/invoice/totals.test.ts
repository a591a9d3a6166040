import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CurrencyMismatchError } from '../../src/amount/index.js';
import { TOTALS_CURRENCY_UNKNOWN_MESSAGE, invoiceTotals, lineItemTotal } from '../../src/invoice/index.js';
import type { LineItem } from '../../src/invoice/index.js';
import { INT32_MAX, INT32_MIN, itemArb, usd } from './fixtures.js';

// The oracle: decimal.js with 60 significant digits, enough for any int32 x int32 x 10^15
// (9 dp) product summed over these lists (about 45 digits), so it never rounds here.
const D = Decimal.clone({ precision: 60 });

// The amount module refuses any result of 2^63 or more in absolute value (DESIGN: int64
// range), so the oracle also says which step would leave the range: each option's product,
// the unit price, the line total, the subtotal and the total.
const LIMIT = new D(2).pow(63);
const OUT = 'out-of-range' as const;
type Oracle = Decimal | typeof OUT;
const inRange = (x: Decimal): Oracle => (x.abs().gte(LIMIT) ? OUT : x);

function oracleLine(item: LineItem): Oracle {
  let unit = new D(item.basePrice.valueDecimal);
  for (const o of item.options ?? []) {
    const product = inRange(new D(o.priceModifier?.valueDecimal ?? '0').times(o.quantity));
    if (product === OUT) return OUT;
    unit = unit.plus(product);
  }
  const fitUnit = inRange(unit);
  return fitUnit === OUT ? OUT : inRange(fitUnit.times(item.quantity));
}

function oracleSubtotal(items: readonly LineItem[]): Oracle {
  let sum = new D(0);
  for (const item of items) {
    const line = oracleLine(item);
    if (line === OUT) return OUT;
    sum = sum.plus(line);
  }
  return inRange(sum);
}

const expectOutOfRange = (compute: () => unknown) =>
  expect(compute).toThrow(expect.objectContaining({ name: 'AmountError', code: 'decimal-out-of-range' }));

/** Exact equality of a decimal string with an oracle value, and at most 9 decimal places. */
function expectDecimal(valueDecimal: string, expected: Decimal) {
  expect(new D(valueDecimal).equals(expected), `${valueDecimal} vs ${expected.toFixed()}`).toBe(true);
  expect(valueDecimal).toMatch(/^-?\d+(\.\d{1,9})?$/);
}

describe('lineItemTotal', () => {
  it('is quantity x (basePrice + sum of option.quantity x option.priceModifier)', () => {
    // 3 x (10.00 + 2 x 1.25 - 1 x 0.50) = 3 x 12.00 = 36.00, derived by hand.
    const total = lineItemTotal({
      name: 'Pizza',
      quantity: 3,
      basePrice: usd('10.00'),
      options: [
        { name: 'Olives', quantity: 2, priceModifier: usd('1.25') },
        { name: 'No cheese', quantity: 1, priceModifier: usd('-0.50') },
        { name: 'Extra napkins', quantity: 5 },
      ],
    });
    expect(total.currency).toBe('USD');
    expect(new D(total.valueDecimal).equals('36')).toBe(true);
  });

  it('keeps all nine decimal places and never rounds', () => {
    // 7 x (0.000000001 + 3 x 0.000000002) = 7 x 0.000000007 = 0.000000049
    const total = lineItemTotal({
      name: 'Nano',
      quantity: 7,
      basePrice: usd('0.000000001'),
      options: [{ name: 'n', quantity: 3, priceModifier: usd('0.000000002') }],
    });
    expect(new D(total.valueDecimal).equals('0.000000049')).toBe(true);
  });

  it('is exact at int32 extremes, up to the 2^63 limit', () => {
    // 2147483647 x 4294967298 = 2 x (2^31 - 1)(2^31 + 1) = 2^63 - 2: the largest such product in range.
    const max = lineItemTotal({ name: 'Max', quantity: INT32_MAX, basePrice: usd('4294967298') });
    expect(max.valueDecimal).toBe('9223372036854775806');
    // One more 10^-9 on the price adds 2.147483647: 2^63 + 0.147483647, out of range.
    expectOutOfRange(() => lineItemTotal({ name: 'Over', quantity: INT32_MAX, basePrice: usd('4294967298.000000001') }));
    // -2^31 x 1.5 = -3221225472, and the 9 places of a price survive an int32 quantity.
    expect(lineItemTotal({ name: 'Min', quantity: INT32_MIN, basePrice: usd('1.5') }).valueDecimal).toBe('-3221225472.0');
    expect(lineItemTotal({ name: 'Nine', quantity: INT32_MAX, basePrice: usd('0.000000001') }).valueDecimal).toBe('2.147483647');
  });

  it('checks the range of the unit price, not of a partial sum of options', () => {
    // base 2^63 - 1 plus +1 then -1: the partial sum 2^63 is out of range, the unit price is not.
    const item = {
      name: 'Edge',
      quantity: 1,
      basePrice: usd('9223372036854775807'),
      options: [
        { name: 'up', quantity: 1, priceModifier: usd('1') },
        { name: 'down', quantity: 1, priceModifier: usd('-1') },
      ],
    };
    expect(lineItemTotal(item).valueDecimal).toBe('9223372036854775807');
    expect(lineItemTotal({ ...item, options: [...item.options].reverse() }).valueDecimal).toBe('9223372036854775807');
  });

  it('is zero for a zero quantity', () => {
    expect(new D(lineItemTotal({ name: 'Z', quantity: 0, basePrice: usd('12.34') }).valueDecimal).isZero()).toBe(true);
  });

  it('refuses a modifier in another currency than the base price', () => {
    const item = {
      name: 'Mixed',
      quantity: 1,
      basePrice: usd('1.00'),
      options: [{ name: 'o', quantity: 1, priceModifier: { currency: 'EUR', valueDecimal: '1.00' } }],
    };
    expect(() => lineItemTotal(item)).toThrow(CurrencyMismatchError);
  });

  it('equals the decimal.js oracle on random items', () => {
    fc.assert(
      fc.property(itemArb('USD'), (item) => {
        const expected = oracleLine(item);
        if (expected === OUT) {
          expectOutOfRange(() => lineItemTotal(item));
          return;
        }
        const total = lineItemTotal(item);
        expect(total.currency).toBe('USD');
        expectDecimal(total.valueDecimal, expected);
      }),
    );
  });
});

describe('invoiceTotals', () => {
  it('sums line totals and adds the tax (spec 2.6)', () => {
    // 2 x 4.50 + 1 x (3.00 + 2 x 0.25) = 12.50; + 1.00 = 13.50
    const totals = invoiceTotals(
      {
        items: [
          { name: 'Latte', quantity: 2, basePrice: usd('4.50') },
          { name: 'Bagel', quantity: 1, basePrice: usd('3.00'), options: [{ name: 'c', quantity: 2, priceModifier: usd('0.25') }] },
        ],
      },
      usd('1.00'),
    );
    expect(new D(totals.subtotalAmount.valueDecimal).equals('12.5')).toBe(true);
    expect(totals.taxAmount).toEqual(usd('1.00'));
    expect(new D(totals.totalAmount.valueDecimal).equals('13.5')).toBe(true);
    expect(totals.totalAmount.currency).toBe('USD');
  });

  it('treats a missing tax as zero in the items currency', () => {
    const totals = invoiceTotals({ items: [{ name: 'A', quantity: 1, basePrice: { currency: 'JPY', valueDecimal: '500' } }] });
    expect(totals.taxAmount.currency).toBe('JPY');
    expect(new D(totals.taxAmount.valueDecimal).isZero()).toBe(true);
    expect(new D(totals.totalAmount.valueDecimal).equals(500)).toBe(true);
  });

  it('gives zero totals for no items, in the currency of the tax or of options.currency', () => {
    const withTax = invoiceTotals({ items: [] }, { currency: 'EUR', valueDecimal: '0.10' });
    expect(withTax.subtotalAmount.currency).toBe('EUR');
    expect(new D(withTax.subtotalAmount.valueDecimal).isZero()).toBe(true);
    expect(new D(withTax.totalAmount.valueDecimal).equals('0.1')).toBe(true);
    const bare = invoiceTotals({ items: [] }, undefined, { currency: 'KWD' });
    expect(bare.totalAmount.currency).toBe('KWD');
    expect(new D(bare.totalAmount.valueDecimal).isZero()).toBe(true);
  });

  it('never shows a negative zero: zero prices written "-0", negative items that cancel, a "-0" tax', () => {
    const item = (basePrice: string, quantity = 1): LineItem => ({ name: 'A', quantity, basePrice: usd(basePrice) });
    const totals = invoiceTotals({ items: [item('-0.00'), item('-0', 3)] }, usd('-0.00'));
    expect([totals.subtotalAmount.valueDecimal, totals.totalAmount.valueDecimal]).toEqual(['0.00', '0.00']);
    const cancelled = invoiceTotals({ items: [item('-1.50'), item('1.50')] }, usd('-0'));
    expect([cancelled.subtotalAmount.valueDecimal, cancelled.totalAmount.valueDecimal]).toEqual(['0.00', '0.00']);
  });

  it('shows as many decimal places as the longest amount that went in, and nothing is rounded', () => {
    const totals = invoiceTotals(
      {
        items: [
          { name: 'A', quantity: 3, basePrice: usd('1.5') },
          { name: 'B', quantity: 1, basePrice: usd('2'), options: [{ name: 'o', quantity: 2, priceModifier: usd('0.125') }] },
        ],
      },
      usd('0.10'),
    );
    // 4.5 + 2.250 = 6.750 (3 places, from the modifier); + 0.10 = 6.850.
    expect(totals).toEqual({ subtotalAmount: usd('6.750'), taxAmount: usd('0.10'), totalAmount: usd('6.850') });
    // Integer prices and no tax give an integer; zero quantities keep the price's places.
    expect(invoiceTotals({ items: [{ name: 'Y', quantity: 2, basePrice: { currency: 'JPY', valueDecimal: '500' } }] }).totalAmount).toEqual({
      currency: 'JPY',
      valueDecimal: '1000',
    });
    expect(lineItemTotal({ name: 'Z', quantity: 0, basePrice: usd('4.50') })).toEqual(usd('0.00'));
  });

  it('throws a RangeError with a clear message when no currency can be known', () => {
    expect(() => invoiceTotals({ items: [] })).toThrow(new RangeError(TOTALS_CURRENCY_UNKNOWN_MESSAGE));
  });

  it('refuses items or tax in different currencies', () => {
    const items = [
      { name: 'A', quantity: 1, basePrice: usd('1') },
      { name: 'B', quantity: 1, basePrice: { currency: 'EUR', valueDecimal: '1' } },
    ];
    expect(() => invoiceTotals({ items })).toThrow(CurrencyMismatchError);
    expect(() => invoiceTotals({ items: [items[0]!] }, { currency: 'EUR', valueDecimal: '1' })).toThrow(CurrencyMismatchError);
    expect(() => invoiceTotals({ items: [items[0]!] }, undefined, { currency: 'EUR' })).toThrow(CurrencyMismatchError);
    // options.currency wins over the tax's currency: a tax in another currency is refused.
    expect(() => invoiceTotals({ items: [] }, usd('1'), { currency: 'EUR' })).toThrow(CurrencyMismatchError);
  });

  it('equals the decimal.js oracle on random invoices', () => {
    const taxArb = fc.stringMatching(/^(0|[1-9][0-9]{0,14})(\.[0-9]{1,9})?$/);
    fc.assert(
      fc.property(fc.array(itemArb('USD'), { maxLength: 8 }), taxArb, (items, tax) => {
        const subtotal = oracleSubtotal(items);
        const total = subtotal === OUT ? OUT : inRange(subtotal.plus(tax));
        if (total === OUT) {
          expectOutOfRange(() => invoiceTotals({ items }, usd(tax)));
          return;
        }
        const totals = invoiceTotals({ items }, usd(tax));
        expectDecimal(totals.subtotalAmount.valueDecimal, subtotal as Decimal);
        expectDecimal(totals.totalAmount.valueDecimal, total);
        expect(totals.taxAmount).toEqual(usd(tax));
        expect(totals.subtotalAmount.currency).toBe('USD');
        expect(totals.totalAmount.currency).toBe('USD');
      }),
    );
  });

  it('does not depend on the order of items or of options', () => {
    const shuffled = <T>(list: readonly T[], keys: readonly number[]) =>
      list.map((v, i) => [keys[i % keys.length] ?? 0, i, v] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
    fc.assert(
      fc.property(fc.array(itemArb('USD'), { maxLength: 8 }), fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), (items, keys) => {
        const reordered = shuffled(items, keys).map((item) =>
          item.options === undefined ? item : { ...item, options: shuffled(item.options, [...keys].reverse()) },
        );
        const outcome = (list: readonly LineItem[]) => {
          try {
            return invoiceTotals({ items: [...list] }, usd('0'));
          } catch (error) {
            return (error as { code?: string }).code;
          }
        };
        // Same totals, same digits, or the same refusal.
        expect(outcome(reordered)).toEqual(outcome(items));
      }),
    );
  });
});
