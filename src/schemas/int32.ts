/** Smallest int32. */
export const INT32_MIN = -2_147_483_648;
/** Largest int32. */
export const INT32_MAX = 2_147_483_647;

/**
 * True when `value` is a number that is an integer from INT32_MIN to INT32_MAX: the rule of
 * `Int32Schema` and of the straight-line validators.
 *
 * @example
 * isInt32(2 ** 31) // false
 */
export function isInt32(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX;
}
