// Documented rules of payments-kit/amount at their exact boundaries, each with the error code
// programs branch on (issue 26: rules the mutation run showed untested).
import { describe, expect, it } from 'vitest';
import {
  AmountError,
  INVALID_FACTOR_MESSAGE,
  SAFE_INTEGER_MESSAGE,
  currencyExponent,
  isCurrencyCode,
  multiplyDecimal,
  toAmount,
  toAmountDecimal,
} from '../../src/amount/index.js';
import { thrownCode } from './thrown.js';

const usd = (valueDecimal: string) => ({ currency: 'USD', valueDecimal });

describe('toAmount: the safe-integer range is inclusive at both ends (-9007199254740991 to 9007199254740991)', () => {
  it('takes both ends and refuses one past each, with the code unsafe-integer', () => {
    expect(toAmount({ currency: 'JPY', valueDecimal: '9007199254740991' })).toEqual({ currency: 'JPY', value: 9_007_199_254_740_991 });
    expect(toAmount({ currency: 'JPY', valueDecimal: '-9007199254740991' })).toEqual({ currency: 'JPY', value: -9_007_199_254_740_991 });
    expect(toAmount(usd('-90071992547409.91'))).toEqual({ currency: 'USD', value: -9_007_199_254_740_991 });
    expect(thrownCode(() => toAmount({ currency: 'JPY', valueDecimal: '9007199254740992' }))).toBe('unsafe-integer');
    expect(thrownCode(() => toAmount(usd('-90071992547409.92')))).toBe('unsafe-integer');
    expect(() => toAmount(usd('-90071992547409.92'))).toThrow(SAFE_INTEGER_MESSAGE);
  });

  it('rounds into the range and refuses a rounding out of it, at the negative end too', () => {
    expect(toAmount(usd('-90071992547409.914'), { rounding: 'half-up' }).value).toBe(-9_007_199_254_740_991);
    expect(thrownCode(() => toAmount(usd('-90071992547409.915'), { rounding: 'half-up' }))).toBe('unsafe-integer');
    expect(toAmount(usd('-90071992547409.915'), { rounding: 'ceiling' }).value).toBe(-9_007_199_254_740_991);
  });

  it('gives 0, never -0, for a negative zero', () => {
    expect(Object.is(toAmount(usd('-0.00')).value, 0)).toBe(true);
    expect(Object.is(toAmount(usd('-0.004'), { rounding: 'half-even' }).value, 0)).toBe(true);
  });
});

describe('toAmountDecimal: only safe integers, with the code unsafe-integer', () => {
  it('takes both ends of the range', () => {
    expect(toAmountDecimal({ currency: 'JPY', value: -9_007_199_254_740_991 })).toEqual({ currency: 'JPY', valueDecimal: '-9007199254740991' });
    expect(toAmountDecimal({ currency: 'USD', value: 9_007_199_254_740_991 })).toEqual({ currency: 'USD', valueDecimal: '90071992547409.91' });
  });

  it.each([2 ** 53, -(2 ** 53), 0.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d with the code unsafe-integer', (value) => {
    const thrown = (() => {
      try {
        toAmountDecimal({ currency: 'USD', value });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(AmountError);
    expect((thrown as AmountError).code).toBe('unsafe-integer');
    expect((thrown as AmountError).message).toBe(`value ${value}: ${SAFE_INTEGER_MESSAGE}`);
  });

  it('refuses an unknown code with unknown-currency, before any arithmetic', () => {
    expect(thrownCode(() => toAmountDecimal({ currency: 'usd', value: 1 }))).toBe('unknown-currency');
    expect(thrownCode(() => toAmountDecimal({ currency: 'XXX', value: 1 }))).toBe('unknown-currency');
  });
});

describe('multiplyDecimal: a fractional number factor is invalid-factor (never rounded through binary)', () => {
  it.each([0.5, 0.1, 1.1, -2.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses the number %d with the code invalid-factor', (factor) => {
    expect(thrownCode(() => multiplyDecimal(usd('2.00'), factor))).toBe('invalid-factor');
    expect(() => multiplyDecimal(usd('2.00'), factor)).toThrow(`factor ${factor}: ${INVALID_FACTOR_MESSAGE}`);
  });

  it('takes the same value as a decimal string or a bigint', () => {
    expect(multiplyDecimal(usd('2.00'), '0.5')).toEqual(usd('1.000'));
    expect(multiplyDecimal(usd('2.00'), 3n)).toEqual(usd('6.00'));
    expect(multiplyDecimal(usd('2.00'), -(2 ** 53 - 1))).toEqual(usd('-18014398509481982.00'));
  });

  it.each([{}, [], true, undefined, Symbol.iterator])('refuses the non-number factor %s with invalid-factor', (factor) => {
    expect(thrownCode(() => multiplyDecimal(usd('2.00'), factor as never))).toBe('invalid-factor');
  });
});

describe('isCurrencyCode and currencyExponent take only strings', () => {
  it("an array that stringifies to a code is not one (['USD'] is not 'USD')", () => {
    expect(isCurrencyCode(['USD'] as never)).toBe(false);
    expect(currencyExponent(['USD'] as never)).toBeUndefined();
    expect(isCurrencyCode({ toString: () => 'USD' } as never)).toBe(false);
    expect(isCurrencyCode('USD')).toBe(true);
    expect(currencyExponent('USD')).toBe(2);
  });

  it('a code with no minor unit is a code with no exponent', () => {
    expect(isCurrencyCode('XAU')).toBe(true);
    expect(currencyExponent('XAU')).toBeUndefined();
    expect(currencyExponent('JPY')).toBe(0);
  });
});

describe('refusals name the value they refuse', () => {
  it('a bad string factor is named as the factor, a bad factor of another type and a bad rounding mode too', () => {
    expect(() => multiplyDecimal(usd('1'), '1e3')).toThrow(/^factor "1e3" must be a decimal string/);
    expect(() => multiplyDecimal(usd('1'), null as never)).toThrow(`factor null: ${INVALID_FACTOR_MESSAGE}`);
    expect(() => toAmount(usd('1'), { rounding: 'HALF_UP' as never })).toThrow('rounding "HALF_UP": rounding must be one of');
  });
});
