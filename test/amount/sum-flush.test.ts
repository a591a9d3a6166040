// sumDecimal folds its number limbs into BigInt every FLUSH_EVERY (1,000,000) items. The fold
// is reached here with a few items through the internal `flushEvery` parameter: every
// positive count must give the digits of the exact oracle (decimal.js), which is the
// BigInt path's own answer (issue 26: fast paths proven equal to the exact path).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumDecimalFlushing } from '../../src/amount/arithmetic.js';
import { type AmountDecimal, sumDecimal } from '../../src/amount/index.js';
import { decimalString, LIMIT, moderateDecimal } from './arbitraries.js';
import { D } from './oracle.js';

const usd = (valueDecimal: string): AmountDecimal => ({ currency: 'USD', valueDecimal });
const placesOf = (s: string): number => (s.includes('.') ? s.length - s.indexOf('.') - 1 : 0);
const LIMIT_D = new D(LIMIT.toString());

/** The oracle's sum with exactly `places` places and no sign on zero. */
function oracleSum(list: readonly string[]): { value: InstanceType<typeof D>; text: string } {
  const value = list.reduce((acc, s) => acc.plus(s), new D(0));
  const places = Math.max(0, ...list.map(placesOf));
  const text = value.toFixed(places);
  return { value, text: value.isZero() ? text.replace(/^-/, '') : text };
}

describe('sumDecimal folds its limbs into BigInt without losing a digit', () => {
  it('property: any fold interval (1 to 5 items) gives the oracle digits, or the range error', () => {
    const items = fc.array(fc.oneof(decimalString, moderateDecimal, fc.constantFrom('999999999999999999.999999999', '-999999999999999999.999999999', '0.000000001', '-0')), {
      maxLength: 14,
    });
    fc.assert(
      fc.property(items, fc.integer({ min: 1, max: 5 }), (list, flushEvery) => {
        const { value, text } = oracleSum(list);
        const sum = () => sumDecimalFlushing(list.map(usd), 'USD', flushEvery);
        if (value.abs().gte(LIMIT_D)) expect(sum).toThrow(/2\^63/);
        else expect(sum().valueDecimal).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('a fold of a small total still formats it as the oracle does (units folded, total below 2^53)', () => {
    const list = ['1.5', '-1.25', '0.000000001', '3'];
    for (let flushEvery = 1; flushEvery <= list.length + 1; flushEvery++) {
      expect(sumDecimalFlushing(list.map(usd), 'USD', flushEvery)).toEqual(usd(oracleSum(list).text));
    }
  });

  it('large limbs cancel exactly across a fold', () => {
    const list = ['999999999999999999.999999999', '999999999999999999.999999999', '-999999999999999999.999999999', '-999999999999999999.999999998'];
    expect(sumDecimalFlushing(list.map(usd), 'USD', 1).valueDecimal).toBe('0.000000001');
    expect(sumDecimalFlushing(list.map(usd), 'USD', 3).valueDecimal).toBe('0.000000001');
    expect(sumDecimal(list.map(usd), 'USD').valueDecimal).toBe('0.000000001');
  });

  it('the fold happens after exactly flushEvery items: every count from 1 to the length agrees', () => {
    const list = Array.from({ length: 7 }, (_, i) => (i % 2 === 0 ? '900000000000000000.5' : '-899999999999999999.25'));
    const want = oracleSum(list).text;
    for (let flushEvery = 1; flushEvery <= 8; flushEvery++) expect(sumDecimalFlushing(list.map(usd), 'USD', flushEvery).valueDecimal).toBe(want);
  });
});
