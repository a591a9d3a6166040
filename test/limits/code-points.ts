import fc from 'fast-check';

/** Code points without the surrogate range, mapped from one dense integer range. */
const SURROGATES = 0x800;
const codePoint = fc
  .oneof(
    { arbitrary: fc.integer({ min: 0x20, max: 0x7e }), weight: 3 },
    { arbitrary: fc.integer({ min: 0, max: 0x10ffff - SURROGATES }), weight: 1 },
  )
  .map((c) => String.fromCodePoint(c < 0xd800 ? c : c + SURROGATES));

/**
 * Strings of any code points but lone surrogates (what fast-check's `unit: 'binary'` gives),
 * biased toward printable ASCII. fast-check builds its 'binary' unit in about 2 s per module
 * instance, which every test file and every mutant of the mutation run paid again; this one
 * costs nothing to build.
 *
 * @example
 * fc.sample(anyText({ maxLength: 3 }), 2) // e.g. ['a😀', '']
 */
export function anyText(constraints: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  return fc.string({ ...constraints, unit: codePoint });
}

/** The 1,112,064 code points that are not surrogates, by index: 0-0xD7FF, then 0xE000-0x10FFFF. */
const NOT_SURROGATES = 0x110000 - SURROGATES;
const binaryUnit = fc.nat({ max: NOT_SURROGATES - 1 }).map(
  (i) => String.fromCodePoint(i < 0xd800 ? i : i + SURROGATES),
  (value) => {
    const c = typeof value === 'string' ? value.codePointAt(0) : undefined;
    if (c === undefined || String.fromCodePoint(c) !== value || (c >= 0xd800 && c <= 0xdfff)) throw new Error('not one code point');
    return c < 0xd800 ? c : c - SURROGATES;
  },
);

/**
 * Exactly `fc.string({ ...constraints, unit: 'binary' })`: the same values for the same seed and
 * the same shrinking (fast-check's unit is a `mapToConstant` over these two ranges, which is a
 * `nat` mapped the same way), without the second or more fast-check spends building a reverse map of
 * every code point the first time a process makes its 'binary' unit (test/limits/code-points.test.ts
 * holds the two equal).
 *
 * @example
 * fc.sample(binaryText({ maxLength: 3 }), { numRuns: 2, seed: 1 }) // what fc.string({ unit: 'binary', maxLength: 3 }) gives
 */
export function binaryText(constraints: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  return fc.string({ ...constraints, unit: binaryUnit });
}
