// What each amount error says and is (issue 26: message constants and error names are part of
// the contract; a test that compares a message with its own constant cannot notice it is
// empty). The words checked are the rules of docs/amount.md and spec 2.1/2.2.
import { describe, expect, it } from 'vitest';
import {
  AmountError,
  CurrencyMismatchError,
  DECIMAL_FORMAT_MESSAGE,
  DECIMAL_PLACES_MESSAGE,
  DECIMAL_RANGE_MESSAGE,
  INEXACT_AMOUNT_MESSAGE,
  INVALID_FACTOR_MESSAGE,
  PRODUCT_PLACES_MESSAGE,
  ROUNDING_MODE_MESSAGE,
  ROUNDING_MODES,
  SAFE_INTEGER_MESSAGE,
  UNKNOWN_CURRENCY_MESSAGE,
  addDecimal,
  checkDecimalString,
  isAmountError,
  isCurrencyMismatchError,
  multiplyDecimal,
  toAmount,
} from '../../src/amount/index.js';

const usd = (valueDecimal: string) => ({ currency: 'USD', valueDecimal });
const caught = (f: () => unknown): unknown => {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
};

describe('each message states its rule', () => {
  it.each([
    [DECIMAL_FORMAT_MESSAGE, /^must be a decimal string: an optional "-", one or more digits, and optionally "\." followed by 1 to 9 digits/],
    [DECIMAL_PLACES_MESSAGE, /^must have at most 9 decimal places$/],
    [DECIMAL_RANGE_MESSAGE, /^must be less than 9223372036854775808 \(2\^63\) in absolute value$/],
    [SAFE_INTEGER_MESSAGE, /between -9007199254740991 and 9007199254740991 \(it is never rounded\)$/],
    [INEXACT_AMOUNT_MESSAGE, /more decimal places than the currency has minor units; name a rounding mode/],
    [UNKNOWN_CURRENCY_MESSAGE, /^currency is not an ISO 4217 code with a minor unit/],
    [INVALID_FACTOR_MESSAGE, /^factor must be a safe integer number, a bigint, or a decimal string of at most 9 decimal places$/],
    [PRODUCT_PLACES_MESSAGE, /needs more than 9 decimal places; it is never rounded$/],
  ])('%s', (message, rule) => {
    expect(message).toMatch(rule);
  });

  it('the rounding-mode message lists every mode', () => {
    expect(ROUNDING_MODE_MESSAGE).toMatch(/^rounding must be one of /);
    for (const mode of ROUNDING_MODES) expect(ROUNDING_MODE_MESSAGE).toContain(mode);
  });

  it('checkDecimalString answers the message of the rule broken', () => {
    expect(checkDecimalString('1.')).toBe(DECIMAL_FORMAT_MESSAGE);
    expect(checkDecimalString('1.0000000001')).toBe(DECIMAL_PLACES_MESSAGE);
    expect(checkDecimalString('9223372036854775808')).toBe(DECIMAL_RANGE_MESSAGE);
  });
});

describe('the errors themselves', () => {
  it('an AmountError is named, coded, branded and prefixes the offending value', () => {
    const error = caught(() => addDecimal(usd('1'), usd('1.2.3'))) as AmountError;
    expect(error).toBeInstanceOf(AmountError);
    expect(error.name).toBe('AmountError');
    expect(error.code).toBe('malformed-decimal');
    expect(error.message).toBe(`valueDecimal "1.2.3" ${DECIMAL_FORMAT_MESSAGE}`);
    expect(isAmountError(error)).toBe(true);
    expect(isCurrencyMismatchError(error)).toBe(false);
  });

  it('a CurrencyMismatchError names both currencies, quoted', () => {
    const error = caught(() => addDecimal(usd('1'), { currency: 'EUR', valueDecimal: '1' })) as CurrencyMismatchError;
    expect(error).toBeInstanceOf(CurrencyMismatchError);
    expect(error.name).toBe('CurrencyMismatchError');
    expect(error.code).toBe('currency-mismatch');
    expect(error.message).toBe('currency mismatch: "USD" and "EUR"');
    expect([error.left, error.right]).toEqual(['USD', 'EUR']);
    expect(isAmountError(error)).toBe(true);
    expect(isCurrencyMismatchError(error)).toBe(true);
  });

  it('recognises the brand of another copy of the package (Symbol.for), and nothing else', () => {
    const otherCopy = Object.defineProperty(new Error('x'), Symbol.for('payments-kit.AmountError'), { value: true });
    expect(isAmountError(otherCopy)).toBe(true);
    expect(isCurrencyMismatchError(otherCopy)).toBe(false);
    const otherMismatch = Object.defineProperty(new Error('x'), Symbol.for('payments-kit.CurrencyMismatchError'), { value: true });
    expect(isCurrencyMismatchError(otherMismatch)).toBe(true);
    expect(isAmountError(new Error('x'))).toBe(false);
    expect(isAmountError(null)).toBe(false);
  });

  it('messages prefix the value as given, shortened past 40 characters', () => {
    expect((caught(() => multiplyDecimal(usd('1'), 0.5)) as Error).message).toBe(`factor 0.5: ${INVALID_FACTOR_MESSAGE}`);
    const long = `${'1'.repeat(50)}x`;
    expect((caught(() => toAmount(usd(long))) as Error).message).toBe(`valueDecimal "${'1'.repeat(40)}..." ${DECIMAL_FORMAT_MESSAGE}`);
    expect((caught(() => toAmount({ currency: 'USD', valueDecimal: '1.005' })) as Error).message).toBe(`"1.005" USD: ${INEXACT_AMOUNT_MESSAGE}`);
  });
});
