import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkDecimalString,
  DECIMAL_FORMAT_MESSAGE,
  DECIMAL_PLACES_MESSAGE,
  DECIMAL_RANGE_MESSAGE,
  isDecimalString,
} from '../../src/amount/index.js';
import { decimalString } from './arbitraries.js';

describe('checkDecimalString', () => {
  it.each(['0', '1', '-1', '12.34', '-0.5', '0.000000001', '-0', '-0.00', '007', '007.50', '9223372036854775807.999999999', '-9223372036854775807.999999999', '000000000000000000000000001'])(
    'accepts %j',
    (s) => {
      expect(checkDecimalString(s)).toBeUndefined();
      expect(isDecimalString(s)).toBe(true);
    },
  );

  it.each(['1e3', ' 1', '1 ', '1.', '.5', '', 'NaN', 'Infinity', '+1', '--1', '1,5', '1.2.3', '0x10', '١', '１', '1\n', '-', '-.5', '1_000', '½', '12.34\u0301'])(
    'refuses %j with the format message',
    (s) => {
      expect(checkDecimalString(s)).toBe(DECIMAL_FORMAT_MESSAGE);
      expect(isDecimalString(s)).toBe(false);
    },
  );

  it.each(['1.0000000001', '0.1234567890', '-1.0000000000'])('refuses %j: more than 9 decimal places', (s) => {
    expect(checkDecimalString(s)).toBe(DECIMAL_PLACES_MESSAGE);
  });

  it.each(['9223372036854775808', '-9223372036854775808', '10000000000000000000', '99999999999999999999.5', '1'.repeat(100_000)])(
    'refuses %s: not less than 2^63',
    (s) => {
      expect(checkDecimalString(s)).toBe(DECIMAL_RANGE_MESSAGE);
    },
  );

  it('refuses non-strings from untyped callers without throwing', () => {
    for (const v of [undefined, null, 1, 1n, {}, ['1']]) expect(checkDecimalString(v as unknown as string)).toBe(DECIMAL_FORMAT_MESSAGE);
  });

  it('answers a huge malformed string quickly', () => {
    const started = performance.now();
    expect(checkDecimalString(`${'9'.repeat(1_000_000)}x`)).toBe(DECIMAL_FORMAT_MESSAGE);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('accepts every generated decimal string', () => {
    fc.assert(fc.property(decimalString, (s) => checkDecimalString(s) === undefined));
  });

  it('refuses any string with a character outside -0123456789.', () => {
    fc.assert(
      fc.property(decimalString, fc.string({ minLength: 1, maxLength: 3 }), fc.nat(), (s, junk, at) => {
        fc.pre(/[^0-9.-]/.test(junk));
        const i = at % (s.length + 1);
        return checkDecimalString(s.slice(0, i) + junk + s.slice(i)) !== undefined;
      }),
    );
  });
});
