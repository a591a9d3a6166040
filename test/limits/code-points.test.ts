import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binaryText } from './code-points.js';

// binaryText stands in for fast-check's `unit: 'binary'` in the properties, to spare each test
// process the second or more fast-check takes to build that unit; it must generate and shrink the same.
describe('binaryText', () => {
  it('gives what fc.string({ unit: "binary" }) gives, for the same seed and constraints', () => {
    for (const constraints of [{}, { maxLength: 40 }, { minLength: 1, maxLength: 160 }]) {
      for (const seed of [1, 20261121]) {
        expect(fc.sample(binaryText(constraints), { numRuns: 300, seed })).toEqual(fc.sample(fc.string({ ...constraints, unit: 'binary' }), { numRuns: 300, seed }));
      }
    }
  });

  it('shrinks to the same counterexample', () => {
    const failing = (s: string) => s.length < 4 || !/[^\x00-\x7f]/.test(s);
    const ours = fc.check(fc.property(binaryText(), failing), { seed: 3 });
    const theirs = fc.check(fc.property(fc.string({ unit: 'binary' }), failing), { seed: 3 });
    expect(ours.failed).toBe(true);
    expect(ours.counterexample).toEqual(theirs.counterexample);
  });
});
