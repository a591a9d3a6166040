// Every safe-integer fast path of the money code, proven equal to exact BigInt arithmetic
// (issue 26): addDecimal/subtractDecimal (combineSmall), multiplyDecimal by a number,
// sumDecimal (limbs), lineItemTotal (scanLineTotal) and invoiceTotals (fused sum). The
// generators aim at each path's boundaries: scaled values around 2^53 = 9007199254740992 at
// every scale from 0 to 9 places, sums and products that cross it by one unit, and mixed
// scales that make a rescale cross it. The oracle is BigInt on 10^-9 units, written here
// independently of the code under test.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AmountDecimal, addDecimal, multiplyDecimal, subtractDecimal, sumDecimal } from '../../src/amount/index.js';
import { invoiceTotals, lineItemTotal } from '../../src/invoice/index.js';
import type { LineItem } from '../../src/invoice/index.js';

const SCALE = 10n ** 9n;
const LIMIT = 2n ** 63n * SCALE;
const TWO_53 = 2n ** 53n;
const OUT = 'decimal-out-of-range';

/** A decimal string as exact 10^-9 units and its places (test-side parser). */
function read(s: string): { units: bigint; places: number } {
  const negative = s.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? s.slice(1) : s).split('.');
  const units = BigInt(whole) * SCALE + BigInt(fraction.padEnd(9, '0'));
  return { units: negative ? -units : units, places: fraction.length };
}

/** Exact units with `places` places, no sign on zero (test-side formatter). */
function show(units: bigint, places: number): string {
  const magnitude = units < 0n ? -units : units;
  const fraction = (magnitude % SCALE).toString().padStart(9, '0');
  if (fraction.slice(places) !== '0'.repeat(9 - places)) throw new Error('oracle would drop digits');
  const text = places === 0 ? `${magnitude / SCALE}` : `${magnitude / SCALE}.${fraction.slice(0, places)}`;
  return units < 0n ? `-${text}` : text;
}

const inRange = (units: bigint): bigint | typeof OUT => (units >= LIMIT || units <= -LIMIT ? OUT : units);
const usd = (valueDecimal: string): AmountDecimal => ({ currency: 'USD', valueDecimal });

/** What `compute` gives: its digits, or the code of the amount error it throws. */
function outcome(compute: () => AmountDecimal): string {
  try {
    return compute().valueDecimal;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

/** An integer n scaled by 10^-places as a decimal string with exactly `places` places. */
const scaled = (n: bigint, places: number): string => show(n * 10n ** BigInt(9 - places), places);

// n near 2^53 (either side, within a few units), near 2^52 (so that two of them cross 2^53),
// near 2^53 / 10^k (so that a rescale by 10^k crosses it), and small; any sign, any scale.
const placesArb = fc.integer({ min: 0, max: 9 });
const nearArb = fc.oneof(
  fc.bigInt({ min: TWO_53 - 3n, max: TWO_53 + 3n }),
  fc.bigInt({ min: TWO_53 / 2n - 3n, max: TWO_53 / 2n + 3n }),
  fc.tuple(fc.integer({ min: 1, max: 9 }), fc.bigInt({ min: -3n, max: 3n })).map(([k, d]) => TWO_53 / 10n ** BigInt(k) + d),
  fc.bigInt({ min: 0n, max: 1000n }),
  fc.bigInt({ min: 0n, max: 10n ** 16n }),
);
const boundaryDecimal = fc
  .tuple(fc.boolean(), nearArb, placesArb)
  .map(([negative, n, places]) => scaled(negative ? -n : n, places));
const smallCount = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(2, 10, 1000, 2_147_483_647, -2_147_483_648));

describe('addDecimal and subtractDecimal (combineSmall) equal BigInt arithmetic around 2^53', () => {
  it('property: digits, places and range errors', () => {
    fc.assert(
      fc.property(boundaryDecimal, boundaryDecimal, (a, b) => {
        const x = read(a);
        const y = read(b);
        const places = Math.max(x.places, y.places);
        const sum = inRange(x.units + y.units);
        const difference = inRange(x.units - y.units);
        expect(outcome(() => addDecimal(usd(a), usd(b)))).toBe(sum === OUT ? OUT : show(sum, places));
        expect(outcome(() => subtractDecimal(usd(a), usd(b)))).toBe(difference === OUT ? OUT : show(difference, places));
      }),
      { numRuns: 400 },
    );
  });

  it('crossing 2^53 by one unit keeps the unit, at 0 and at 9 places', () => {
    expect(addDecimal(usd('9007199254740991'), usd('2')).valueDecimal).toBe('9007199254740993');
    expect(subtractDecimal(usd('-9007199254740991'), usd('2')).valueDecimal).toBe('-9007199254740993');
    expect(addDecimal(usd('9007199.254740991'), usd('0.000000002')).valueDecimal).toBe('9007199.254740993');
    // A rescale crossing it: 900719925474099.3 needs 9007199254740993 tenths.
    expect(addDecimal(usd('900719925474099'), usd('0.3')).valueDecimal).toBe('900719925474099.3');
    expect(subtractDecimal(usd('0.3'), usd('900719925474099')).valueDecimal).toBe('-900719925474098.7');
  });
});

describe('multiplyDecimal by a number equals BigInt arithmetic around 2^53', () => {
  it('property: digits, places and range errors', () => {
    fc.assert(
      fc.property(boundaryDecimal, smallCount, (a, factor) => {
        const x = read(a);
        const product = inRange(x.units * BigInt(factor));
        expect(outcome(() => multiplyDecimal(usd(a), factor))).toBe(product === OUT ? OUT : show(product, x.places));
      }),
      { numRuns: 400 },
    );
  });

  it('a product one past 2^53 keeps its last digit', () => {
    expect(multiplyDecimal(usd('3002399751580331'), 3).valueDecimal).toBe('9007199254740993');
    expect(multiplyDecimal(usd('-3002399.751580331'), 3).valueDecimal).toBe('-9007199.254740993');
  });
});

describe('sumDecimal equals BigInt arithmetic around 2^53', () => {
  it('property: digits, places and range errors', () => {
    fc.assert(
      fc.property(fc.array(boundaryDecimal, { maxLength: 6 }), (list) => {
        const total = inRange(list.reduce((acc, s) => acc + read(s).units, 0n));
        const places = Math.max(0, ...list.map((s) => read(s).places));
        expect(outcome(() => sumDecimal(list.map(usd), 'USD'))).toBe(total === OUT ? OUT : show(total, places));
      }),
      { numRuns: 300 },
    );
  });
});

// Line items of boundary prices and counts; the invoice oracle follows the documented
// definition: each option's product, the unit price, the line, the subtotal and the total
// must each stay below 2^63 (docs/invoice.md).
const optionArb = fc.record({ name: fc.constant('o'), quantity: smallCount, priceModifier: boundaryDecimal.map(usd) });
const itemArb = fc
  .record({ name: fc.constant('i'), quantity: smallCount, basePrice: boundaryDecimal.map(usd), options: fc.array(optionArb, { maxLength: 3 }) })
  .map((item): LineItem => (item.options.length === 0 ? { name: item.name, quantity: item.quantity, basePrice: item.basePrice } : item));

function oracleLine(item: LineItem): { units: bigint | typeof OUT; places: number } {
  const base = read(item.basePrice.valueDecimal);
  let unit = base.units;
  let places = base.places;
  for (const option of item.options ?? []) {
    if (option.priceModifier === undefined) continue;
    const modifier = read(option.priceModifier.valueDecimal);
    const product = inRange(modifier.units * BigInt(option.quantity));
    if (product === OUT) return { units: OUT, places };
    unit += product;
    places = Math.max(places, modifier.places);
  }
  const fitUnit = inRange(unit);
  return { units: fitUnit === OUT ? OUT : inRange(fitUnit * BigInt(item.quantity)), places };
}

describe('lineItemTotal and invoiceTotals (fused paths) equal BigInt arithmetic around 2^53', () => {
  it('property: lineItemTotal gives the exact line total or the range error', () => {
    fc.assert(
      fc.property(itemArb, (item) => {
        const { units, places } = oracleLine(item);
        expect(outcome(() => lineItemTotal(item))).toBe(units === OUT ? OUT : show(units, places));
      }),
      { numRuns: 400 },
    );
  });

  it('property: invoiceTotals gives the exact subtotal and total, or the range error', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 4 }), fc.option(boundaryDecimal, { nil: undefined }), (items, tax) => {
        const lines = items.map(oracleLine);
        const subtotalPlaces = Math.max(0, ...lines.map((l) => l.places));
        let expected: string;
        if (lines.some((l) => l.units === OUT)) expected = OUT;
        else {
          const subtotal = inRange(lines.reduce((acc, l) => acc + (l.units as bigint), 0n));
          const taxRead = tax === undefined ? { units: 0n, places: 0 } : read(tax);
          const total = subtotal === OUT ? OUT : inRange(subtotal + taxRead.units);
          expected =
            subtotal === OUT || total === OUT
              ? OUT
              : `${show(subtotal, subtotalPlaces)} ${show(total, Math.max(subtotalPlaces, taxRead.places))}`;
        }
        let got: string;
        try {
          const totals = invoiceTotals({ items }, tax === undefined ? undefined : usd(tax), { currency: 'USD' });
          got = `${totals.subtotalAmount.valueDecimal} ${totals.totalAmount.valueDecimal}`;
        } catch (error) {
          got = (error as { code?: string }).code ?? String(error);
        }
        expect(got).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('a subtotal or total one unit past 2^53 keeps that unit (the fused sum declines, the exact path answers)', () => {
    const item = (valueDecimal: string): LineItem => ({ name: 'x', quantity: 1, basePrice: usd(valueDecimal) });
    const sub = invoiceTotals({ items: [item('9007199254740991'), item('2')] });
    expect([sub.subtotalAmount.valueDecimal, sub.totalAmount.valueDecimal]).toEqual(['9007199254740993', '9007199254740993']);
    const withTax = invoiceTotals({ items: [item('9007199254740991')] }, usd('2'));
    expect(withTax.totalAmount.valueDecimal).toBe('9007199254740993');
    const negative = invoiceTotals({ items: [item('-9007199254740991')] }, usd('-2'));
    expect(negative.totalAmount.valueDecimal).toBe('-9007199254740993');
    // Mixed scales: the rescale of 900719925474099 to tenths crosses 2^53.
    const mixed = invoiceTotals({ items: [item('900719925474099'), item('0.3')] }, usd('0.05'));
    expect([mixed.subtotalAmount.valueDecimal, mixed.totalAmount.valueDecimal]).toEqual(['900719925474099.3', '900719925474099.35']);
    // Exactly 2^53 - 1 stays on the fast path and is exact too.
    expect(invoiceTotals({ items: [item('9007199254740990')] }, usd('1')).totalAmount.valueDecimal).toBe('9007199254740991');
  });
});
