import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountError, INVALID_FACTOR_MESSAGE, multiplyDecimal, PRODUCT_PLACES_MESSAGE } from '../../src/amount/index.js';
import type { AmountDecimal } from '../../src/amount/index.js';
import { moderateDecimal } from './arbitraries.js';
import { D } from './oracle.js';
import { thrownCode } from './thrown.js';

const usd = (valueDecimal: string): AmountDecimal => ({ currency: 'USD', valueDecimal });

describe('multiplyDecimal', () => {
  it('multiplies by a safe-integer number, a bigint or a decimal string', () => {
    expect(multiplyDecimal(usd('2.50'), 3)).toEqual(usd('7.50'));
    expect(multiplyDecimal(usd('2.50'), -3)).toEqual(usd('-7.50'));
    expect(multiplyDecimal(usd('2.50'), 3n)).toEqual(usd('7.50'));
    expect(multiplyDecimal(usd('19.99'), '0.075')).toEqual(usd('1.49925'));
    expect(multiplyDecimal(usd('0.5'), '0.5')).toEqual(usd('0.25'));
    expect(multiplyDecimal(usd('1.25'), 0)).toEqual(usd('0.00'));
    expect(multiplyDecimal(usd('1.25'), -0)).toEqual(usd('0.00'));
    expect(multiplyDecimal(usd('-1.25'), '-0')).toEqual(usd('0.00'));
  });

  it('keeps the currency; the factor has none', () => {
    expect(multiplyDecimal({ currency: 'XAU', valueDecimal: '0.001' }, 7).currency).toBe('XAU');
  });

  it('keeps digits exact at int64 scale', () => {
    expect(multiplyDecimal(usd('922337203685477580.7'), 10).valueDecimal).toBe('9223372036854775807.0');
    expect(multiplyDecimal(usd('0.000000001'), 9_007_199_254_740_991).valueDecimal).toBe('9007199.254740991');
  });

  it('refuses a product that needs more than 9 decimal places', () => {
    expect(() => multiplyDecimal(usd('0.00001'), '0.00001')).toThrow(PRODUCT_PLACES_MESSAGE);
    expect(thrownCode(() => multiplyDecimal(usd('0.1234'), '0.123456'))).toBe('product-too-precise');
  });

  it('caps shown places at 9 when the extra digits are zero', () => {
    expect(multiplyDecimal(usd('0.12345'), '0.00002').valueDecimal).toBe('0.000002469');
  });

  it.each([0.5, 1.1, Number.NaN, Infinity, -Infinity, 2 ** 53, -(2 ** 53)])('refuses the number factor %d', (factor) => {
    expect(() => multiplyDecimal(usd('1'), factor)).toThrow(INVALID_FACTOR_MESSAGE);
  });

  it.each(['1e3', '1.', '', '0.1234567891', ' 2'])('refuses the string factor %j', (factor) => {
    expect(thrownCode(() => multiplyDecimal(usd('1'), factor))).toMatch(/malformed-decimal|too-many-decimal-places/);
  });

  it('refuses other factor types from untyped callers', () => {
    expect(thrownCode(() => multiplyDecimal(usd('1'), null as unknown as number))).toBe('invalid-factor');
  });

  it('refuses a product of 2^63 or more', () => {
    expect(thrownCode(() => multiplyDecimal(usd('9223372036854775807'), 2))).toBe('decimal-out-of-range');
    expect(thrownCode(() => multiplyDecimal(usd('1'), 10n ** 30n))).toBe('decimal-out-of-range');
  });

  it('refuses a malformed amount', () => {
    expect(thrownCode(() => multiplyDecimal(usd('NaN'), 2))).toBe('malformed-decimal');
  });

  it('agrees with the oracle or refuses exactly when the product needs > 9 places or is out of range', () => {
    fc.assert(
      fc.property(moderateDecimal, fc.oneof(moderateDecimal, fc.integer({ min: -1000, max: 1000 })), (a, f) => {
        const exact = new D(a).times(String(f));
        const fits = exact.decimalPlaces() <= 9 && exact.abs().lt('9223372036854775808');
        if (fits) expect(new D(multiplyDecimal(usd(a), f).valueDecimal).eq(exact)).toBe(true);
        else expect(() => multiplyDecimal(usd(a), f)).toThrow(AmountError);
      }),
    );
  });
});
