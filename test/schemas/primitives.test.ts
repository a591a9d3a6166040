import { describe, expect, it } from 'vitest';
import {
  AmountDecimalSchema,
  AmountSchema,
  CurrencyCodeSchema,
  DateTimeSchema,
  Int32Schema,
  ResourceIdSchema,
  TextSchema,
  textSchema,
} from '../../src/schemas/index.js';
import { FIELD_LIMITS } from '../../src/limits/index.js';
import { TYPED_ID, UUID_ID } from './fixtures.js';
import { failures, passes } from './helpers.js';

const INT32 = 'must be an integer from -2147483648 to 2147483647';
const INT64 =
  'must be an integer from -9007199254740991 to 9007199254740991 (a larger JSON number has already lost precision)';

describe('Int32Schema (quantities)', () => {
  it.each([0, 1, -1, 2147483647, -2147483648, -0])('accepts %d', (n) => expect(passes(Int32Schema, n)).toBe(true));
  it.each([2147483648, -2147483649, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1', null, true])(
    'refuses %j',
    (n) => expect(failures(Int32Schema, n)).toEqual({ '': INT32 }),
  );
});

describe('AmountSchema (int64 value, safe integers only)', () => {
  it('accepts the safe-integer bounds and zero', () => {
    for (const value of [0, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1050]) {
      expect(passes(AmountSchema, { currency: 'USD', value })).toBe(true);
    }
  });
  it('refuses a number past 2^53 - 1 (its precision is already lost), fractions and strings', () => {
    for (const value of [2 ** 53, -(2 ** 53), 9007199254740993, 1e20, 0.5, '100', null]) {
      expect(failures(AmountSchema, { currency: 'USD', value })).toEqual({ value: INT64 });
    }
  });
  it('requires both fields and a known currency', () => {
    expect(failures(AmountSchema, {})).toEqual({ currency: 'is required', value: 'is required' });
    expect(failures(AmountSchema, { currency: 'XYZ', value: 1 })).toEqual({
      currency: 'must be a 3-letter ISO 4217 currency code',
    });
    expect(failures(AmountSchema, [])).toEqual({ '': 'must be a JSON object' });
  });
});

describe('CurrencyCodeSchema', () => {
  it.each(['USD', 'JPY', 'KWD', 'CLF', 'EUR'])('accepts %s', (c) => expect(passes(CurrencyCodeSchema, c)).toBe(true));
  it.each(['usd', 'US', 'USDD', '', 'ZZZ', ' USD'])('refuses %j', (c) =>
    expect(failures(CurrencyCodeSchema, c)).toEqual({ '': 'must be a 3-letter ISO 4217 currency code' }),
  );
  // docs/decisions/0011-our-own-dated-iso-4217-table.md: codes without a minor unit are currencies; withdrawn codes are not.
  it.each(['XAU', 'XAG', 'XDR', 'XXX', 'XCG', 'XAD'])('accepts %s (a current code, with or without a minor unit)', (c) => {
    expect(passes(CurrencyCodeSchema, c)).toBe(true);
    expect(passes(AmountSchema, { currency: c, value: 1 })).toBe(true);
    expect(passes(AmountDecimalSchema, { currency: c, valueDecimal: '1' })).toBe(true);
  });
  it.each(['HRK', 'BGN', 'CUC', 'ANG', 'SLL', 'ZWL'])('refuses the withdrawn code %s', (c) => {
    expect(Object.keys(failures(AmountSchema, { currency: c, value: 1 }))).toEqual(['currency']);
    expect(Object.keys(failures(AmountDecimalSchema, { currency: c, valueDecimal: '1' }))).toEqual(['currency']);
  });
});

describe('AmountDecimalSchema (decimal strings up to 9 places)', () => {
  it.each(['0', '1', '1.5', '4.50', '-1.00', '0.000000001', '123456789012345.123456789'])('accepts %s', (d) =>
    expect(passes(AmountDecimalSchema, { currency: 'USD', valueDecimal: d })).toBe(true),
  );
  it.each(['1.0000000001', 'abc', '', '1e3', 'NaN', '1,50'])('refuses %j', (d) => {
    const result = failures(AmountDecimalSchema, { currency: 'USD', valueDecimal: d });
    expect(Object.keys(result)).toEqual(['valueDecimal']);
  });
  it('refuses a number where a string is expected', () => {
    expect(failures(AmountDecimalSchema, { currency: 'USD', valueDecimal: 1.5 })).toEqual({
      valueDecimal: 'must be a string',
    });
  });
});

describe('DateTimeSchema', () => {
  it.each(['2026-04-01T09:00:00Z', '2026-04-01T09:00:00.123+05:30', '2024-02-29T00:00:00Z', '2026-04-01t09:00:00z'])(
    'accepts %s',
    (s) => expect(passes(DateTimeSchema, s)).toBe(true),
  );
  it.each([
    ['2026-02-29T00:00:00Z', 'day 29 does not exist in 2026-02'],
    ['2026-02-30T00:00:00Z', 'day 30 does not exist in 2026-02'],
    ['2026-04-01T25:00:00Z', 'hour 25 does not exist'],
    ['2026-04-01T09:00:00', 'must be an RFC 3339 date-time with a time offset, e.g. 2026-04-01T09:00:00Z'],
    ['2026-04-01', 'must be an RFC 3339 date-time with a time offset, e.g. 2026-04-01T09:00:00Z'],
  ])('refuses %s', (s, message) => expect(failures(DateTimeSchema, s)).toEqual({ '': message }));
  it('refuses non-strings', () => {
    expect(failures(DateTimeSchema, 1_700_000_000_000)).toEqual({ '': 'must be a string' });
  });
});

describe('ResourceIdSchema', () => {
  it.each([TYPED_ID, UUID_ID, UUID_ID.toUpperCase()])('accepts %s', (id) =>
    expect(passes(ResourceIdSchema, id)).toBe(true),
  );
  it.each(['inv-1', '', TYPED_ID.replace('aaaa_', 'aaab_'), `${TYPED_ID}123456`, 'x'.repeat(37)])('refuses %j', (id) =>
    expect(passes(ResourceIdSchema, id)).toBe(false),
  );
});

describe('text limits count code points', () => {
  const name = textSchema(FIELD_LIMITS.lineItemName);
  it('line item name: 1 and 150 pass, 0 and 151 fail, with emoji and combining marks', () => {
    expect(passes(name, 'a')).toBe(true);
    expect(passes(name, 'a'.repeat(150))).toBe(true);
    expect(passes(name, '🍕'.repeat(150))).toBe(true);
    expect(passes(name, 'e\u0301'.repeat(75))).toBe(true);
    expect(failures(name, '')).toEqual({ '': 'must be at least 1 character' });
    expect(failures(name, 'a'.repeat(151))).toEqual({ '': 'must be at most 150 characters' });
    expect(failures(name, '🍕'.repeat(151))).toEqual({ '': 'must be at most 150 characters' });
    expect(failures(name, 'e\u0301'.repeat(75) + 'e')).toEqual({ '': 'must be at most 150 characters' });
  });
  it('refuses a lone surrogate, high or low, anywhere, even in unlimited text', () => {
    for (const s of ['\uD800', '\uDFFF', 'a\uD83Db', '\uDE00\uD83D']) {
      expect(failures(TextSchema, s)).toEqual({ '': 'must not contain a lone surrogate' });
    }
    expect(passes(TextSchema, '\uD83D\uDE00')).toBe(true);
  });
});
