import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  AmountError,
  checkDecimalString,
  compareDecimal,
  CurrencyMismatchError,
  multiplyDecimal,
  subtractDecimal,
  sumDecimal,
  zeroDecimal,
} from '../../src/amount/index.js';
import type { AmountDecimal } from '../../src/amount/index.js';
import { decimalString, moderateDecimal } from './arbitraries.js';
import { D } from './oracle.js';

const usd = (valueDecimal: string): AmountDecimal => ({ currency: 'USD', valueDecimal });
const eur = (valueDecimal: string): AmountDecimal => ({ currency: 'EUR', valueDecimal });

describe('addDecimal / subtractDecimal', () => {
  it('keeps every digit where decimal.js default precision loses them', () => {
    expect(addDecimal(usd('123456789012345.123456789'), usd('0.000000001')).valueDecimal).toBe('123456789012345.123456790');
    expect(addDecimal(usd('9223372036854775806.999999999'), usd('0.000000001')).valueDecimal).toBe('9223372036854775807.000000000');
  });

  it('shows the larger number of decimal places of the operands', () => {
    expect(addDecimal(usd('1.50'), usd('2')).valueDecimal).toBe('3.50');
    expect(addDecimal(usd('1.5'), usd('2.255')).valueDecimal).toBe('3.755');
    expect(subtractDecimal(usd('1'), usd('2.50')).valueDecimal).toBe('-1.50');
    expect(addDecimal(usd('0.10'), usd('0.20')).valueDecimal).toBe('0.30');
  });

  it('normalises zero, leading zeros and negative zero', () => {
    expect(addDecimal(usd('-0'), usd('0')).valueDecimal).toBe('0');
    expect(subtractDecimal(usd('1.25'), usd('1.25')).valueDecimal).toBe('0.00');
    expect(addDecimal(usd('-0.00'), usd('007')).valueDecimal).toBe('7.00');
  });

  it('throws CurrencyMismatchError for different currencies, including case', () => {
    expect(() => addDecimal(usd('1'), eur('1'))).toThrow(CurrencyMismatchError);
    expect(() => subtractDecimal(usd('1'), eur('1'))).toThrow(CurrencyMismatchError);
    expect(() => addDecimal(usd('1'), { currency: 'usd', valueDecimal: '1' })).toThrow(CurrencyMismatchError);
    try {
      addDecimal(usd('1'), eur('1'));
    } catch (e) {
      expect(e).toBeInstanceOf(AmountError);
      expect((e as CurrencyMismatchError).code).toBe('currency-mismatch');
      expect((e as CurrencyMismatchError).left).toBe('USD');
      expect((e as CurrencyMismatchError).right).toBe('EUR');
    }
  });

  it('works for codes with no minor unit and codes outside the table (only equality is checked)', () => {
    expect(addDecimal({ currency: 'XAU', valueDecimal: '1.5' }, { currency: 'XAU', valueDecimal: '0.25' }).valueDecimal).toBe('1.75');
    expect(addDecimal({ currency: 'ZZZ', valueDecimal: '1' }, { currency: 'ZZZ', valueDecimal: '1' }).valueDecimal).toBe('2');
  });

  it.each(['1e3', ' 1', '1.', '.5', '1.0000000001', '', 'NaN', '+1'])('refuses the malformed operand %j', (bad) => {
    expect(() => addDecimal(usd(bad), usd('1'))).toThrow(AmountError);
    expect(() => subtractDecimal(usd('1'), usd(bad))).toThrow(AmountError);
    expect(() => compareDecimal(usd('1'), usd(bad))).toThrow(AmountError);
    expect(() => sumDecimal([usd('1'), usd(bad)], 'USD')).toThrow(AmountError);
  });

  it('refuses a result of 2^63 or more instead of wrapping or rounding', () => {
    expect(() => addDecimal(usd('9223372036854775807.999999999'), usd('0.000000001'))).toThrow(/2\^63/);
    expect(() => subtractDecimal(usd('-9223372036854775807'), usd('1'))).toThrow(/2\^63/);
  });

  it('agrees with the oracle', () => {
    fc.assert(
      fc.property(moderateDecimal, moderateDecimal, (a, b) => {
        expect(new D(addDecimal(usd(a), usd(b)).valueDecimal).eq(new D(a).plus(b))).toBe(true);
        expect(new D(subtractDecimal(usd(a), usd(b)).valueDecimal).eq(new D(a).minus(b))).toBe(true);
      }),
    );
  });

  it('subtract undoes add', () => {
    fc.assert(
      fc.property(moderateDecimal, moderateDecimal, (a, b) => {
        const back = subtractDecimal(addDecimal(usd(a), usd(b)), usd(b));
        return compareDecimal(back, usd(a)) === 0;
      }),
    );
  });
});

describe('sumDecimal', () => {
  it('is zero for an empty list', () => {
    expect(sumDecimal([], 'JPY')).toEqual({ currency: 'JPY', valueDecimal: '0' });
    expect(zeroDecimal('USD')).toEqual({ currency: 'USD', valueDecimal: '0' });
  });

  it('throws CurrencyMismatchError when an item is in another currency', () => {
    expect(() => sumDecimal([usd('1'), eur('1')], 'USD')).toThrow(CurrencyMismatchError);
    expect(() => sumDecimal([eur('1')], 'USD')).toThrow(CurrencyMismatchError);
  });

  it('may pass through large intermediates as long as the total is in range', () => {
    expect(sumDecimal([usd('9223372036854775807'), usd('9223372036854775807'), usd('-9223372036854775807')], 'USD').valueDecimal).toBe('9223372036854775807');
  });

  it('equals the fold of addDecimal from zeroDecimal', () => {
    fc.assert(
      fc.property(fc.array(moderateDecimal, { maxLength: 12 }), (values) => {
        const list = values.map(usd);
        const folded = list.reduce(addDecimal, zeroDecimal('USD'));
        expect(sumDecimal(list, 'USD')).toEqual(folded);
      }),
    );
  });
});

describe('compareDecimal', () => {
  it('compares by value, not by spelling', () => {
    expect(compareDecimal(usd('1.5'), usd('1.50'))).toBe(0);
    expect(compareDecimal(usd('-0'), usd('0.000'))).toBe(0);
    expect(compareDecimal(usd('-1'), usd('0.000000001'))).toBe(-1);
    expect(compareDecimal(usd('10'), usd('9.999999999'))).toBe(1);
    expect(() => compareDecimal(usd('1'), eur('1'))).toThrow(CurrencyMismatchError);
  });

  it('is a total order consistent with subtract and the oracle', () => {
    fc.assert(
      fc.property(decimalString, decimalString, decimalString, (a, b, c) => {
        const ab = compareDecimal(usd(a), usd(b));
        expect(ab).toBe(new D(a).cmp(b));
        expect(compareDecimal(usd(b), usd(a))).toBe(-ab === 0 ? 0 : -ab);
        if (ab <= 0 && compareDecimal(usd(b), usd(c)) <= 0) expect(compareDecimal(usd(a), usd(c))).toBeLessThanOrEqual(0);
      }),
    );
    fc.assert(
      fc.property(moderateDecimal, moderateDecimal, (a, b) => {
        const difference = subtractDecimal(usd(a), usd(b));
        return compareDecimal(usd(a), usd(b)) === compareDecimal(difference, zeroDecimal('USD'));
      }),
    );
  });
});

describe('fast path and BigInt path agree', () => {
  const boundary = [
    '999999999999999', '-999999999999999', '9999999999999999', '9007199254740991', '9007199254740992', '-9007199254740993',
    '9999999.99999999', '0.000000001', '-0.000000001', '-0', '-0.0', '12345678.1234567', '1234567.123456789',
  ];
  it('on values around the 15-digit and 2^53 boundaries', () => {
    for (const a of boundary) {
      for (const b of boundary) {
        expect(new D(addDecimal(usd(a), usd(b)).valueDecimal).eq(new D(a).plus(b))).toBe(true);
        expect(new D(subtractDecimal(usd(a), usd(b)).valueDecimal).eq(new D(a).minus(b))).toBe(true);
        expect(new D(sumDecimal([usd(a), usd(b), usd(a)], 'USD').valueDecimal).eq(new D(a).plus(b).plus(a))).toBe(true);
      }
    }
    expect(addDecimal(usd('-0.5'), usd('0.5')).valueDecimal).toBe('0.0');
    expect(addDecimal(usd('-0'), usd('-0')).valueDecimal).toBe('0');
    expect(sumDecimal([usd('-0.5'), usd('0.5')], 'USD').valueDecimal).toBe('0.0');
    expect(addDecimal(usd('0.1'), usd('0.2')).valueDecimal).toBe('0.3');
  });

  it('on random small values (formatting included)', () => {
    const small = fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 7 })).map(([neg, n, places]) => {
      const digits = String(n).padStart(places + 1, '0');
      const cut = digits.length - places;
      return `${neg ? '-' : ''}${digits.slice(0, cut)}${places ? `.${digits.slice(cut)}` : ''}`;
    });
    fc.assert(
      fc.property(fc.array(small, { maxLength: 8 }), (values) => {
        const expected = values.reduce((acc, v) => acc.plus(v), new D(0));
        const places = Math.max(0, ...values.map((v) => (v.split('.')[1] ?? '').length));
        expect(sumDecimal(values.map(usd), 'USD').valueDecimal).toBe(expected.toFixed(places));
        if (values.length >= 2) {
          expect(addDecimal(usd(values[0]!), usd(values[1]!)).valueDecimal).toBe(new D(values[0]!).plus(values[1]!).toFixed(places === 0 ? 0 : Math.max((values[0]!.split('.')[1] ?? '').length, (values[1]!.split('.')[1] ?? '').length)));
        }
      }),
    );
  });
});

describe('fast-path parsing accepts exactly the grammar', () => {
  it('on short strings over the alphabet "-.0123456789"', () => {
    const text = fc.string({ unit: fc.constantFrom(...'-.0123456789'), maxLength: 17 });
    fc.assert(
      fc.property(text, (s) => {
        if (checkDecimalString(s) === undefined) {
          expect(new D(addDecimal(usd(s), usd('0')).valueDecimal).eq(new D(s))).toBe(true);
          expect(new D(sumDecimal([usd(s)], 'USD').valueDecimal).eq(new D(s))).toBe(true);
          expect(new D(multiplyDecimal(usd(s), 1).valueDecimal).eq(new D(s))).toBe(true);
        } else {
          expect(() => addDecimal(usd(s), usd('0'))).toThrow(AmountError);
          expect(() => sumDecimal([usd(s)], 'USD')).toThrow(AmountError);
          expect(() => multiplyDecimal(usd(s), 1)).toThrow(AmountError);
        }
      }),
      { numRuns: 300 },
    );
  });
});
