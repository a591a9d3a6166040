import { roundQuotient } from './rounding.js';
import type { RoundingMode } from './types.js';
import { pow10n } from './rate.js';

/**
 * The exact value `numerator / 10^from` in units of 10^-to (`to` at most `from`): exact when
 * it divides, rounded by `mode` when one is named, `undefined` when it does not divide and
 * no mode is named (the caller refuses with its own message).
 * @example
 * rescale(17741125n, 7, 2, 'half-up') // 177n (1.7741125 -> 1.77)
 * rescale(17741125n, 7, 2, undefined) // undefined
 */
export function rescale(numerator: bigint, from: number, to: number, mode: RoundingMode | undefined): bigint | undefined {
  const divisor = pow10n(from - to);
  if (mode === undefined) return numerator % divisor === 0n ? numerator / divisor : undefined;
  return roundQuotient(numerator, divisor, mode);
}
