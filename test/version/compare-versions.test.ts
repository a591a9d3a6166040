import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VERSION_MESSAGE, compareVersions, parseVersion } from '../../src/version/index.js';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Independent oracle: one number per version; dev is +Infinity. */
type Key = { text: string; key: number };
const dated: fc.Arbitrary<Key> = fc
  .tuple(fc.integer({ min: 1, max: 9999 }), fc.constantFrom(1, 4, 7, 10), fc.integer({ min: 0, max: 99 }))
  .map(([y, m, b]) => ({ text: `v${pad(y, 4)}.${pad(m, 2)}.${pad(b, 2)}`, key: y * 10_000 + m * 100 + b }));
const anyVersion: fc.Arbitrary<Key> = fc.oneof(
  { weight: 9, arbitrary: dated },
  { weight: 1, arbitrary: fc.constant({ text: 'dev', key: Number.POSITIVE_INFINITY }) },
);
const oracle = (a: Key, b: Key) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

function parsed(text: string) {
  const result = parseVersion(text);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('compareVersions', () => {
  it.each([
    ['v2024.01.00', 'v2026.04.00', -1],
    ['v2026.04.00', 'v2024.01.00', 1],
    ['v2024.01.00', 'v2024.01.00', 0],
    ['v2024.10.00', 'v2025.01.00', -1], // year first
    ['v2024.04.99', 'v2024.07.00', -1], // then quarter
    ['v2024.04.01', 'v2024.04.00', 1], // then build
    ['dev', 'v9999.10.99', 1],
    ['v0001.01.00', 'dev', -1],
    ['dev', 'dev', 0],
  ] as const)('compareVersions(%j, %j) is %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it('agrees with the (year, month, build) oracle, dev last, for strings and objects alike', () => {
    fc.assert(
      fc.property(anyVersion, anyVersion, (a, b) => {
        const expected = oracle(a, b);
        return (
          compareVersions(a.text, b.text) === expected &&
          compareVersions(parsed(a.text), parsed(b.text)) === expected &&
          compareVersions(parsed(a.text), b.text) === expected
        );
      }),
    );
  });

  it('is a total order: reflexive, antisymmetric, transitive', () => {
    fc.assert(
      fc.property(anyVersion, anyVersion, anyVersion, (a, b, c) => {
        const ab = compareVersions(a.text, b.text);
        const bc = compareVersions(b.text, c.text);
        const ac = compareVersions(a.text, c.text);
        const reflexive = compareVersions(a.text, a.text) === 0;
        const antisymmetric = ab === -compareVersions(b.text, a.text) && (ab !== 0 || a.text === b.text);
        const transitive = !(ab <= 0 && bc <= 0) || ac <= 0;
        return reflexive && antisymmetric && transitive;
      }),
    );
  });

  it('sorts a list exactly as the oracle does', () => {
    fc.assert(
      fc.property(fc.array(anyVersion, { maxLength: 20 }), (list) => {
        const ours = [...list].sort((a, b) => compareVersions(a.text, b.text)).map((v) => v.text);
        const theirs = [...list].sort(oracle).map((v) => v.text);
        return JSON.stringify(ours) === JSON.stringify(theirs);
      }),
    );
  });

  it('throws a RangeError quoting an invalid string, with the format message', () => {
    expect(() => compareVersions('latest', 'dev')).toThrow(new RangeError(`"latest" ${VERSION_MESSAGE}`));
    expect(() => compareVersions('dev', 'v2024.02.00')).toThrow(RangeError);
    expect(() => compareVersions('v2024.01.00 ', 'dev')).toThrow(`"v2024.01.00 " ${VERSION_MESSAGE}`);
  });
});
