/**
 * True when `value` is a JSON object: a non-null object that is not an array.
 *
 * @example
 * isJsonObject({})   // true
 * isJsonObject([])   // false
 * isJsonObject(null) // false
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
