import type { RoundingMode } from './types.js';

type Step = (quotient: bigint, remainder: bigint, divisor: bigint) => bigint;

const away = (q: bigint, r: bigint): bigint => (r < 0n ? q - 1n : q + 1n);
const half = (tie: Step): Step => (q, r, d) => {
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice > d) return away(q, r);
  if (twice < d) return q;
  return tie(q, r, d);
};

/**
 * Each rounding mode as data: given the truncated quotient and a non-zero remainder
 * (same sign as the dividend), the rounded quotient.
 */
export const ROUNDING_STEPS: Readonly<Record<RoundingMode, Step>> = Object.freeze({
  down: (q) => q,
  up: (q, r) => away(q, r),
  ceiling: (q, r) => (r > 0n ? q + 1n : q),
  floor: (q, r) => (r < 0n ? q - 1n : q),
  'half-up': half((q, r) => away(q, r)),
  'half-down': half((q) => q),
  'half-even': half((q, r) => (q % 2n === 0n ? q : away(q, r))),
});

/**
 * Divides `dividend` by a positive `divisor` and rounds the quotient with `mode`.
 * @example
 * roundQuotient(-2345n, 10n, 'half-up') // -235n
 */
export function roundQuotient(dividend: bigint, divisor: bigint, mode: RoundingMode): bigint {
  const q = dividend / divisor;
  const r = dividend % divisor;
  return r === 0n ? q : ROUNDING_STEPS[mode](q, r, divisor);
}
