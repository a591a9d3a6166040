import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALLOCATION_UNIT_MESSAGE,
  allocateDecimal,
  distributeDecimal,
  MAX_ALLOCATION_PARTS,
  NEGATIVE_RATIO_MESSAGE,
  PART_COUNT_MESSAGE,
  PLACES_MESSAGE,
  RATE_FORMAT_MESSAGE,
  RATIO_LIST_MESSAGE,
  UNKNOWN_CURRENCY_MESSAGE,
  ZERO_RATIOS_MESSAGE,
} from '../../src/amount/index.js';
import type { AmountDecimal, Rate } from '../../src/amount/index.js';
import { expectRules, scaled } from './allocation-rules.js';
import { formatAt, unitsAt } from './exact.js';
import { thrownCode } from './thrown.js';

const usd = (valueDecimal: string): AmountDecimal => ({ currency: 'USD', valueDecimal });
const values = (parts: readonly AmountDecimal[]): string[] => parts.map((p) => p.valueDecimal);
const LIMIT = 9_223_372_036_854_775_808n; // 2^63

/** A valid ratio in each accepted form: small and large safe integers, bigints, decimal strings up to 18 places. */
const ratio: fc.Arbitrary<Rate> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 100 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 1, Number.MAX_SAFE_INTEGER) },
  { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: LIMIT - 1n }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 6n }), fc.integer({ min: 0, max: 18 }))
      .map(([digits, places]) => formatAt(digits, places)),
  },
);
const ratios = fc.array(ratio, { minLength: 1, maxLength: 12 }).filter((rs) => scaled(rs).some((r) => r > 0n));

type Unit = { currency: string; places: number; explicit: boolean };
/** A currency (default places) or an explicit `places` with XAU, and an amount that is a whole number of that unit. */
const split = fc
  .oneof(
    fc.constantFrom<Unit>(
      { currency: 'USD', places: 2, explicit: false },
      { currency: 'JPY', places: 0, explicit: false },
      { currency: 'KWD', places: 3, explicit: false },
      { currency: 'CLF', places: 4, explicit: false },
    ),
    fc.integer({ min: 0, max: 9 }).map((places): Unit => ({ currency: 'XAU', places, explicit: true })),
  )
  .chain((unit) =>
    fc
      .tuple(
        fc.oneof(
          fc.bigInt({ min: -100_000n, max: 100_000n }),
          fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
          fc.bigInt({ min: -(LIMIT * 10n ** BigInt(unit.places)) + 1n, max: LIMIT * 10n ** BigInt(unit.places) - 1n }),
        ),
        fc.integer({ min: 0, max: 9 - unit.places }),
      )
      .map(([units, zeros]) => {
        const text = formatAt(units, unit.places);
        // Trailing zeros beyond the unit are still a whole number of units.
        const valueDecimal = zeros === 0 ? text : `${unit.places === 0 ? `${text}.` : text}${'0'.repeat(zeros)}`;
        return { ...unit, units, valueDecimal };
      }),
  );

const run = (s: Unit & { valueDecimal: string }, rs: readonly Rate[]) =>
  allocateDecimal({ currency: s.currency, valueDecimal: s.valueDecimal }, rs, s.explicit ? { places: s.places } : undefined);

describe('allocateDecimal: examples', () => {
  it('gives the leftover unit to the earlier of equal shares (1003 split 50/50 is 502 and 501)', () => {
    expect(values(allocateDecimal(usd('10.03'), [50, 50]))).toEqual(['5.02', '5.01']);
    expect(values(allocateDecimal(usd('100'), [1, 1, 1]))).toEqual(['33.34', '33.33', '33.33']);
  });

  it('gives leftover units to the largest remainders, not the largest ratios', () => {
    // 0.04 by 3:2 is 0.024 and 0.016 exactly; truncated 0.02 and 0.01; 0.016 lost more.
    expect(values(allocateDecimal(usd('0.04'), [3, 2]))).toEqual(['0.02', '0.02']);
    // 0.05 by 1:1:1:1:3:3: every share loses half a cent; three leftover cents go to the first three.
    expect(values(allocateDecimal(usd('0.05'), [1, 1, 1, 1, 3, 3]))).toEqual(['0.01', '0.01', '0.01', '0.00', '0.01', '0.01']);
  });

  it('gives zero ratios zero, and splits a refund like the payment, negated', () => {
    expect(values(allocateDecimal(usd('1'), ['1', '0', '2']))).toEqual(['0.33', '0.00', '0.67']);
    expect(values(allocateDecimal(usd('-1'), ['1', '0', '2']))).toEqual(['-0.33', '0.00', '-0.67']);
    expect(values(allocateDecimal(usd('0.01'), [0, 1, 1]))).toEqual(['0.00', '0.01', '0.00']);
  });

  it('shows every part in the unit: the currency exponent, or places', () => {
    expect(values(allocateDecimal({ currency: 'JPY', valueDecimal: '1000' }, [1, 2]))).toEqual(['333', '667']);
    expect(values(allocateDecimal({ currency: 'KWD', valueDecimal: '1' }, [1, 2]))).toEqual(['0.333', '0.667']);
    expect(values(allocateDecimal({ currency: 'USD', valueDecimal: '1' }, [1, 2], { places: 9 }))).toEqual(['0.333333333', '0.666666667']);
    expect(values(allocateDecimal({ currency: 'XAU', valueDecimal: '1' }, [1, 1, 1], { places: 3 }))).toEqual(['0.334', '0.333', '0.333']);
    expect(allocateDecimal({ currency: 'JPY', valueDecimal: '7.000' }, [1])[0]).toEqual({ currency: 'JPY', valueDecimal: '7' });
  });

  it('reads ratios as numbers, bigints and decimal strings alike (only their proportions count)', () => {
    const expected = values(allocateDecimal(usd('100.00'), [1, 2, 4]));
    expect(values(allocateDecimal(usd('100.00'), [1n, 2n, 4n]))).toEqual(expected);
    expect(values(allocateDecimal(usd('100.00'), ['0.1', '0.2', '0.4']))).toEqual(expected);
    expect(values(allocateDecimal(usd('100.00'), ['0.000000000000000001', '0.000000000000000002', '0.000000000000000004']))).toEqual(expected);
    expect(values(allocateDecimal(usd('100.00'), ['33.3', '66.6', 0]))).toEqual(['33.33', '66.67', '0.00']);
  });

  it('splits zero and -0 into unsigned zeros', () => {
    expect(values(allocateDecimal(usd('-0'), [1, 2]))).toEqual(['0.00', '0.00']);
    expect(values(allocateDecimal(usd('-0.00'), ['-0', 2]))).toEqual(['0.00', '0.00']);
    expect(values(allocateDecimal(usd('-0.01'), [-0, 2]))).toEqual(['0.00', '-0.01']);
  });

  it('keeps every digit at the int64 and 9-place bounds', () => {
    const max = '9223372036854775807.999999999';
    const parts = allocateDecimal(usd(max), [1, 1], { places: 9 });
    expect(values(parts)).toEqual(['4611686018427387904.000000000', '4611686018427387903.999999999']);
    expect(values(allocateDecimal(usd(`-${max}`), [1, 1], { places: 9 }))).toEqual(['-4611686018427387904.000000000', '-4611686018427387903.999999999']);
    expect(values(allocateDecimal(usd('9223372036854775807.99'), [Number.MAX_SAFE_INTEGER, 1n, '9223372036854775807.999999999999999999']))).toHaveLength(3);
  });

  it('splits into MAX_ALLOCATION_PARTS parts', () => {
    const parts = allocateDecimal(usd('1000.00'), new Array<number>(MAX_ALLOCATION_PARTS).fill(1));
    expect(parts).toHaveLength(MAX_ALLOCATION_PARTS);
    expect(parts[0]?.valueDecimal).toBe('0.01');
    expect(parts.at(-1)?.valueDecimal).toBe('0.01');
  });
});

describe('allocateDecimal: refusals', () => {
  it('refuses an empty, over-long or non-array list of ratios', () => {
    expect(() => allocateDecimal(usd('1'), [])).toThrow(RATIO_LIST_MESSAGE);
    expect(() => allocateDecimal(usd('1'), new Array<number>(MAX_ALLOCATION_PARTS + 1).fill(1))).toThrow(RATIO_LIST_MESSAGE);
    for (const bad of [null, undefined, '11', { length: 1, 0: 1 }, 3]) {
      expect(thrownCode(() => allocateDecimal(usd('1'), bad as unknown as Rate[]))).toBe('invalid-ratios');
    }
  });

  it('refuses negative and all-zero ratios', () => {
    expect(() => allocateDecimal(usd('1'), [1, -1])).toThrow(NEGATIVE_RATIO_MESSAGE);
    expect(() => allocateDecimal(usd('1'), ['2', '-0.5'])).toThrow(NEGATIVE_RATIO_MESSAGE);
    expect(() => allocateDecimal(usd('1'), [1n, -1n])).toThrow(NEGATIVE_RATIO_MESSAGE);
    expect(() => allocateDecimal(usd('1'), [0, '0.00', 0n, '-0'])).toThrow(ZERO_RATIOS_MESSAGE);
    expect(() => allocateDecimal(usd('0'), [0])).toThrow(ZERO_RATIOS_MESSAGE);
  });

  it.each([
    ['__proto__'], ['constructor'], ['toString'], [''], [' 1'], ['1 '], ['1e3'], ['+1'], ['1.'], ['.5'], ['NaN'], ['Infinity'],
    ['💶'], ['\uD800'], ['１'], ['0.1234567890123456789'], ['9223372036854775808'], ['9'.repeat(100_000)],
    [0.5], [Number.NaN], [Infinity], [2 ** 53], [LIMIT], [null], [undefined], [{}], [[1]], [true],
  ].map(([bad]) => [typeof bad === 'string' ? JSON.stringify(bad.slice(0, 30)) : String(bad), bad] as const))('refuses the ratio %s with a clear message', (_, bad) => {
    const attempt = () => allocateDecimal(usd('1'), [1, bad as Rate]);
    expect(thrownCode(attempt)).toBe('invalid-ratios');
    expect(attempt).toThrow(RATE_FORMAT_MESSAGE);
  });

  it('refuses an amount that is not a whole number of the unit (never rounds)', () => {
    expect(() => allocateDecimal(usd('1.001'), [1, 1])).toThrow(ALLOCATION_UNIT_MESSAGE);
    expect(thrownCode(() => allocateDecimal({ currency: 'JPY', valueDecimal: '0.5' }, [1]))).toBe('inexact-amount');
    expect(thrownCode(() => allocateDecimal(usd('0.000000001'), [1], { places: 8 }))).toBe('inexact-amount');
    expect(thrownCode(() => allocateDecimal(usd('-9223372036854775807.001'), [1]))).toBe('inexact-amount');
  });

  it('refuses malformed amounts and out-of-range ones', () => {
    expect(thrownCode(() => allocateDecimal(usd('1e3'), [1]))).toBe('malformed-decimal');
    expect(thrownCode(() => allocateDecimal(usd('__proto__'), [1]))).toBe('malformed-decimal');
    expect(thrownCode(() => allocateDecimal(usd('9223372036854775808'), [1]))).toBe('decimal-out-of-range');
    expect(thrownCode(() => allocateDecimal(usd('1.0000000001'), [1], { places: 9 }))).toBe('too-many-decimal-places');
  });

  it('refuses a currency with no minor unit unless places names one, and bad places', () => {
    for (const currency of ['XAU', 'usd', '__proto__', '']) {
      expect(() => allocateDecimal({ currency, valueDecimal: '1' }, [1])).toThrow(UNKNOWN_CURRENCY_MESSAGE);
    }
    for (const places of [-1, 10, 1.5, Number.NaN, Infinity, '2' as unknown as number]) {
      expect(() => allocateDecimal(usd('1'), [1], { places })).toThrow(PLACES_MESSAGE);
    }
  });
});

describe('allocateDecimal: properties', () => {
  it('obeys every rule: exact sum, within one unit, zero ratios, sign, largest remainders', () => {
    fc.assert(
      fc.property(split, ratios, (s, rs) => {
        const parts = run(s, rs);
        for (const p of parts) expect(p.currency).toBe(s.currency);
        expectRules(s.units, scaled(rs), parts.map((p) => unitsAt(p.valueDecimal, s.places)));
        // Every part shows exactly the unit's places (zero unsigned).
        for (const p of parts) expect(p.valueDecimal).toBe(formatAt(unitsAt(p.valueDecimal, s.places), s.places));
      }),
      { numRuns: 400 },
    );
  });

  it('is order-preserving: a larger ratio never gets less; equal ratios differ by at most one unit, earlier first', () => {
    fc.assert(
      fc.property(split, ratios, (s, rs) => {
        const parts = run(s, rs).map((p) => unitsAt(p.valueDecimal, s.places));
        const sizes = parts.map((p) => (p < 0n ? -p : p));
        const r = scaled(rs);
        for (let i = 0; i < r.length; i++) {
          for (let j = i + 1; j < r.length; j++) {
            const [ri, rj, si, sj] = [r[i] ?? 0n, r[j] ?? 0n, sizes[i] ?? 0n, sizes[j] ?? 0n];
            if (ri > rj) expect(si >= sj).toBe(true);
            if (ri < rj) expect(si <= sj).toBe(true);
            if (ri === rj) expect(si === sj || si === sj + 1n).toBe(true);
          }
        }
      }),
    );
  });

  it('splits a negative amount as its magnitude, negated', () => {
    fc.assert(
      fc.property(split, ratios, (s, rs) => {
        const negated = { ...s, valueDecimal: s.valueDecimal.startsWith('-') ? s.valueDecimal.slice(1) : `-${s.valueDecimal}` };
        const a = run(s, rs).map((p) => unitsAt(p.valueDecimal, s.places));
        const b = run(negated, rs).map((p) => unitsAt(p.valueDecimal, s.places));
        expect(b).toEqual(a.map((x) => -x));
      }),
    );
  });

  it('depends only on the proportions of the ratios, whatever their form (fast and exact paths agree)', () => {
    fc.assert(
      fc.property(split, fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 10 }), fc.integer({ min: 0, max: 9 }), (s, rs, shift) => {
        fc.pre(rs.some((r) => r > 0));
        const expected = values(run(s, rs));
        expect(values(run(s, rs.map(BigInt)))).toEqual(expected);
        expect(values(run(s, rs.map((r) => formatAt(BigInt(r), shift))))).toEqual(expected);
        expect(values(run(s, rs.map((r) => `${r}${'0'.repeat(shift)}`)))).toEqual(expected);
      }),
    );
  });

  it('is exact at the bound of the safe-integer path (amount x sum of ratios near 2^52 and 2^53)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 ** 20 }), { minLength: 1, maxLength: 20 }),
        fc.constantFrom(2 ** 52, 2 ** 53),
        fc.integer({ min: -3, max: 3 }),
        fc.boolean(),
        (rs, bound, shift, negative) => {
          const total = rs.reduce((a, b) => a + b, 0);
          fc.pre(total > 0);
          const units = BigInt(Math.floor(bound / total) + shift) * (negative ? -1n : 1n);
          const amount = usd(formatAt(units, 2));
          const parts = allocateDecimal(amount, rs).map((p) => unitsAt(p.valueDecimal, 2));
          expectRules(units, rs.map(BigInt), parts);
          expect(values(allocateDecimal(amount, rs.map(BigInt)))).toEqual(values(allocateDecimal(amount, rs)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('distributeDecimal(amount, n) equals allocateDecimal(amount, n ones)', () => {
    fc.assert(
      fc.property(split, fc.integer({ min: 1, max: 40 }), (s, n) => {
        const options = s.explicit ? { places: s.places } : undefined;
        const amount = { currency: s.currency, valueDecimal: s.valueDecimal };
        expect(distributeDecimal(amount, n, options)).toEqual(allocateDecimal(amount, new Array<number>(n).fill(1), options));
      }),
    );
  });
});

describe('distributeDecimal', () => {
  it('splits into equal parts, the larger first', () => {
    expect(values(distributeDecimal(usd('100'), 3))).toEqual(['33.34', '33.33', '33.33']);
    expect(values(distributeDecimal({ currency: 'JPY', valueDecimal: '-5' }, 3))).toEqual(['-2', '-2', '-1']);
    expect(values(distributeDecimal(usd('0.01'), 3))).toEqual(['0.01', '0.00', '0.00']);
    expect(values(distributeDecimal(usd('-0.06'), 3))).toEqual(['-0.02', '-0.02', '-0.02']);
    expect(values(distributeDecimal(usd('-0'), 2))).toEqual(['0.00', '0.00']);
    expect(values(distributeDecimal(usd('-9223372036854775807.99'), 2))).toEqual(['-4611686018427387904.00', '-4611686018427387903.99']);
    expect(distributeDecimal(usd('1'), MAX_ALLOCATION_PARTS)).toHaveLength(MAX_ALLOCATION_PARTS);
  });

  it.each([0, -1, 1.5, Number.NaN, Infinity, MAX_ALLOCATION_PARTS + 1, 2 ** 53, '2', null])('refuses the count %s', (n) => {
    const attempt = () => distributeDecimal(usd('1'), n as number);
    expect(thrownCode(attempt)).toBe('invalid-count');
    expect(attempt).toThrow(PART_COUNT_MESSAGE);
  });

  it('refuses what allocateDecimal refuses in the amount and options', () => {
    expect(thrownCode(() => distributeDecimal(usd('1.001'), 2))).toBe('inexact-amount');
    expect(thrownCode(() => distributeDecimal({ currency: 'XAU', valueDecimal: '1' }, 2))).toBe('unknown-currency');
    expect(thrownCode(() => distributeDecimal(usd('1'), 2, { places: 10 }))).toBe('invalid-places');
    expect(thrownCode(() => distributeDecimal(usd('x'), 2))).toBe('malformed-decimal');
  });
});
