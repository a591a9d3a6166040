import { decimalProblem } from './fixed-point.js';

/**
 * `undefined` when `s` is a valid decimal string of at most 9 decimal places and less
 * than 2^63 in absolute value; otherwise the message saying what is wrong.
 * Accepted: `"12.34"`, `"-0.5"`, `"7"`, `"007.50"`, `"-0"`. Refused: `"1e3"`, `" 1"`,
 * `"1."`, `".5"`, `"+1"`, `""`, `"NaN"`, `"1.0000000001"`.
 * @example
 * checkDecimalString('12.34') // undefined
 * checkDecimalString('1.')    // 'must be a decimal string: ...'
 */
export function checkDecimalString(s: string): string | undefined {
  return decimalProblem(s);
}

/**
 * True when `s` is a valid decimal string (see `checkDecimalString`).
 * @example
 * isDecimalString('0.000000001') // true
 */
export function isDecimalString(s: string): boolean {
  return decimalProblem(s) === undefined;
}
