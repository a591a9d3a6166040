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
