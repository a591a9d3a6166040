// The fused fast paths of payments-kit/amount: the one-pass limb reader (wide.ts) behind
// sumDecimal and parseFixed, the number formatter, and the fused line total (line-total.ts)
// behind payments-kit/invoice's lineItemTotal and invoiceTotals. Oracle: decimal.js at
// precision 60 (test/amount/oracle.ts); for the fused line totals also the composition of the
// public functions, which must give the same digits or the same error.
import type { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSmall } from '../../src/amount/fast-path.js';
import {
  type AmountDecimal,
  addDecimal,
  checkDecimalString,
  compareDecimal,
  multiplyDecimal,
  sumDecimal,
} from '../../src/amount/index.js';
import { type LineOptionInput, lineTotal, scanLineTotal } from '../../src/amount/line-total.js';
import { scanWide, wide } from '../../src/amount/wide.js';
import { invoiceTotals, lineItemTotal } from '../../src/invoice/index.js';
import type { LineItem } from '../../src/invoice/index.js';
import { decimalString, LIMIT, render } from './arbitraries.js';
import { D } from './oracle.js';

const usd = (valueDecimal: string): AmountDecimal => ({ currency: 'USD', valueDecimal });
const placesOf = (s: string): number => (s.includes('.') ? s.length - s.indexOf('.') - 1 : 0);
const integerDigitsOf = (s: string): number => s.replace('-', '').split('.')[0]?.length ?? 0;
const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const LIMIT_D = new D(LIMIT.toString());

/** The oracle's value as a decimal string with exactly `places` places and no sign on zero. */
function expected(value: Decimal, places: number): string {
  const text = value.toFixed(places);
  return value.isZero() ? text.replace(/^-/, '') : text;
}

describe('scanWide (one pass, no pattern)', () => {
  it('reads every valid decimal of at most 18 integer digits into exact limbs', () => {
    fc.assert(
      fc.property(decimalString, (s) => {
        const read = scanWide(s);
        expect(read).toBe(integerDigitsOf(s) <= 18);
        if (!read) return;
        const units = new D(wide.high).times('1e18').plus(new D(wide.low).times('1e9')).plus(wide.fraction);
        expect(units.div('1e9').times(wide.negative ? -1 : 1).eq(new D(s))).toBe(true);
        expect(wide.places).toBe(placesOf(s));
        for (const limb of [wide.high, wide.low, wide.fraction]) expect(limb >= 0 && limb < 1e9).toBe(true);
      }),
    );
  });

  it('accepts nothing that checkDecimalString refuses', () => {
    const text = fc.string({ unit: fc.constantFrom(...'-.0123456789'), maxLength: 24 });
    fc.assert(
      fc.property(text, (s) => {
        if (scanWide(s)) expect(checkDecimalString(s)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it.each(['', '-', '1.', '.5', '+1', ' 1', '1 ', '1e3', '1.0000000001', '--1', '1.2.3', '1234567890123456789', '١', '１', 'NaN'])(
    'declines %j (left to the checking parser)',
    (s) => expect(scanWide(s)).toBe(false),
  );

  it('reads the boundaries: negative zero, leading zeros, 18 nines with 9 places', () => {
    expect(scanWide('-0') && { ...wide }).toEqual({ negative: true, high: 0, low: 0, fraction: 0, places: 0 });
    expect(scanWide('007.50') && { ...wide }).toEqual({ negative: false, high: 0, low: 7, fraction: 500_000_000, places: 2 });
    expect(scanWide('999999999999999999.999999999') && { ...wide }).toEqual({
      negative: false,
      high: 999_999_999,
      low: 999_999_999,
      fraction: 999_999_999,
      places: 9,
    });
  });
});

describe('sumDecimal through the limbs', () => {
  it('equals the oracle digit for digit, with the places of the longest item', () => {
    fc.assert(
      fc.property(fc.array(decimalString, { maxLength: 12 }), (list) => {
        const exact = list.reduce((acc, s) => acc.plus(s), new D(0));
        if (exact.abs().gte(LIMIT_D)) {
          expect(() => sumDecimal(list.map(usd), 'USD')).toThrow(/2\^63/);
          return;
        }
        const places = Math.max(0, ...list.map(placesOf));
        expect(sumDecimal(list.map(usd), 'USD').valueDecimal).toBe(expected(exact, places));
      }),
    );
  });

  it('mixes limb-read items with 19-digit items, and cancels large limbs exactly', () => {
    expect(sumDecimal([usd('9223372036854775807'), usd('-1'), usd('0.5')], 'USD').valueDecimal).toBe('9223372036854775806.5');
    expect(sumDecimal([usd('123456789012345678.5'), usd('-123456789012345678.25')], 'USD').valueDecimal).toBe('0.25');
    expect(sumDecimal([usd('-9223372036854775807.999999999'), usd('9223372036854775807.999999999')], 'USD').valueDecimal).toBe(
      '0.000000000',
    );
    expect(sumDecimal([usd('-0.00'), usd('-0')], 'USD').valueDecimal).toBe('0.00');
  });
});

describe('parseFixed through the limbs', () => {
  it('compareDecimal agrees with the oracle on any valid decimals', () => {
    fc.assert(
      fc.property(decimalString, decimalString, (a, b) => {
        expect(compareDecimal(usd(a), usd(b))).toBe(new D(a).cmp(new D(b)));
      }),
    );
  });
});

describe('formatSmall (no padding or slicing)', () => {
  it('renders any safe integer at 0-9 places exactly, zero without a sign', () => {
    const safeInteger = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.maxSafeInteger(),
      fc.constantFrom(0, -0, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e9, -1e9 + 1),
    );
    fc.assert(
      fc.property(safeInteger, fc.integer({ min: 0, max: 9 }), (n, places) => {
        const text = formatSmall(n, places);
        expect(text).toBe(expected(new D(n).div(new D(10).pow(places)), places));
      }),
      { numRuns: 300 },
    );
  });

  it('matches hand-written renderings', () => {
    expect(formatSmall(-150, 2)).toBe('-1.50');
    expect(formatSmall(5, 9)).toBe('0.000000005');
    expect(formatSmall(-5, 9)).toBe('-0.000000005');
    expect(formatSmall(-0, 2)).toBe('0.00');
    expect(formatSmall(-0, 0)).toBe('0');
    expect(formatSmall(Number.MAX_SAFE_INTEGER, 9)).toBe('9007199.254740991');
    expect(formatSmall(1_000_000_000, 9)).toBe('1.000000000');
  });
});

// Items for the fused line total: mostly valid small prices, sometimes values near and past
// the safe-integer range, int64-sized values, malformed strings, another currency, and
// quantities that are not safe integers.
const priceArb = fc.oneof(
  { arbitrary: fc.tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 100_000n }), digits(0, 4)), weight: 6 },
  { arbitrary: fc.tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 9_007_199_254_740_991n }), digits(0, 9)), weight: 2 },
  { arbitrary: fc.tuple(fc.boolean(), fc.bigInt({ min: 0n, max: LIMIT - 1n }), digits(0, 9)), weight: 1 },
).map(([negative, whole, fraction]) => render(negative, whole, fraction));
const oddPriceArb = fc.oneof(
  { arbitrary: priceArb, weight: 12 },
  { arbitrary: fc.constantFrom('1.', '.5', '1e3', '', '1.0000000001', '9223372036854775808'), weight: 1 },
);
const countArb = fc.oneof(
  { arbitrary: fc.integer({ min: -3, max: 20 }), weight: 8 },
  { arbitrary: fc.constantFrom(2_147_483_647, -2_147_483_648, Number.MAX_SAFE_INTEGER), weight: 1 },
);
const oddCountArb = fc.oneof({ arbitrary: countArb, weight: 12 }, { arbitrary: fc.constantFrom(1.5, Number.NaN, 2 ** 53), weight: 1 });
const amountArb = (price: fc.Arbitrary<string>, currencies: fc.Arbitrary<string>) =>
  fc.record({ currency: currencies, valueDecimal: price });
const optionArb = (price: fc.Arbitrary<string>, count: fc.Arbitrary<number>, currencies: fc.Arbitrary<string>) =>
  fc.record({ name: fc.constant('o'), quantity: count, priceModifier: amountArb(price, currencies) }, { requiredKeys: ['name', 'quantity'] });
const lineArb = (price: fc.Arbitrary<string>, count: fc.Arbitrary<number>, currencies: fc.Arbitrary<string>) =>
  fc
    .record({
      name: fc.constant('item'),
      quantity: count,
      basePrice: amountArb(price, fc.constant('USD')),
      options: fc.option(fc.array(optionArb(price, count, currencies), { maxLength: 4 }), { nil: undefined }),
    })
    .map(({ options, ...rest }): LineItem => (options === undefined ? rest : { ...rest, options }));
const validLine = lineArb(priceArb, countArb, fc.constant('USD'));
const anyLine = lineArb(oddPriceArb, oddCountArb, fc.constantFrom('USD', 'USD', 'USD', 'USD', 'USD', 'EUR'));

/** The oracle of a line: the exact value and the places the result shows. */
function oracleLine(item: LineItem): { value: Decimal; places: number } {
  let unit = new D(item.basePrice.valueDecimal);
  let places = placesOf(item.basePrice.valueDecimal);
  for (const o of item.options ?? []) {
    if (o.priceModifier === undefined) continue;
    unit = unit.plus(new D(o.priceModifier.valueDecimal).times(o.quantity));
    places = Math.max(places, placesOf(o.priceModifier.valueDecimal));
  }
  return { value: unit.times(item.quantity), places };
}

const fused = (item: LineItem): boolean => scanLineTotal(item.basePrice, item.options as readonly LineOptionInput[] | undefined, item.quantity);

describe('scanLineTotal (fused line total)', () => {
  it('when it answers, it is the exact line total with the places of the longest price', () => {
    let answered = 0;
    fc.assert(
      fc.property(validLine, (item) => {
        if (!fused(item)) return;
        answered++;
        const { value, places } = oracleLine(item);
        expect(lineTotal.places).toBe(places);
        expect(Number.isSafeInteger(lineTotal.n)).toBe(true);
        expect(formatSmall(lineTotal.n, lineTotal.places)).toBe(expected(value, places));
      }),
    );
    expect(answered).toBeGreaterThan(30); // the fast path is the common case, not a rarity
  });

  it('answers up to the largest safe integer and declines one past it', () => {
    expect(fused({ name: 'max', quantity: 1, basePrice: usd('9007199254740991') })).toBe(true);
    expect(lineTotal).toEqual({ n: Number.MAX_SAFE_INTEGER, places: 0 });
    expect(fused({ name: 'max', quantity: 3, basePrice: usd('3002399.751580330') })).toBe(true);
    expect(lineTotal).toEqual({ n: 9_007_199_254_740_990, places: 9 });
    expect(fused({ name: '2^53', quantity: 2, basePrice: usd('4503599627370496') })).toBe(false);
    expect(fused({ name: 'scale', quantity: 1, basePrice: usd('9007199254740991'), options: [{ name: 'o', quantity: 0, priceModifier: usd('0.1') }] })).toBe(false);
    // A product past 2^53 must not be rescued by a negative unit price of similar size.
    const cancel = { name: 'c', quantity: 1, basePrice: usd('-9007199254740991'), options: [{ name: 'o', quantity: 3, priceModifier: usd('4503599627370496') }] };
    expect(fused(cancel)).toBe(false);
    expect(lineItemTotal(cancel).valueDecimal).toBe('4503599627370497');
  });

  it('declines (decides nothing) on another currency, a non-integer quantity or an unreadable price', () => {
    const eur = { currency: 'EUR', valueDecimal: '1' };
    expect(fused({ name: 'x', quantity: 1, basePrice: usd('1'), options: [{ name: 'o', quantity: 1, priceModifier: eur }] })).toBe(false);
    expect(fused({ name: 'x', quantity: 1.5, basePrice: usd('1') })).toBe(false);
    expect(fused({ name: 'x', quantity: 1, basePrice: usd('1'), options: [{ name: 'o', quantity: Number.NaN, priceModifier: usd('1') }] })).toBe(false);
    expect(fused({ name: 'x', quantity: 1, basePrice: usd('1.') })).toBe(false);
    expect(fused({ name: 'x', quantity: 1, basePrice: usd('1'), options: [{ name: 'o', quantity: 1, priceModifier: usd('1e3') }] })).toBe(false);
  });
});

// The reference definitions on the public amount API; payments-kit/invoice falls back to
// them whenever the fused path declines, so outcomes must be identical, errors included.
function composedLine(item: LineItem): AmountDecimal {
  const products = (item.options ?? []).flatMap((o) => (o.priceModifier === undefined ? [] : [multiplyDecimal(o.priceModifier, o.quantity)]));
  return multiplyDecimal(sumDecimal([item.basePrice, ...products], item.basePrice.currency), item.quantity);
}
function outcome(compute: () => unknown): unknown {
  try {
    return compute();
  } catch (error) {
    const e = error as { name?: string; code?: string; message?: string };
    return { thrown: e.name, code: e.code, message: e.message };
  }
}

describe('lineItemTotal and invoiceTotals with the fused path', () => {
  it('give exactly the outcome of the public-API composition (digits, or the same error)', () => {
    fc.assert(
      fc.property(anyLine, (item) => {
        expect(outcome(() => lineItemTotal(item))).toEqual(outcome(() => composedLine(item)));
      }),
      { numRuns: 300 },
    );
  });

  it('invoiceTotals gives exactly the outcome of the composition, tax included', () => {
    const taxArb = fc.option(amountArb(oddPriceArb, fc.constantFrom('USD', 'USD', 'USD', 'EUR')), { nil: undefined });
    const currencyArb = fc.option(fc.constantFrom('USD', 'USD', 'EUR'), { nil: undefined });
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 5 }), taxArb, currencyArb, (items, tax, given) => {
        const options = given === undefined ? {} : { currency: given };
        const reference = () => {
          const currency = given ?? tax?.currency ?? items[0]?.basePrice.currency;
          if (currency === undefined) throw new RangeError('no currency');
          const subtotalAmount = sumDecimal(items.map(composedLine), currency);
          const taxAmount = tax ?? { currency, valueDecimal: '0' };
          return { subtotalAmount, taxAmount, totalAmount: addDecimal(subtotalAmount, taxAmount) };
        };
        const got = outcome(() => invoiceTotals({ items }, tax, options));
        const want = outcome(reference);
        if ((want as { thrown?: string }).thrown === 'RangeError') expect((got as { thrown?: string }).thrown).toBe('RangeError');
        else expect(got).toEqual(want);
      }),
      { numRuns: 200 },
    );
  });
});
