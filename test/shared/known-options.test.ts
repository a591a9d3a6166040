import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkOptionKeys, nearestKey, unknownOptionMessage } from '../../src/shared/known-options.js';

const KNOWN = { store: true, basePath: true, scheduleHorizon: true, scheduleTimeZone: true, onError: true } as const;

describe('checkOptionKeys', () => {
  it('passes an object holding only known keys, and leaves non-objects to the factory', () => {
    expect(() => checkOptionKeys({ store: 1, basePath: '/v1' }, KNOWN, 'f')).not.toThrow();
    expect(() => checkOptionKeys({}, KNOWN, 'f')).not.toThrow();
    expect(() => checkOptionKeys(undefined, KNOWN, 'f')).not.toThrow();
    expect(() => checkOptionKeys(null, KNOWN, 'f')).not.toThrow();
    expect(() => checkOptionKeys('x', KNOWN, 'f')).not.toThrow();
  });

  it('refuses an unknown key with a TypeError naming it and the nearest known key', () => {
    expect(() => checkOptionKeys({ store: 1, scheduleTimezone: 'UTC' }, KNOWN, 'createHandler')).toThrow(
      new TypeError('createHandler: unknown option "scheduleTimezone"; did you mean "scheduleTimeZone"?'),
    );
    expect(() => checkOptionKeys({ basepath: '/v1' }, KNOWN, 'f')).toThrow('did you mean "basePath"?');
    expect(() => checkOptionKeys({ onErorr: () => 1 }, KNOWN, 'f')).toThrow('did you mean "onError"?');
    // A known key ending with it: timeZone qualified as scheduleTimeZone.
    expect(() => checkOptionKeys({ timeZone: 'UTC' }, KNOWN, 'f')).toThrow('unknown option "timeZone"; did you mean "scheduleTimeZone"?');
  });

  it('an inherited or symbol key does not count; an own key whose value is undefined does', () => {
    const inherited = Object.create({ timeZone: 'UTC' }) as object;
    expect(() => checkOptionKeys(inherited, KNOWN, 'f')).not.toThrow();
    expect(() => checkOptionKeys({ [Symbol('x')]: 1 }, KNOWN, 'f')).not.toThrow();
    expect(() => checkOptionKeys({ timeZone: undefined }, KNOWN, 'f')).toThrow(TypeError);
  });

  it('a very long key is cut in the message and costs bounded work', () => {
    const key = 'x'.repeat(100_000);
    const started = performance.now();
    expect(() => checkOptionKeys({ [key]: 1 }, KNOWN, 'f')).toThrow(/unknown option "x{100}\.\.\."/);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('property: nearestKey ignores case and names a known key at the least edit distance', () => {
    const names = Object.keys(KNOWN);
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.integer({ min: 0, max: 40 }), (name, position) => {
        const i = position % name.length;
        // One letter dropped, and the case of every letter flipped: still nearest to its own name.
        const typo = (name.slice(0, i) + name.slice(i + 1)).replace(/[a-z]/gi, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));
        expect(nearestKey(typo, names)).toBe(name);
      }),
      { seed: 43, numRuns: 100 },
    );
    expect(nearestKey('x', [])).toBeUndefined();
    expect(unknownOptionMessage('f', 'x', undefined)).toBe('f: unknown option "x"');
  });
});
