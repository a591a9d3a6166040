/**
 * What records the unknown fields of one walk of {@link forEachUnknownField}: each run class
 * of the generated validators is one, so the walk makes no closure per call.
 */
export type UnknownFieldReporter = {
  /** Records the unknown field `name`; answers whether to go on (false once the body is truncated). */
  unknownField(name: string): boolean;
};

/**
 * Walks the unknown fields of `value`, an object of a request body, in the order an error
 * body reports them: `first` (the first own key the caller's check refused, reported as it is),
 * then every own enumerable key after it, in `Object.keys` order, that `isField` refuses.
 * `reporter.unknownField` records one by its name, each run in its own way, and answers whether
 * to go on: false once the body is truncated, and the walk ends there.
 *
 * @example
 * const names: string[] = [];
 * const reporter = { unknownField: (name: string) => names.push(name) < 2 }; // the body holds two
 * forEachUnknownField({ name: 'Tea', b: 1, quantity: 2, c: 3, d: 4 }, (key) => key === 'name' || key === 'quantity', 'b', reporter);
 * names // ['b', 'c']
 */
export function forEachUnknownField(
  value: Record<string, unknown>,
  isField: (key: string) => boolean,
  first: string,
  reporter: UnknownFieldReporter,
): void {
  if (!reporter.unknownField(first)) return;
  const keys = Object.keys(value);
  for (let i = keys.indexOf(first) + 1; i < keys.length; i += 1) {
    const name = keys[i] as string;
    if (!isField(name) && !reporter.unknownField(name)) return;
  }
}
