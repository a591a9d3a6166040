/** Objects {@link frozenCopy} copied and froze itself: immutable all the way down, so safe to share. */
const OWN_FROZEN = new WeakSet<object>();

/**
 * Deep-copies and deep-freezes a JSON-like value, so no caller can change stored state.
 * Subtrees frozen by an earlier call (e.g. the unchanged line items of an updated invoice) are
 * shared rather than copied again.
 *
 * @example
 * const stored = frozenCopy({ a: [1] });
 * Object.isFrozen(stored.a) // true
 */
export function frozenCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (OWN_FROZEN.has(value)) return value;
  let copy: unknown;
  if (Array.isArray(value)) copy = value.map((item: unknown) => frozenCopy(item));
  else {
    const record: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const child = frozenCopy((value as Record<string, unknown>)[key]);
      // defineProperty keeps a "__proto__" key an own data property.
      if (key === '__proto__') Object.defineProperty(record, key, { value: child, enumerable: true, writable: true, configurable: true });
      else record[key] = child;
    }
    copy = record;
  }
  Object.freeze(copy);
  OWN_FROZEN.add(copy as object);
  return copy as T;
}
