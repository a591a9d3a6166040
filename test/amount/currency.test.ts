import { describe, expect, it } from 'vitest';
import { currencyExponent, isCurrencyCode, ISO_4217_MINOR_UNITS, ISO_4217_TABLE_DATE, WITHDRAWN_CURRENCY_CODES } from '../../src/amount/index.js';

// Hand-copied from the ISO 4217 List One minor-unit column (independent of the table file's layout).
const EXPECTED: [string, number][] = [
  ['USD', 2], ['EUR', 2], ['GBP', 2], ['JPY', 0], ['KRW', 0], ['ISK', 0], ['CLP', 0], ['VND', 0], ['XAF', 0], ['XOF', 0], ['XPF', 0],
  ['KWD', 3], ['BHD', 3], ['JOD', 3], ['OMR', 3], ['TND', 3], ['IQD', 3], ['LYD', 3],
  ['CLF', 4], ['UYW', 4], ['UYI', 0], ['MGA', 2], ['MRU', 2], ['XCG', 2], ['SLE', 2], ['ZWG', 2], ['XAD', 2], ['VED', 2], ['VES', 2], ['STN', 2], ['BYN', 2],
];
const NO_MINOR_UNIT = ['XAU', 'XAG', 'XPT', 'XPD', 'XDR', 'XBA', 'XBB', 'XBC', 'XBD', 'XTS', 'XXX', 'XSU', 'XUA'];

describe('currencyExponent and isCurrencyCode', () => {
  it.each(EXPECTED)('%s has %i minor-unit digits', (code, digits) => {
    expect(currencyExponent(code)).toBe(digits);
    expect(isCurrencyCode(code)).toBe(true);
  });

  it.each(NO_MINOR_UNIT)('%s is a code with no minor unit', (code) => {
    expect(isCurrencyCode(code)).toBe(true);
    expect(currencyExponent(code)).toBeUndefined();
  });

  it.each(['HRK', 'SLL', 'ANG', 'ZWL', 'CUC', 'BGN', 'MRO', 'VEF'])('%s is withdrawn and not a current code', (code) => {
    expect(isCurrencyCode(code)).toBe(false);
    expect(currencyExponent(code)).toBeUndefined();
    expect(WITHDRAWN_CURRENCY_CODES[code]).toMatch(/^[A-Z]{3}$/);
  });

  it.each(['usd', 'Usd', 'US', 'USDD', '', ' USD', 'ABC', '__proto__', 'constructor', 'toString', 'hasOwnProperty'])('%j is not a code', (code) => {
    expect(isCurrencyCode(code)).toBe(false);
    expect(currencyExponent(code)).toBeUndefined();
  });

  it('holds only three-uppercase-letter codes with 0-4 digits or none, and has a date', () => {
    const codes = Object.keys(ISO_4217_MINOR_UNITS);
    expect(codes.length).toBeGreaterThan(170);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect([0, 2, 3, 4, null]).toContain(ISO_4217_MINOR_UNITS[code]);
      expect(WITHDRAWN_CURRENCY_CODES[code]).toBeUndefined();
    }
    expect(ISO_4217_TABLE_DATE).toMatch(/^2026-\d\d-\d\d$/);
  });
});
