// Documented rules of payments-kit/amount that the mutation run (issue 26) showed untested:
// refusals with their codes and messages where the fast paths could have answered instead,
// the leftover rule past the scan of 16 parts and on the exact path, ties to the earlier part,
// exactness where an intermediate leaves the safe integers, the bound on a rate's length and
// its negative range, and the withdrawn currency codes' successors.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  NEGATIVE_RATIO_MESSAGE,
  RATE_FORMAT_MESSAGE,
  RATIO_LIST_MESSAGE,
  ZERO_RATIOS_MESSAGE,
  WITHDRAWN_CURRENCY_CODES,
  addDecimal,
  allocateDecimal,
  convertDecimal,
  currencyExponent,
  distributeDecimal,
  isCurrencyCode,
  percentOf,
  sumDecimal,
  subtractDecimal,
  toAmount,
  type AmountDecimal,
  type Rate,
} from '../../src/amount/index.js';
import { byLargestRemainder, leftoverPositions } from '../../src/amount/largest-remainder.js';
import { scanLineTotal } from '../../src/amount/line-total.js';
import { expectRules, splitBy } from './allocation-rules.js';
import { formatAt, unitsAt } from './exact.js';
import { thrownCode } from './thrown.js';

const usd = (valueDecimal: string): AmountDecimal => ({ currency: 'USD', valueDecimal });
const values = (parts: readonly AmountDecimal[]) => parts.map((p) => p.valueDecimal);
const message = (f: () => unknown): string => {
  try {
    f();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a throw');
};

describe('allocateDecimal refuses bad ratios wherever they stand in the list', () => {
  it.each<[string, Rate[]]>([
    ['a negative number after a positive one', [2, -1]],
    ['a negative number after a string', ['3', -1]],
    ['a negative string after a number', [3, '-1']],
  ])('%s: invalid-ratios, named', (_, ratios) => {
    expect(thrownCode(() => allocateDecimal(usd('1'), ratios))).toBe('invalid-ratios');
    expect(message(() => allocateDecimal(usd('1'), ratios))).toMatch(/^ratio "?-1"?: ratios must not be negative$/);
  });

  it('a negative bigint ratio is named as a bigint', () => {
    expect(message(() => allocateDecimal(usd('1'), [2n, -1n]))).toBe(`ratio -1n: ${NEGATIVE_RATIO_MESSAGE}`);
  });

  it.each([0.5, Number.NaN, 2 ** 53])('a fractional or unsafe number %d after a string: invalid-ratios, named', (bad) => {
    expect(thrownCode(() => allocateDecimal(usd('1'), ['1', bad]))).toBe('invalid-ratios');
    expect(message(() => allocateDecimal(usd('1'), ['1', bad]))).toBe(`ratio ${bad} ${RATE_FORMAT_MESSAGE}`);
  });

  it('all ratios zero: invalid-ratios', () => {
    expect(thrownCode(() => allocateDecimal(usd('1'), [0, 0]))).toBe('invalid-ratios');
    expect(message(() => allocateDecimal(usd('1'), [0n, '0']))).toBe(`ratios: ${ZERO_RATIOS_MESSAGE}`);
  });

  it('the list message says what was given', () => {
    expect(message(() => allocateDecimal(usd('1'), []))).toBe(`${RATIO_LIST_MESSAGE} (got an array of 0)`);
    expect(message(() => allocateDecimal(usd('1'), 'ab' as never))).toBe(`${RATIO_LIST_MESSAGE} (got "ab")`);
  });
});

describe('an amount the small path cannot read is split exactly', () => {
  it('an int64-sized amount by small ratios', () => {
    expect(values(allocateDecimal(usd('92233720368547758.07'), [1, 1]))).toEqual(['46116860184273879.04', '46116860184273879.03']);
    expect(values(distributeDecimal(usd('-92233720368547758.07'), 2))).toEqual(['-46116860184273879.04', '-46116860184273879.03']);
  });

  it.each([5, 1.5, ['1'], null])('a valueDecimal that is not a string (%j) is malformed-decimal, never a TypeError', (bad) => {
    const amount = { currency: 'USD', valueDecimal: bad } as never;
    expect(thrownCode(() => allocateDecimal(amount, [1]))).toBe('malformed-decimal');
    expect(thrownCode(() => distributeDecimal(amount, 2))).toBe('malformed-decimal');
    expect(thrownCode(() => addDecimal(amount, usd('1')))).toBe('malformed-decimal');
    expect(thrownCode(() => subtractDecimal(usd('1'), amount))).toBe('malformed-decimal');
    expect(thrownCode(() => sumDecimal([usd('1'), amount], 'USD'))).toBe('malformed-decimal');
  });

  it('a character that is not a digit in the high limb (more than 9 integer digits) is malformed-decimal', () => {
    for (const bad of ['1a234567890', '1/234567890', '-12345678:0123']) {
      expect(thrownCode(() => addDecimal(usd(bad), usd('0')))).toBe('malformed-decimal');
      expect(thrownCode(() => sumDecimal([usd(bad)], 'USD'))).toBe('malformed-decimal');
    }
  });
});

describe('the leftover rule past 16 parts and on the exact path', () => {
  it('the documented examples of leftoverPositions, ties to the earlier position', () => {
    expect(leftoverPositions([4, 6], 1)).toEqual([1]);
    expect(leftoverPositions([5n, 5n, 5n], 2)).toEqual([0, 1]);
    expect(leftoverPositions([3, 0, 7, 7, 1], 3)).toEqual([2, 3, 0]);
    expect(leftoverPositions([2n, 9n, 2n, 2n], 2)).toEqual([1, 0]);
    expect(leftoverPositions([1, 2], 0)).toEqual([]);
  });

  it('a count at or above the non-zero remainders gives each of their positions, in order, and never a zero one', () => {
    expect(leftoverPositions([1, 0, 2], 5)).toEqual([0, 2]);
    expect(leftoverPositions([1n, 0n, 2n], 2)).toEqual([0, 2]);
    expect(leftoverPositions([0, 0], 1)).toEqual([]);
    expect(leftoverPositions([], 0)).toEqual([]);
  });

  it('the order is a total order whichever position comes first: larger remainder first, then the earlier position', () => {
    const compare = byLargestRemainder([5, 7, 5, 3n]);
    const sign = (a: number, b: number) => Math.sign(compare(a, b));
    expect([sign(1, 0), sign(0, 1)]).toEqual([-1, 1]); // 7 before 5, either way round
    expect([sign(0, 3), sign(3, 0)]).toEqual([-1, 1]); // 5 before 3n
    expect([sign(0, 2), sign(2, 0)]).toEqual([-1, 1]); // equal: the earlier first
    expect(sign(2, 2)).toBe(0);
    expect([0, 1, 2, 3].sort(byLargestRemainder([5, 7, 5, 3]))).toEqual([1, 0, 2, 3]);
  });

  it('property: the positions of the count largest remainders, ties to the earlier, over lists long enough to be merge-sorted', () => {
    const remainders = fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 0, maxLength: 300 });
    fc.assert(
      fc.property(remainders, fc.nat(), fc.boolean(), (list, seed, asBigInt) => {
        const nonZero = list.filter((r) => r > 0).length;
        const count = nonZero === 0 ? 0 : seed % nonZero; // always below the non-zero remainders
        const byRule = list
          .map((r, i) => ({ r, i }))
          .filter(({ r }) => r > 0)
          .sort((x, y) => y.r - x.r || x.i - y.i)
          .slice(0, count)
          .map(({ i }) => i);
        expect(leftoverPositions(asBigInt ? list.map(BigInt) : list, count)).toEqual(byRule);
      }),
    );
  });

  const ratios = fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 17, maxLength: 40 }).filter((r) => r.some((x) => x > 0));
  const amounts = fc.oneof(fc.bigInt({ min: -5000n, max: 5000n }), fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }));

  it('property: 17 to 40 parts, small and int64-sized amounts, numbers and bigints: every rule holds', () => {
    fc.assert(
      fc.property(amounts, ratios, fc.boolean(), (units, list, asBigInt) => {
        const amount = usd(formatAt(units, 2));
        const parts = allocateDecimal(amount, asBigInt ? list.map(BigInt) : list).map((p) => unitsAt(p.valueDecimal, 2));
        expectRules(units, list.map(BigInt), parts);
        expect(parts).toEqual(splitBy(units, list.map(BigInt), 'largestRemainder'));
      }),
    );
  });
});

describe('scanLineTotal declines whatever it cannot be sure of', () => {
  it('a unit price that leaves the safe integers and comes back', () => {
    // 9007199254740991 + 2 is past 2^53 (and rounds); minus 3 would land on a wrong safe integer.
    const options = [
      { quantity: 1, priceModifier: usd('2') },
      { quantity: 1, priceModifier: usd('-3') },
    ];
    expect(scanLineTotal(usd('9007199254740991'), options, 1)).toBe(false);
  });

  it('options that are not an array (untyped callers)', () => {
    expect(scanLineTotal(usd('1'), {} as never, 1)).toBe(false);
    expect(scanLineTotal(usd('1'), { length: 1, 0: { quantity: 1, priceModifier: usd('1') } } as never, 1)).toBe(false);
  });
});

describe('messages name the value they refuse', () => {
  it('in full up to 40 characters, shortened past', () => {
    const forty = `${'1'.repeat(39)}x`;
    expect(message(() => toAmount(usd(forty)))).toBe(`valueDecimal "${forty}" must be a decimal string: an optional "-", one or more digits, and optionally "." followed by 1 to 9 digits (e.g. "12.34")`);
    expect(message(() => toAmount(usd(`${forty}1`)))).toMatch(/^valueDecimal "1{39}x\.\.\." /);
  });

  it('percent and rate refusals name the percent or the rate', () => {
    expect(message(() => percentOf(usd('1'), 'abc'))).toBe(`percent "abc" ${RATE_FORMAT_MESSAGE}`);
    expect(message(() => convertDecimal(usd('1'), { rate: 'abc', currency: 'EUR' }))).toBe(`rate "abc" ${RATE_FORMAT_MESSAGE}`);
  });
});

describe('convertDecimal refusals carry their codes', () => {
  it.each<[string, () => unknown, string]>([
    ['a conversion that is not an object', () => convertDecimal(usd('1'), null as never), 'invalid-rate'],
    ['a conversion that is a string', () => convertDecimal(usd('1'), 'EUR' as never), 'invalid-rate'],
    ['a target with no minor unit', () => convertDecimal(usd('1'), { rate: '1', currency: 'XAU' }), 'unknown-currency'],
    ['a target that is not a code', () => convertDecimal(usd('1'), { rate: '1', currency: 'eur' }), 'unknown-currency'],
    ['a malformed rate', () => convertDecimal(usd('1'), { rate: '1e3', currency: 'EUR' }), 'invalid-rate'],
    ['a zero rate', () => convertDecimal(usd('1'), { rate: '0', currency: 'EUR' }), 'invalid-rate'],
    ['a negative rate', () => convertDecimal(usd('1'), { rate: -2, currency: 'EUR' }), 'invalid-rate'],
  ])('%s', (_, f, code) => {
    expect(thrownCode(f)).toBe(code);
  });
});

describe('percentOf', () => {
  it('of zero is zero in the amount\'s places', () => {
    expect(percentOf(usd('0.00'), '8.875').valueDecimal).toBe('0.00');
    expect(percentOf(usd('0'), 10).valueDecimal).toBe('0');
    expect(percentOf(usd('-0.000'), -3n).valueDecimal).toBe('0.000');
  });
});

describe('rates: read exactly within -2^63 < rate < 2^63, and bounded work', () => {
  it('the negative end is refused as the positive one is', () => {
    expect(percentOf(usd('100'), '-9223372036854775807').valueDecimal).toBe('-9223372036854775807');
    expect(thrownCode(() => percentOf(usd('100'), '-9223372036854775808'))).toBe('invalid-percent');
    expect(thrownCode(() => percentOf(usd('100'), '9223372036854775808'))).toBe('invalid-percent');
    expect(thrownCode(() => percentOf(usd('100'), -9_223_372_036_854_775_808n))).toBe('invalid-percent');
  });

  it('a rate string of at most 58 characters is read; a longer one is refused before any arithmetic', () => {
    const at58 = `${'0'.repeat(57)}1`;
    expect(percentOf(usd('100'), at58).valueDecimal).toBe('1');
    expect(percentOf(usd('100'), `-${'0'.repeat(56)}1`).valueDecimal).toBe('-1');
    expect(thrownCode(() => percentOf(usd('100'), `0${at58}`))).toBe('invalid-percent');
  });
});

describe('the ISO 4217 table', () => {
  it('every withdrawn code names a current successor with a minor unit, and is not itself current', () => {
    for (const [withdrawn, successor] of Object.entries(WITHDRAWN_CURRENCY_CODES)) {
      expect(isCurrencyCode(successor), `${withdrawn} -> ${successor}`).toBe(true);
      expect(currencyExponent(successor), `${withdrawn} -> ${successor}`).toBe(2);
      expect(isCurrencyCode(withdrawn)).toBe(false);
    }
  });

  it('the successors named for withdrawn codes (decision 0011)', () => {
    expect(WITHDRAWN_CURRENCY_CODES).toMatchObject({ HRK: 'EUR', BGN: 'EUR', SLL: 'SLE', ANG: 'XCG', ZWL: 'ZWG' });
  });
});

describe('a currency that is not a code is refused even as the first split of a process', () => {
  it('unknown-currency for the empty code, before any other lookup', async () => {
    vi.resetModules();
    const fresh = await import('../../src/amount/allocation-unit.js');
    expect(thrownCode(() => fresh.unitPlaces('', undefined))).toBe('unknown-currency');
    expect(fresh.unitPlaces('USD', undefined)).toBe(2);
    expect(thrownCode(() => fresh.unitPlaces('', undefined))).toBe('unknown-currency');
  });
});
