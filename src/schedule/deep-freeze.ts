/**
 * Freezes `value` and every object inside it, and returns it: tables published as data
 * cannot be changed by a caller.
 *
 * @example
 * deepFreeze({ a: { b: 1 } }).a // frozen too
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
