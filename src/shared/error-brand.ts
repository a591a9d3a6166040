/**
 * Marks `error` with `brand`, a registered symbol (`Symbol.for('payments-kit.<ClassName>')`).
 * A registered symbol is one value across every copy of the package in a process (its ESM and
 * CJS builds have different class objects, so `instanceof` fails across them; the symbol does
 * not). Non-enumerable: it does not show in `console.log` or `Object.keys`. Constructors of the
 * public error classes call it; a subclass keeps its parents' brands and adds its own.
 *
 * @example
 * const AMOUNT_ERROR_BRAND = Symbol.for('payments-kit.AmountError');
 * class AmountError extends Error {
 *   constructor(message: string) { super(message); brandError(this, AMOUNT_ERROR_BRAND); }
 * }
 */
export function brandError(error: Error, brand: symbol): void {
  // defineProperty's defaults: not enumerable, not writable, not configurable.
  Object.defineProperty(error, brand, { value: true });
}

/**
 * Whether `value` is an object carrying `brand` (set by {@link brandError}), whichever copy of
 * the package made it. Anything else, `null` and primitives included, is `false`.
 *
 * @example
 * hasErrorBrand(new AmountError('x'), Symbol.for('payments-kit.AmountError')) // true
 * hasErrorBrand(new Error('x'), Symbol.for('payments-kit.AmountError'))       // false
 */
export function hasErrorBrand(value: unknown, brand: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as { readonly [key: symbol]: unknown })[brand] === true;
}
