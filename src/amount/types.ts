/**
 * An amount in integer minor units of its currency (spec 2.1): `{ currency: 'USD', value: 1234 }`
 * is 12.34 US dollars. `value` is int64 on the wire; in JavaScript it must be a safe integer.
 */
export type Amount = { readonly currency: string; readonly value: number };

/**
 * An amount as a decimal string of at most 9 decimal places (spec 2.2):
 * `{ currency: 'USD', valueDecimal: '12.345' }`.
 */
export type AmountDecimal = { readonly currency: string; readonly valueDecimal: string };

/**
 * How `toAmount` rounds a value with more digits than the currency's exponent.
 * `up`/`down` move away from / toward zero; `ceiling`/`floor` toward +/- infinity;
 * `half-up`/`half-down` break ties away from / toward zero; `half-even` breaks ties
 * to the even neighbour (banker's rounding).
 */
export type RoundingMode = 'half-even' | 'half-up' | 'half-down' | 'up' | 'down' | 'ceiling' | 'floor';

/** Every rounding mode, in a fixed order (handy for tests and UIs). */
export const ROUNDING_MODES: readonly RoundingMode[] = Object.freeze([
  'half-even',
  'half-up',
  'half-down',
  'up',
  'down',
  'ceiling',
  'floor',
] as const);
