/**
 * Walks the unknown fields of `value`, an object of a request body, in the order an error
 * body reports them: `first` (the first own key the caller's check refused, reported as it is),
 * then every own enumerable key after it, in `Object.keys` order, that `isField` refuses.
 * `report` records one by its name, each run in its own way, and answers whether to go on:
 * false once the body is truncated, and the walk ends there.
 *
 * @example
 * const names: string[] = [];
 * forEachUnknownField({ name: 'Tea', b: 1, quantity: 2, c: 3, d: 4 }, (key) => key === 'name' || key === 'quantity', 'b', (name) => {
 *   names.push(name);
 *   return names.length < 2; // the body holds two
 * });
 * names // ['b', 'c']
 */
export function forEachUnknownField(
  value: Record<string, unknown>,
  isField: (key: string) => boolean,
  first: string,
  report: (name: string) => boolean,
): void {
  if (!report(first)) return;
  const keys = Object.keys(value);
  for (let i = keys.indexOf(first) + 1; i < keys.length; i += 1) {
    const name = keys[i] as string;
    if (!isField(name) && !report(name)) return;
  }
}
