import { AmountError, INVALID_FACTOR_MESSAGE, PRODUCT_PLACES_MESSAGE } from './errors.js';
import { checkRange, DECIMAL_PLACES, describe, formatFixed, parseFixed, SCALE } from './fixed-point.js';
import type { FixedPoint } from './fixed-point.js';
import { formatSmall, safe, scanned, scanSmall } from './fast-path.js';
import { roundQuotient } from './rounding.js';
import { roundingOf } from './rounding-option.js';
import type { RoundingOptions } from './rounding-option.js';
import type { AmountDecimal } from './types.js';

function factorOf(factor: number | bigint | string): FixedPoint {
  if (typeof factor === 'bigint') return { units: factor * SCALE, places: 0 };
  if (typeof factor === 'number') {
    if (!Number.isSafeInteger(factor)) {
      throw new AmountError('invalid-factor', `factor ${describe(factor)}: ${INVALID_FACTOR_MESSAGE}`);
    }
    return { units: BigInt(factor) * SCALE, places: 0 };
  }
  if (typeof factor === 'string') return parseFixed(factor, 'factor');
  throw new AmountError('invalid-factor', `factor ${describe(factor)}: ${INVALID_FACTOR_MESSAGE}`);
}

/**
 * `a x factor`, exact. `factor` is a safe-integer number (a quantity), a bigint, or a
 * decimal string such as `"0.075"` (never a fractional number: `0.1` is not exact in
 * binary). The result shows the sum of both operands' decimal places, at most 9; an
 * exact product that needs more than 9 places throws `AmountError` ('product-too-precise'),
 * unless `options.rounding` names a mode: then it is rounded to 9 places by that mode.
 * @example
 * multiplyDecimal({ currency: 'USD', valueDecimal: '2.50' }, 3)       // '7.50'
 * multiplyDecimal({ currency: 'USD', valueDecimal: '19.99' }, '0.075') // '1.49925'
 * multiplyDecimal({ currency: 'USD', valueDecimal: '0.1234' }, '0.123456', { rounding: 'half-even' }) // '0.015234470'
 */
export function multiplyDecimal(a: AmountDecimal, factor: number | bigint | string, options?: RoundingOptions): AmountDecimal {
  const mode = options === undefined ? undefined : roundingOf(options);
  if (typeof factor === 'number' && Number.isSafeInteger(factor)) {
    const n = scanSmall(a.valueDecimal) ? safe(scanned.n * factor) : undefined;
    if (n !== undefined) return { currency: a.currency, valueDecimal: formatSmall(n === 0 ? 0 : n, scanned.places) };
  }
  const x = parseFixed(a.valueDecimal);
  const y = factorOf(factor);
  const raw = x.units * y.units;
  if (raw % SCALE !== 0n) {
    if (mode !== undefined) return { currency: a.currency, valueDecimal: formatFixed(checkRange(roundQuotient(raw, SCALE, mode)), DECIMAL_PLACES) };
    throw new AmountError('product-too-precise', `${describe(a.valueDecimal)} x ${describe(factor)}: ${PRODUCT_PLACES_MESSAGE}`);
  }
  const units = checkRange(raw / SCALE);
  return { currency: a.currency, valueDecimal: formatFixed(units, Math.min(DECIMAL_PLACES, x.places + y.places)) };
}
