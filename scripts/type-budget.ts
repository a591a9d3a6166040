// Prints what importing each subpath of the BUILT package adds to a consumer's type-check
// (types and instantiations, as `tsc --extendedDiagnostics` counts them) against the budgets
// of test/package/type-budgets.ts, which test/package/type-budget.test.ts enforces. Counts do
// not depend on the machine's load.
//
//   npm run bench:types                # build, then measure; exit 1 when a budget is exceeded
//   npm run bench:types -- --no-build  # measure the current dist/
import { execFileSync } from 'node:child_process';
import { PACKAGE_ROOT } from '../test/package/consumer-program.js';
import { measureTypeCosts } from '../test/package/type-cost.js';
import { TYPE_BUDGETS, overBudget } from '../test/package/type-budgets.js';

if (!process.argv.includes('--no-build')) execFileSync('npm', ['run', 'build'], { cwd: PACKAGE_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });

const n = (value: number) => value.toLocaleString('en-US');
const failures: string[] = [];
console.log('Added over an empty consumer file (strict, NodeNext, lib ES2022 + DOM, @types/node).');
console.log('check: skipLibCheck false, the declaration files are checked; hover: skipLibCheck true, every export rendered as a hover.\n');
console.log('| import | check types | check instantiations | hover types | hover instantiations | hover characters | budget (types / inst. / hover inst.) |');
console.log('|---|---:|---:|---:|---:|---:|---|');
for (const cost of measureTypeCosts()) {
  const budget = TYPE_BUDGETS[cost.specifier];
  const over = budget === undefined ? [`${cost.specifier}: no budget`] : overBudget(cost.specifier, cost, budget);
  failures.push(...over);
  const stated = budget === undefined ? 'none' : `${n(budget.checkTypes)} / ${n(budget.checkInstantiations)} / ${n(budget.hoverInstantiations)}`;
  console.log(
    `| \`${cost.specifier}\` | ${n(cost.check.types)} | ${n(cost.check.instantiations)} | ${n(cost.hover.types)} | ${n(cost.hover.instantiations)} | ${n(cost.hover.characters)} | ${stated}${over.length > 0 ? ' EXCEEDED' : ''} |`,
  );
}
if (failures.length > 0) {
  console.error(`\ntype-check budgets exceeded:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('\nall type-check budgets met');
