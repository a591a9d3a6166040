import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertDecimal,
  EXCHANGE_RATE_MESSAGE,
  INEXACT_AMOUNT_MESSAGE,
  multiplyDecimal,
  PERCENT_PLACES_MESSAGE,
  percentOf,
  PRODUCT_PLACES_MESSAGE,
  RATE_FORMAT_MESSAGE,
  RATE_SIGN_MESSAGE,
  ROUNDING_MODE_MESSAGE,
  ROUNDING_MODES,
  toAmount,
  UNKNOWN_CURRENCY_MESSAGE,
} from '../../src/amount/index.js';
import type { AmountDecimal, ExchangeRate, Rate, RoundingMode } from '../../src/amount/index.js';
import { moderateDecimal, roundingInput } from './arbitraries.js';
import { formatAt, readDecimal, roundOracle, unitsAt } from './exact.js';
import { thrownCode } from './thrown.js';

const usd = (valueDecimal: string): AmountDecimal => ({ currency: 'USD', valueDecimal });
const LIMIT = 9_223_372_036_854_775_808n; // 2^63
const E9 = 10n ** 9n;
const mode = fc.constantFrom(...ROUNDING_MODES);
const placesOf = (s: string): number => readDecimal(s).places;

/** Decimal strings of up to `max` places, often with a tie ("5") or a near-tie as the last digit. */
const rateString = (max: number, maxWhole: bigint) =>
  fc
    .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: maxWhole }), fc.integer({ min: 0, max: max }), fc.constantFrom('', '5', '25', '4', '6', '875'))
    .map(([negative, whole, places, tail]) => {
      const text = `${formatAt(whole, 0)}.${(String(whole * 7919n % 10n ** BigInt(places)).padStart(places, '0') + tail).slice(0, max)}`;
      return `${negative ? '-' : ''}${text.endsWith('.') ? text.slice(0, -1) : text}`;
    });

/** The fewest places (0-9) that show `units` (10^-9) exactly. */
const needed = (units: bigint): number => {
  let places = 9;
  for (let rest = units; places > 0 && rest % 10n === 0n; rest /= 10n) places--;
  return places;
};

describe('multiplyDecimal with { rounding }', () => {
  it('rounds a product past 9 places by the named mode, to 9 places', () => {
    expect(multiplyDecimal(usd('0.1234'), '0.123456', { rounding: 'half-even' }).valueDecimal).toBe('0.015234470');
    expect(multiplyDecimal(usd('0.00001'), '0.00005', { rounding: 'half-up' }).valueDecimal).toBe('0.000000001');
    expect(multiplyDecimal(usd('0.00001'), '0.00005', { rounding: 'half-down' }).valueDecimal).toBe('0.000000000');
    expect(multiplyDecimal(usd('-0.00001'), '0.00005', { rounding: 'half-even' }).valueDecimal).toBe('0.000000000');
    expect(multiplyDecimal(usd('-0.00001'), '0.00015', { rounding: 'half-even' }).valueDecimal).toBe('-0.000000002');
  });

  it('leaves an exact product as it was, and without a mode still refuses', () => {
    expect(multiplyDecimal(usd('19.99'), '0.075', { rounding: 'up' })).toEqual(multiplyDecimal(usd('19.99'), '0.075'));
    expect(multiplyDecimal(usd('2.50'), 3, { rounding: 'floor' }).valueDecimal).toBe('7.50');
    expect(() => multiplyDecimal(usd('0.00001'), '0.00001')).toThrow(PRODUCT_PLACES_MESSAGE);
    expect(() => multiplyDecimal(usd('0.00001'), '0.00001', {})).toThrow(PRODUCT_PLACES_MESSAGE);
    expect(() => multiplyDecimal(usd('0.00001'), '0.00001', { rounding: undefined })).toThrow(PRODUCT_PLACES_MESSAGE);
  });

  it.each(['HALF_UP', 'round', '', '__proto__', 'constructor', 'toString', 'hasOwnProperty'])('refuses the rounding mode %j, even where nothing rounds', (bad) => {
    expect(() => multiplyDecimal(usd('1'), 2, { rounding: bad as RoundingMode })).toThrow(ROUNDING_MODE_MESSAGE);
    expect(thrownCode(() => multiplyDecimal(usd('0.1'), '0.1', { rounding: bad as RoundingMode }))).toBe('invalid-rounding-mode');
  });

  it('equals the BigInt oracle for every mode, ties and negatives included', () => {
    fc.assert(
      fc.property(moderateDecimal, rateString(9, 10_000n), mode, (a, f, m) => {
        const exact = unitsAt(a, 9) * unitsAt(f, 9); // 10^-18 units
        const rounded = roundOracle(exact, E9, m);
        if (rounded >= LIMIT * E9 || rounded <= -LIMIT * E9) {
          expect(thrownCode(() => multiplyDecimal(usd(a), f, { rounding: m }))).toBe('decimal-out-of-range');
          return;
        }
        const got = multiplyDecimal(usd(a), f, { rounding: m }).valueDecimal;
        const places = exact % E9 === 0n ? Math.min(9, placesOf(a) + placesOf(f)) : 9;
        expect(got).toBe(formatAt(rounded / 10n ** BigInt(9 - places), places));
      }),
      { numRuns: 500 },
    );
  });
});

describe('percentOf', () => {
  it('takes percents finer than a hundredth, exactly (8.875 %)', () => {
    expect(percentOf(usd('19.99'), '8.875').valueDecimal).toBe('1.7741125');
    expect(percentOf(usd('100'), '8.875').valueDecimal).toBe('8.875');
    expect(percentOf(usd('100.00'), '8.875').valueDecimal).toBe('8.875');
    expect(percentOf({ currency: 'KWD', valueDecimal: '1.000' }, '8.875')).toEqual({ currency: 'KWD', valueDecimal: '0.08875' });
    expect(percentOf({ currency: 'JPY', valueDecimal: '1000' }, '8.875').valueDecimal).toBe('88.75');
    // The tax in cents: round the exact value once.
    expect(toAmount(percentOf(usd('19.99'), '8.875'), { rounding: 'half-up' })).toEqual({ currency: 'USD', value: 177 });
    expect(toAmount(percentOf(usd('20.00'), '8.875'), { rounding: 'half-even' })).toEqual({ currency: 'USD', value: 178 });
  });

  it("shows the amount's places, or more when the exact value needs them", () => {
    expect(percentOf(usd('100.00'), 10).valueDecimal).toBe('10.00');
    expect(percentOf(usd('100'), 10n).valueDecimal).toBe('10');
    expect(percentOf(usd('0.01'), '50').valueDecimal).toBe('0.005');
    expect(percentOf(usd('-19.99'), '-8.875').valueDecimal).toBe('1.7741125');
    expect(percentOf(usd('19.99'), '-10').valueDecimal).toBe('-1.999');
    expect(percentOf(usd('-0'), '5').valueDecimal).toBe('0');
    expect(percentOf(usd('12.34'), '0').valueDecimal).toBe('0.00');
  });

  it('refuses a value past 9 places without a mode, and rounds it to 9 with one', () => {
    expect(() => percentOf(usd('0.000000001'), '50')).toThrow(PERCENT_PLACES_MESSAGE);
    expect(thrownCode(() => percentOf(usd('0.01'), '0.0000001'))).toBe('product-too-precise');
    expect(percentOf(usd('0.000000001'), '50', { rounding: 'half-even' }).valueDecimal).toBe('0.000000000');
    expect(percentOf(usd('0.000000001'), '50', { rounding: 'half-up' }).valueDecimal).toBe('0.000000001');
    expect(percentOf(usd('-0.000000003'), '50', { rounding: 'half-even' }).valueDecimal).toBe('-0.000000002');
  });

  it('keeps int64-sized amounts exact and refuses results of 2^63 or more', () => {
    expect(percentOf(usd('9223372036854775807.999999999'), 100).valueDecimal).toBe('9223372036854775807.999999999');
    // 2^63 - 1 x 10^-18 % is 0.09223372036854775807: past 9 places.
    expect(percentOf(usd('9223372036854775807'), '0.000000000000000001', { rounding: 'down' }).valueDecimal).toBe('0.092233720');
    expect(percentOf(usd('-9223372036854775807'), '0.000000000000000001', { rounding: 'floor' }).valueDecimal).toBe('-0.092233721');
    expect(thrownCode(() => percentOf(usd('9223372036854775807'), '0.000000000000000001'))).toBe('product-too-precise');
    expect(thrownCode(() => percentOf(usd('9223372036854775807'), 101))).toBe('decimal-out-of-range');
    // The largest percent accepted: below 2^63 with 18 places.
    expect(percentOf(usd('1'), '9223372036854775807.999999999999999999', { rounding: 'down' }).valueDecimal).toBe('92233720368547758.079999999');
  });

  it.each([
    [0.5], [8.875], [Number.NaN], [Infinity], [2 ** 53], [LIMIT], ['1e2'], ['8,875'], ['8.875%'], [''], ['.5'], ['5.'], ['+5'], [' 5'],
    ['__proto__'], ['💯'], ['\uDC00'], ['0.1234567890123456789'], ['9223372036854775808'], ['1'.repeat(10_000)], [null], [undefined], [{}],
  ].map(([bad]) => [typeof bad === 'string' ? JSON.stringify(bad.slice(0, 30)) : String(bad), bad] as const))('refuses the percent %s', (_, bad) => {
    const attempt = () => percentOf(usd('1'), bad as Rate);
    expect(thrownCode(attempt)).toBe('invalid-percent');
    expect(attempt).toThrow(RATE_FORMAT_MESSAGE);
  });

  it('equals the BigInt oracle for every mode, ties and negatives included', () => {
    fc.assert(
      fc.property(moderateDecimal, rateString(18, 1000n), mode, fc.boolean(), (a, p, m, named) => {
        const { digits, places } = readDecimal(p);
        const numerator = unitsAt(a, 9) * digits; // over 10^(places + 2), in 10^-9 units
        const divisor = 10n ** BigInt(places + 2);
        const exact = numerator % divisor === 0n;
        const options = named ? { rounding: m } : undefined;
        if (!exact && !named) {
          expect(thrownCode(() => percentOf(usd(a), p))).toBe('product-too-precise');
          return;
        }
        const units = roundOracle(numerator, divisor, m);
        if (units >= LIMIT * E9 || units <= -LIMIT * E9) {
          expect(thrownCode(() => percentOf(usd(a), p, options))).toBe('decimal-out-of-range');
          return;
        }
        const shown = exact ? Math.max(placesOf(a), needed(units)) : 9;
        expect(percentOf(usd(a), p, options).valueDecimal).toBe(formatAt(units / 10n ** BigInt(9 - shown), shown));
      }),
      { numRuns: 500 },
    );
  });
});

describe('convertDecimal', () => {
  const to = (currency: string, rate: Rate): ExchangeRate => ({ currency, rate });
  const jpy = (valueDecimal: string): AmountDecimal => ({ currency: 'JPY', valueDecimal });
  const kwd = (valueDecimal: string): AmountDecimal => ({ currency: 'KWD', valueDecimal });

  it("converts to the target currency's exponent (0, 2, 3, 4), exact when it fits", () => {
    expect(convertDecimal(usd('100'), to('EUR', '0.92'))).toEqual({ currency: 'EUR', valueDecimal: '92.00' });
    expect(convertDecimal(usd('12.34'), to('JPY', 150))).toEqual({ currency: 'JPY', valueDecimal: '1851' });
    expect(convertDecimal(jpy('1000'), to('USD', '0.0066'))).toEqual({ currency: 'USD', valueDecimal: '6.60' });
    expect(convertDecimal(kwd('1.200'), to('USD', '3.25'))).toEqual({ currency: 'USD', valueDecimal: '3.90' });
    expect(convertDecimal(usd('4.01'), to('KWD', '0.3'))).toEqual({ currency: 'KWD', valueDecimal: '1.203' });
    expect(convertDecimal(usd('1'), to('CLF', '0.0253'))).toEqual({ currency: 'CLF', valueDecimal: '0.0253' });
    expect(convertDecimal(usd('-0.00'), to('EUR', '0.92')).valueDecimal).toBe('0.00');
    expect(convertDecimal(usd('-10'), to('EUR', 1n)).valueDecimal).toBe('-10.00');
  });

  it('takes exchange rates of 6 to 10 significant digits, up to 18 places', () => {
    expect(convertDecimal({ currency: 'IDR', valueDecimal: '1000000' }, to('USD', '0.0000612345678'), { rounding: 'half-even' }).valueDecimal).toBe('61.23');
    expect(convertDecimal({ currency: 'IDR', valueDecimal: '100000000' }, to('USD', '0.00006123'))).toEqual({ currency: 'USD', valueDecimal: '6123.00' });
    expect(convertDecimal(usd('1'), to('JPY', '149.2374567'), { rounding: 'floor' }).valueDecimal).toBe('149');
  });

  it('refuses an inexact conversion without a mode, and rounds the exact product once with one', () => {
    expect(() => convertDecimal(jpy('1851'), to('USD', '0.0066'))).toThrow(INEXACT_AMOUNT_MESSAGE);
    expect(thrownCode(() => convertDecimal(usd('0.01'), to('JPY', '150')))).toBe('inexact-amount');
    expect(convertDecimal(jpy('1851'), to('USD', '0.0066'), { rounding: 'half-up' }).valueDecimal).toBe('12.22');
    // 0.005 USD, a tie, with every mode; and its refund.
    const tie = (m: RoundingMode, v: string) => convertDecimal(jpy(v), to('USD', '0.00001'), { rounding: m }).valueDecimal;
    expect(ROUNDING_MODES.map((m) => [m, tie(m, '500'), tie(m, '-500'), tie(m, '1500')])).toEqual([
      ['half-even', '0.00', '0.00', '0.02'],
      ['half-up', '0.01', '-0.01', '0.02'],
      ['half-down', '0.00', '0.00', '0.01'],
      ['up', '0.01', '-0.01', '0.02'],
      ['down', '0.00', '0.00', '0.01'],
      ['ceiling', '0.01', '0.00', '0.02'],
      ['floor', '0.00', '-0.01', '0.01'],
    ]);
  });

  it('refuses targets with no minor unit, zero, negative and malformed rates, and results of 2^63 or more', () => {
    for (const currency of ['XAU', 'usd', '__proto__', 'toString', '']) {
      expect(() => convertDecimal(usd('1'), to(currency, '1'))).toThrow(UNKNOWN_CURRENCY_MESSAGE);
    }
    for (const rate of [0, '0', '0.000', '-0', -1, '-0.92', 0n]) expect(() => convertDecimal(usd('1'), to('EUR', rate))).toThrow(RATE_SIGN_MESSAGE);
    for (const rate of [0.92, Number.NaN, '0.92 ', '1e-3', '__proto__', '0.0000000000000000001', '💱', null]) {
      expect(thrownCode(() => convertDecimal(usd('1'), to('EUR', rate as Rate)))).toBe('invalid-rate');
    }
    for (const bad of [null, undefined, 'EUR', 0.92]) {
      expect(() => convertDecimal(usd('1'), bad as unknown as ExchangeRate)).toThrow(EXCHANGE_RATE_MESSAGE);
    }
    expect(thrownCode(() => convertDecimal(usd('1'), to('EUR', '1'), { rounding: '__proto__' as RoundingMode }))).toBe('invalid-rounding-mode');
    expect(thrownCode(() => convertDecimal(usd('9223372036854775807'), to('JPY', 2)))).toBe('decimal-out-of-range');
    expect(thrownCode(() => convertDecimal(usd('9223372036854775807.5'), to('JPY', 1), { rounding: 'up' }))).toBe('decimal-out-of-range');
    expect(convertDecimal(usd('9223372036854775807.4'), to('JPY', 1), { rounding: 'half-up' }).valueDecimal).toBe('9223372036854775807');
  });

  const exponents = fc.constantFrom(['JPY', 0], ['USD', 2], ['KWD', 3], ['CLF', 4]) as fc.Arbitrary<[string, number]>;

  it('equals the BigInt oracle for every mode and every pair of exponents 0, 2, 3, 4', () => {
    fc.assert(
      fc.property(exponents, exponents, fc.boolean(), mode, (from, target, named, m) => {
        return fc.assert(
          fc.property(roundingInput(from[1]), rateString(18, 1000n), (a, r) => {
            const rate = r.startsWith('-') ? r.slice(1) : r;
            fc.pre(readDecimal(rate).digits > 0n);
            const { digits, places } = readDecimal(rate);
            const numerator = unitsAt(a, 9) * digits; // over 10^(9 + places), in units of 1
            const divisor = 10n ** BigInt(9 + places - target[1]);
            const amount = { currency: from[0], valueDecimal: a };
            const options = named ? { rounding: m } : undefined;
            if (numerator % divisor !== 0n && !named) {
              expect(thrownCode(() => convertDecimal(amount, to(target[0], rate)))).toBe('inexact-amount');
              return;
            }
            const minor = roundOracle(numerator, divisor, m);
            expect(convertDecimal(amount, to(target[0], rate), options)).toEqual({ currency: target[0], valueDecimal: formatAt(minor, target[1]) });
          }),
          { numRuns: 10 },
        );
      }),
      { numRuns: 60 },
    );
  });

  it('rounds ties of the rate 1 exactly as toAmount does, for every mode', () => {
    fc.assert(
      fc.property(exponents.chain((t) => fc.tuple(fc.constant(t), roundingInput(t[1]))), mode, ([target, a], m) => {
        const converted = convertDecimal(usd(a), to(target[0], 1), { rounding: m });
        const direct = toAmount({ currency: target[0], valueDecimal: a }, { rounding: m });
        expect(unitsAt(converted.valueDecimal, target[1])).toBe(BigInt(direct.value));
      }),
      { numRuns: 300 },
    );
  });
});
