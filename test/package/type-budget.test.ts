// The type-check budget: what importing each subpath of the BUILT package adds to a
// consumer's type-check stays under test/package/type-budgets.ts. `npm test` builds first;
// `npm run bench:types` prints the figures.
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_DECLARATIONS, PACKAGE_ROOT, subpathSpecifiers } from './consumer-program.js';
import { type SubpathCost, measureTypeCosts } from './type-cost.js';
import { TYPE_BUDGETS, overBudget } from './type-budgets.js';

const specifiers = subpathSpecifiers();

describe('type-check budget of each subpath (built declarations)', () => {
  let costs: SubpathCost[] = [];
  beforeAll(() => {
    if (existsSync(BUILT_DECLARATIONS)) costs = measureTypeCosts(PACKAGE_ROOT, specifiers);
  }, 300_000);

  it('is built (run npm run build first)', () => {
    expect(existsSync(BUILT_DECLARATIONS), `${BUILT_DECLARATIONS} is missing: run "npm run build"`).toBe(true);
  });

  it('has one budget per subpath of package.json exports', () => {
    expect(Object.keys(TYPE_BUDGETS).sort()).toEqual([...specifiers].sort());
  });

  it.each(specifiers)('%s stays under its budget', (specifier) => {
    const cost = costs.find((c) => c.specifier === specifier);
    const budget = TYPE_BUDGETS[specifier];
    expect(cost, `no measurement for ${specifier} (is dist/ built?)`).toBeDefined();
    expect(budget, `no budget for ${specifier}`).toBeDefined();
    if (cost === undefined || budget === undefined) return;
    expect(overBudget(specifier, cost, budget)).toEqual([]);
  });

  it('the subpaths that do not export schemas do not bring valibot into a consumer check', () => {
    // valibot's declarations alone add about 171k instantiations: far above these subpaths' budgets.
    const withoutSchemas = specifiers.filter((s) => s !== 'payments-kit' && s !== 'payments-kit/schemas');
    for (const specifier of withoutSchemas) {
      const cost = costs.find((c) => c.specifier === specifier);
      expect(cost?.check.instantiations ?? Number.POSITIVE_INFINITY, specifier).toBeLessThan(10_000);
    }
  });
});
