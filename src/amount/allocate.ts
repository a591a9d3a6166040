import { formatUnits, smallUnits, unitPlaces, wholeUnits } from './allocation-unit.js';
import type { AllocateOptions } from './allocation-unit.js';
import { AmountError, NEGATIVE_RATIO_MESSAGE, RATIO_LIST_MESSAGE, ZERO_RATIOS_MESSAGE } from './errors.js';
import { pow10, safe, scanned, scanSmall } from './fast-path.js';
import { describe } from './fixed-point.js';
import { leftoverPositions } from './largest-remainder.js';
import { pow10n, readRate } from './rate.js';
import type { Rate } from './rate.js';
import type { AmountDecimal } from './types.js';

/**
 * Most parts one `allocateDecimal` or `distributeDecimal` call makes: bounds the work of
 * one call (a list of a million ratios is refused before any arithmetic).
 */
export const MAX_ALLOCATION_PARTS = 100_000;

/**
 * Throws `AmountError` ('invalid-ratios') unless `ratios` is an array of 1 to `MAX_ALLOCATION_PARTS` items.
 * @example
 * checkRatioList([1, 1]) // passes
 */
export function checkRatioList(ratios: unknown): asserts ratios is readonly unknown[] {
  if (!Array.isArray(ratios) || ratios.length === 0 || ratios.length > MAX_ALLOCATION_PARTS) {
    const shown = Array.isArray(ratios) ? `an array of ${ratios.length}` : describe(ratios);
    throw new AmountError('invalid-ratios', `${RATIO_LIST_MESSAGE} (got ${shown})`);
  }
}

/**
 * The ratios as safe integers on one scale, or `undefined` when any is not small, valid and
 * non-negative (the exact path then reads them and reports any error). A list of safe-integer
 * numbers is returned as it is, without a copy. Internal: exported for its tests.
 */
export function smallRatios(ratios: readonly Rate[]): readonly number[] | undefined {
  let i = 0;
  for (; i < ratios.length; i++) {
    const ratio = ratios[i];
    if (typeof ratio !== 'number') break;
    if (!Number.isSafeInteger(ratio) || ratio < 0) return undefined;
  }
  if (i === ratios.length) return ratios as readonly number[];
  // Stryker disable next-line ArrayDeclaration: presized for speed; every slot is written before any is read
  const values = new Array<number>(ratios.length);
  // Stryker disable next-line ArrayDeclaration: presized for speed; every slot is written before any is read
  const placesOf = new Array<number>(ratios.length);
  let places = 0;
  for (i = 0; i < ratios.length; i++) {
    const ratio = ratios[i];
    if (typeof ratio === 'number') {
      if (!Number.isSafeInteger(ratio) || ratio < 0) return undefined;
      values[i] = ratio;
      placesOf[i] = 0;
    } else if (typeof ratio === 'string' && scanSmall(ratio) && scanned.n >= 0) {
      values[i] = scanned.n;
      placesOf[i] = scanned.places;
      if (scanned.places > places) places = scanned.places;
    } else {
      return undefined;
    }
  }
  for (i = 0; i < values.length; i++) {
    const scaled = safe((values[i] ?? 0) * pow10(places - (placesOf[i] ?? 0)));
    if (scaled === undefined) return undefined;
    values[i] = scaled;
  }
  return values;
}

/** Every ratio read exactly and put on one scale; throws on any bad ratio. */
function exactRatios(ratios: readonly Rate[]): bigint[] {
  const read = ratios.map((ratio) => {
    const rate = readRate(ratio, 'ratio', 'invalid-ratios');
    if (rate.digits < 0n) throw new AmountError('invalid-ratios', `ratio ${describe(ratio)}: ${NEGATIVE_RATIO_MESSAGE}`);
    return rate;
  });
  const places = read.reduce((most, r) => (r.places > most ? r.places : most), 0);
  return read.map((r) => r.digits * pow10n(places - r.places));
}

const refuseZero = (): never => {
  throw new AmountError('invalid-ratios', `ratios: ${ZERO_RATIOS_MESSAGE}`);
};

/**
 * Bound of the small path's products (2^52), and so of its ratio total when the amount is not
 * zero (a zero amount splits into zeros whatever the total): for integers `a` and `b` this
 * size, `Math.floor(a / b)` is the exact floor. The float quotient could only round up to
 * `q + 1` if `1 / b` (its least distance to it) were within half an ulp of `q + 1`, that is
 * if `(q + 1) x b >= 2^53`; but `(q + 1) x b <= a + b <= 2^53`, with equality only when the
 * quotient is exact.
 */
const HALF_SAFE = 2 ** 52;

/** Up to this many parts, the small path works in two reused buffers and finds leftovers by scanning. */
const SCRATCH_PARTS = 16;
// Stryker disable next-line ArrayDeclaration: a scratch buffer; slots 0 to n - 1 are written before any is read
const partsScratch: number[] = [];
// Stryker disable next-line ArrayDeclaration: a scratch buffer; slots 0 to n - 1 are written before any is read
const remaindersScratch: number[] = [];

/**
 * Gives one unit each to the `count` largest remainders (equal ones: the earlier first) by
 * `count` scans; for at most `SCRATCH_PARTS` parts, where a scan is cheaper than a sort.
 */
function scanLeftover(parts: number[], remainders: number[], n: number, count: number): void {
  for (let k = 0; k < count; k++) {
    let best = 0;
    let largest = 0;
    for (let i = 0; i < n; i++) {
      const r = remainders[i] ?? 0;
      if (r > largest) {
        largest = r;
        best = i;
      }
    }
    parts[best] = (parts[best] ?? 0) + 1;
    remainders[best] = 0;
  }
}

/**
 * Splits a safe integer by safe-integer ratios into the parts as `AmountDecimal`s, or
 * `undefined` when a product could leave the safe range (or every ratio is zero).
 */
function splitSmall(units: number, ratios: readonly number[], currency: string, places: number): AmountDecimal[] | undefined {
  const n = ratios.length;
  const magnitude = units < 0 ? -units : units;
  let total = 0;
  for (let i = 0; i < n; i++) total += ratios[i] ?? 0;
  if (total === 0 || magnitude * total > HALF_SAFE) return undefined;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArrayDeclaration: parts are written (slots 0 to n - 1) before they are read, in a scratch buffer or a fresh array alike
  const parts = n <= SCRATCH_PARTS ? partsScratch : new Array<number>(n);
  // Stryker disable next-line ArrayDeclaration: presized for speed; slots 0 to n - 1 are written before any is read
  const remainders = n <= SCRATCH_PARTS ? remaindersScratch : new Array<number>(n);
  let left = magnitude;
  for (let i = 0; i < n; i++) {
    const product = magnitude * (ratios[i] ?? 0);
    // The floor of a quotient of integers up to 2^52 is exact (see HALF_SAFE).
    const part = Math.floor(product / total);
    const remainder = product - part * total;
    parts[i] = part;
    remainders[i] = remainder;
    left -= part;
  }
  if (left > 0) {
    if (n <= SCRATCH_PARTS) scanLeftover(parts, remainders, n, left);
    else for (const i of leftoverPositions(remainders, left)) parts[i] = (parts[i] ?? 0) + 1;
  }
  // Stryker disable next-line ArrayDeclaration: presized for speed; every slot is written before the array is returned
  const result = new Array<AmountDecimal>(n);
  let previous = -1;
  // Stryker disable next-line StringLiteral: never read; the first part (never -1) formats its text
  let text = '';
  for (let i = 0; i < n; i++) {
    const part = parts[i] ?? 0;
    // Equal ratios give equal parts side by side: format each value once.
    if (part !== previous) {
      previous = part;
      text = formatUnits(units < 0 ? -part : part, places);
    }
    result[i] = { currency, valueDecimal: text };
  }
  return result;
}

/** Splits a non-negative bigint by bigint ratios (at least one above zero). */
function splitExact(units: bigint, ratios: readonly bigint[]): bigint[] {
  let total = 0n;
  for (const ratio of ratios) total += ratio;
  if (total === 0n) refuseZero();
  // Stryker disable next-line ArrayDeclaration: presized for speed; every slot is written before any is read
  const parts = new Array<bigint>(ratios.length);
  // Stryker disable next-line ArrayDeclaration: presized for speed; every slot is written before any is read
  const remainders = new Array<bigint>(ratios.length);
  let left = units;
  for (let i = 0; i < ratios.length; i++) {
    const product = units * (ratios[i] ?? 0n);
    const part = product / total;
    parts[i] = part;
    remainders[i] = product % total;
    left -= part;
  }
  for (const i of leftoverPositions(remainders, Number(left))) parts[i] = (parts[i] ?? 0n) + 1n;
  return parts;
}

/**
 * Splits `amount` by `ratios` into parts that are whole units of the currency's minor unit
 * (or of `options.places` decimal places) and add up to exactly `amount`. Each part is its
 * exact share `amount x ratio / sum(ratios)` truncated toward zero, plus at most one unit:
 * the units left over go, one each, to the parts whose truncation lost the most (largest
 * remainder), equal losses to the earlier part. A zero ratio gets zero; a negative amount
 * (a refund) splits like its magnitude, negated. Ratios are safe-integer numbers, bigints or
 * decimal strings (`'33.5'`). Throws `AmountError`: 'invalid-ratios' (empty, more than
 * `MAX_ALLOCATION_PARTS`, negative, all zero, not a number), 'inexact-amount' (not a whole
 * number of units; nothing is rounded), 'invalid-places', 'unknown-currency'.
 * @example
 * allocateDecimal({ currency: 'USD', valueDecimal: '10.03' }, [50, 50]).map((p) => p.valueDecimal) // ['5.02', '5.01']
 * allocateDecimal({ currency: 'USD', valueDecimal: '0.04' }, [3, 2]).map((p) => p.valueDecimal)    // ['0.02', '0.02']
 * allocateDecimal({ currency: 'USD', valueDecimal: '-1' }, ['1', '0', '2']).map((p) => p.valueDecimal) // ['-0.33', '0.00', '-0.67']
 */
export function allocateDecimal(amount: AmountDecimal, ratios: readonly Rate[], options?: AllocateOptions): AmountDecimal[] {
  checkRatioList(ratios);
  const places = unitPlaces(amount.currency, options);
  const currency = amount.currency;
  const units = smallUnits(amount.valueDecimal, places);
  const small = units === undefined ? undefined : smallRatios(ratios);
  if (units !== undefined && small !== undefined) {
    const parts = splitSmall(units, small, currency, places);
    if (parts !== undefined) return parts;
  }
  const exact = exactRatios(ratios);
  const whole = wholeUnits(amount, places);
  const parts = splitExact(whole < 0n ? -whole : whole, exact);
  // Stryker disable next-line ArrayDeclaration: presized for speed; every slot is written before the array is returned
  const result = new Array<AmountDecimal>(parts.length);
  let previous = -1n;
  // Stryker disable next-line StringLiteral: never read; the first part (never -1n) formats its text
  let text = '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? 0n;
    if (part !== previous) {
      previous = part;
      text = formatUnits(whole < 0n ? -part : part, places);
    }
    result[i] = { currency, valueDecimal: text };
  }
  return result;
}
