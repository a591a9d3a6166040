import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AmountError,
  INEXACT_AMOUNT_MESSAGE,
  ROUNDING_MODES,
  SAFE_INTEGER_MESSAGE,
  toAmount,
  toAmountDecimal,
  UNKNOWN_CURRENCY_MESSAGE,
} from '../../src/amount/index.js';
import type { RoundingMode } from '../../src/amount/index.js';
import { roundingInput } from './arbitraries.js';
import { D } from './oracle.js';
import { thrownCode } from './thrown.js';

const ORACLE_MODE: Record<RoundingMode, number> = {
  up: D.ROUND_UP,
  down: D.ROUND_DOWN,
  ceiling: D.ROUND_CEIL,
  floor: D.ROUND_FLOOR,
  'half-up': D.ROUND_HALF_UP,
  'half-down': D.ROUND_HALF_DOWN,
  'half-even': D.ROUND_HALF_EVEN,
};

// Hand-derived: each value in USD (exponent 2) under each mode.
const TABLE: [string, Record<RoundingMode, number>][] = [
  ['2.345', { 'half-even': 234, 'half-up': 235, 'half-down': 234, up: 235, down: 234, ceiling: 235, floor: 234 }],
  ['-2.345', { 'half-even': -234, 'half-up': -235, 'half-down': -234, up: -235, down: -234, ceiling: -234, floor: -235 }],
  ['2.355', { 'half-even': 236, 'half-up': 236, 'half-down': 235, up: 236, down: 235, ceiling: 236, floor: 235 }],
  ['-2.355', { 'half-even': -236, 'half-up': -236, 'half-down': -235, up: -236, down: -235, ceiling: -235, floor: -236 }],
  ['2.345000001', { 'half-even': 235, 'half-up': 235, 'half-down': 235, up: 235, down: 234, ceiling: 235, floor: 234 }],
  ['-2.344999999', { 'half-even': -234, 'half-up': -234, 'half-down': -234, up: -235, down: -234, ceiling: -234, floor: -235 }],
  ['0.001', { 'half-even': 0, 'half-up': 0, 'half-down': 0, up: 1, down: 0, ceiling: 1, floor: 0 }],
  ['-0.001', { 'half-even': 0, 'half-up': 0, 'half-down': 0, up: -1, down: 0, ceiling: 0, floor: -1 }],
  ['-0.005', { 'half-even': 0, 'half-up': -1, 'half-down': 0, up: -1, down: 0, ceiling: 0, floor: -1 }],
  ['0.015', { 'half-even': 2, 'half-up': 2, 'half-down': 1, up: 2, down: 1, ceiling: 2, floor: 1 }],
];

describe('toAmount', () => {
  for (const [value, expected] of TABLE.filter(([v]) => v.split('.')[1]!.length <= 9)) {
    for (const mode of ROUNDING_MODES) {
      it(`rounds ${value} USD ${mode} to ${expected[mode]}`, () => {
        const result = toAmount({ currency: 'USD', valueDecimal: value }, { rounding: mode });
        expect(result).toEqual({ currency: 'USD', value: expected[mode] });
        expect(Object.is(result.value, -0)).toBe(false);
      });
    }
  }

  it('converts exact values without a rounding mode, using the currency exponent', () => {
    expect(toAmount({ currency: 'USD', valueDecimal: '12.34' })).toEqual({ currency: 'USD', value: 1234 });
    expect(toAmount({ currency: 'USD', valueDecimal: '12.340000000' })).toEqual({ currency: 'USD', value: 1234 });
    expect(toAmount({ currency: 'JPY', valueDecimal: '500' })).toEqual({ currency: 'JPY', value: 500 });
    expect(toAmount({ currency: 'KWD', valueDecimal: '1.234' })).toEqual({ currency: 'KWD', value: 1234 });
    expect(toAmount({ currency: 'CLF', valueDecimal: '-0.0001' })).toEqual({ currency: 'CLF', value: -1 });
    expect(toAmount({ currency: 'MGA', valueDecimal: '1.2' })).toEqual({ currency: 'MGA', value: 120 });
    expect(toAmount({ currency: 'USD', valueDecimal: '-0' }).value).toBe(0);
    expect(Object.is(toAmount({ currency: 'USD', valueDecimal: '-0.00' }).value, -0)).toBe(false);
  });

  it('never rounds when no mode is named', () => {
    expect(() => toAmount({ currency: 'USD', valueDecimal: '1.005' })).toThrow(INEXACT_AMOUNT_MESSAGE);
    expect(thrownCode(() => toAmount({ currency: 'JPY', valueDecimal: '0.5' }, {}))).toBe('inexact-amount');
    expect(thrownCode(() => toAmount({ currency: 'USD', valueDecimal: '0.000000001' }, { rounding: undefined }))).toBe('inexact-amount');
  });

  it('refuses currencies without a minor unit, unknown and lowercase codes', () => {
    for (const currency of ['XAU', 'XXX', 'ZZZ', 'usd', 'HRK']) {
      expect(() => toAmount({ currency, valueDecimal: '1' })).toThrow(UNKNOWN_CURRENCY_MESSAGE);
    }
  });

  it('refuses an unknown rounding mode', () => {
    expect(thrownCode(() => toAmount({ currency: 'USD', valueDecimal: '1' }, { rounding: 'HALF_UP' as RoundingMode }))).toBe('invalid-rounding-mode');
    expect(thrownCode(() => toAmount({ currency: 'USD', valueDecimal: '1' }, { rounding: '__proto__' as RoundingMode }))).toBe('invalid-rounding-mode');
  });

  it('refuses a result outside the safe-integer range instead of rounding it', () => {
    expect(toAmount({ currency: 'USD', valueDecimal: '90071992547409.91' }).value).toBe(9_007_199_254_740_991);
    expect(() => toAmount({ currency: 'USD', valueDecimal: '90071992547409.92' })).toThrow(SAFE_INTEGER_MESSAGE);
    expect(thrownCode(() => toAmount({ currency: 'JPY', valueDecimal: '-9007199254740992' }))).toBe('unsafe-integer');
    expect(thrownCode(() => toAmount({ currency: 'USD', valueDecimal: '90071992547409.915' }, { rounding: 'half-up' }))).toBe('unsafe-integer');
    expect(toAmount({ currency: 'USD', valueDecimal: '90071992547409.915' }, { rounding: 'down' }).value).toBe(9_007_199_254_740_991);
  });

  it('refuses malformed decimals', () => {
    for (const bad of ['1e3', ' 1', '1.', '.5', '1.0000000001', '', 'NaN']) {
      expect(() => toAmount({ currency: 'USD', valueDecimal: bad }, { rounding: 'half-even' })).toThrow(AmountError);
    }
  });

  for (const mode of ROUNDING_MODES) {
    for (const [currency, exponent] of [['USD', 2], ['JPY', 0], ['KWD', 3], ['CLF', 4]] as const) {
      it(`${mode} agrees with decimal.js (precision 60) in ${currency}, ties and negatives included`, () => {
        fc.assert(
          fc.property(roundingInput(exponent), (value) => {
            const expected = new D(value).toDecimalPlaces(exponent, ORACLE_MODE[mode] as never).times(new D(10).pow(exponent));
            const got = toAmount({ currency, valueDecimal: value }, { rounding: mode }).value;
            expect(new D(got).eq(expected)).toBe(true);
          }),
        );
      });
    }
  }
});

describe('toAmountDecimal', () => {
  it('formats with exactly the currency exponent', () => {
    expect(toAmountDecimal({ currency: 'USD', value: 1234 })).toEqual({ currency: 'USD', valueDecimal: '12.34' });
    expect(toAmountDecimal({ currency: 'USD', value: -5 })).toEqual({ currency: 'USD', valueDecimal: '-0.05' });
    expect(toAmountDecimal({ currency: 'USD', value: 0 })).toEqual({ currency: 'USD', valueDecimal: '0.00' });
    expect(toAmountDecimal({ currency: 'USD', value: -0 })).toEqual({ currency: 'USD', valueDecimal: '0.00' });
    expect(toAmountDecimal({ currency: 'JPY', value: 500 })).toEqual({ currency: 'JPY', valueDecimal: '500' });
    expect(toAmountDecimal({ currency: 'BHD', value: 1 })).toEqual({ currency: 'BHD', valueDecimal: '0.001' });
    expect(toAmountDecimal({ currency: 'UYW', value: 12345 })).toEqual({ currency: 'UYW', valueDecimal: '1.2345' });
    expect(toAmountDecimal({ currency: 'USD', value: -9_007_199_254_740_991 }).valueDecimal).toBe('-90071992547409.91');
  });

  it.each([0.5, Number.NaN, Infinity, 2 ** 53, -(2 ** 53), 1e300])('refuses the value %d', (value) => {
    expect(() => toAmountDecimal({ currency: 'USD', value })).toThrow(SAFE_INTEGER_MESSAGE);
  });

  it('refuses codes without a minor unit', () => {
    expect(thrownCode(() => toAmountDecimal({ currency: 'XAU', value: 1 }))).toBe('unknown-currency');
  });

  it('round-trips through toAmount when the value has no more digits than the exponent', () => {
    fc.assert(
      fc.property(fc.constantFrom('USD', 'JPY', 'KWD', 'CLF'), fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (currency, value) => {
        const decimal = toAmountDecimal({ currency, value });
        expect(toAmount(decimal)).toEqual({ currency, value: value === 0 ? 0 : value });
        for (const mode of ROUNDING_MODES) expect(toAmount(decimal, { rounding: mode }).value).toBe(value === 0 ? 0 : value);
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(['USD', 2], ['JPY', 0], ['KWD', 3], ['CLF', 4]), fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 11n }), fc.nat(), ([currency, exponent], negative, whole, digits) => {
        const fraction = String(digits).padStart(exponent, '0').slice(-exponent);
        const value = `${negative ? '-' : ''}${whole}${exponent === 0 ? '' : `.${fraction}`}`;
        const back = toAmountDecimal(toAmount({ currency, valueDecimal: value }));
        expect(new D(back.valueDecimal).eq(value)).toBe(true);
        if (!(negative && new D(value).isZero())) expect(back.valueDecimal).toBe(value);
      }),
    );
  });
});
