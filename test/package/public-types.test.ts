// Every named type a user meets in the BUILT package can be imported, and a function's own
// parameter and result types are exported beside it (`validateRunTransfer` and `RunTransfer`
// both from payments-kit/schedule). `npm test` builds first.
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_DECLARATIONS, PACKAGE_ROOT, subpathSpecifiers } from './consumer-program.js';
import { type SubpathTypes, publicTypeGaps } from './public-types.js';

/**
 * Types known to be missing beside their function, by subpath (none today). An entry that is
 * no longer missing fails the test, so the list only shrinks.
 */
const KNOWN_GAPS: Readonly<Record<string, readonly string[]>> = {};

const specifiers = subpathSpecifiers();

describe('public types of each subpath (built declarations)', () => {
  let gaps: SubpathTypes[] = [];
  beforeAll(() => {
    if (existsSync(BUILT_DECLARATIONS)) gaps = publicTypeGaps(PACKAGE_ROOT, specifiers);
  }, 120_000);

  it('is built (run npm run build first)', () => {
    expect(existsSync(BUILT_DECLARATIONS), `${BUILT_DECLARATIONS} is missing: run "npm run build"`).toBe(true);
    expect(gaps.map((g) => g.specifier)).toEqual(specifiers);
  });

  it.each(specifiers)('%s: every type its exports lead to can be imported from some subpath', (specifier) => {
    expect(gaps.find((g) => g.specifier === specifier)?.nowhere).toEqual([]);
  });

  it.each(specifiers)('%s: the types its functions take and return are exported beside them', (specifier) => {
    const missing = gaps.find((g) => g.specifier === specifier)?.notBeside.map((use) => `${use.name} (${use.where})`);
    const known = KNOWN_GAPS[specifier] ?? [];
    expect(missing?.map((m) => m.split(' ')[0]).sort(), missing?.join(', ')).toEqual([...known].sort());
  });
});
