import fc from 'fast-check';

/** 2^63: the exclusive bound of a decimal's magnitude. */
export const LIMIT = 9_223_372_036_854_775_808n;

/** Renders sign, integer digits and fraction digits as a decimal string (test-side, independent). */
export function render(negative: boolean, whole: bigint, fraction: string): string {
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

const fractionDigits = fc.integer({ min: 0, max: 9 }).chain((n) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n }));

/** Whole parts biased to boundaries: small numbers, int64-sized ones, and 2^63 - 1. */
const wholePart = fc.oneof(
  fc.bigInt({ min: 0n, max: 1000n }),
  fc.bigInt({ min: 0n, max: LIMIT - 1n }),
  fc.constantFrom(0n, 1n, LIMIT - 1n, 9_007_199_254_740_991n),
);

/** Any valid decimal string (at most 9 places, magnitude below 2^63). */
export const decimalString = fc
  .tuple(fc.boolean(), wholePart, fractionDigits)
  .map(([negative, whole, fraction]) => render(negative, whole, fraction));

/** Decimal strings whose sums of a few stay in range. */
export const moderateDecimal = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 17n }), fractionDigits)
  .map(([negative, whole, fraction]) => render(negative, whole, fraction));

/**
 * Decimal strings for rounding: `places` digits then, often, an exact tie ("5") or a
 * digit just either side of it, so ties and near-ties are frequent.
 */
export function roundingInput(exponent: number): fc.Arbitrary<string> {
  const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
  const tail = fc.oneof(
    fc.constant('5'),
    fc.constantFrom('4', '6', '49', '51', '500000000'.slice(0, 9 - exponent), '1', '9'),
    fc.constant(''),
  );
  return fc
    .tuple(fc.boolean(), fc.oneof(fc.bigInt({ min: 0n, max: 1000n }), fc.bigInt({ min: 0n, max: 10n ** 11n })), digits(exponent), tail)
    .map(([negative, whole, head, t]) => render(negative, whole, (head + t).slice(0, 9)));
}
