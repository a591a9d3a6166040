import { AmountError, ROUNDING_MODE_MESSAGE } from './errors.js';
import { describe } from './fixed-point.js';
import { ROUNDING_STEPS } from './rounding.js';
import type { RoundingMode } from './types.js';

/** The options of every operation that may round: without `rounding`, an inexact result throws. */
export type RoundingOptions = { readonly rounding?: RoundingMode | undefined };

/**
 * The rounding mode named in `options`, `undefined` when none is, or throws `AmountError`
 * ('invalid-rounding-mode') for anything that is not a `RoundingMode` (`'__proto__'` included).
 * @example
 * roundingOf({ rounding: 'half-even' }) // 'half-even'
 * roundingOf(undefined)                 // undefined
 */
export function roundingOf(options: RoundingOptions | undefined): RoundingMode | undefined {
  const mode = options?.rounding;
  if (mode !== undefined && !Object.prototype.hasOwnProperty.call(ROUNDING_STEPS, mode)) {
    throw new AmountError('invalid-rounding-mode', `rounding ${describe(mode)}: ${ROUNDING_MODE_MESSAGE}`);
  }
  return mode;
}
