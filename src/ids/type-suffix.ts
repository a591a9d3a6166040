/**
 * The type suffix of a typed ID: 1 to 9 lowercase ASCII letters or digits, so that the
 * longest typed ID (26 + 1 + 9) is exactly the 36 characters a Resource ID may have.
 */
const TYPE_SUFFIX_PATTERN = /^[a-z0-9]{1,9}$/;

/** Longest type suffix: 36 - 26 base32 characters - 1 separator. */
export const MAX_TYPE_SUFFIX_LENGTH = 9;

/**
 * True when `s` may follow the `_` of a typed ID.
 *
 * @example
 * isTypeSuffix('xfer') // true
 * isTypeSuffix('Xfer') // false
 */
export function isTypeSuffix(s: string): boolean {
  return TYPE_SUFFIX_PATTERN.test(s);
}
