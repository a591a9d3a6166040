// Runs the side-by-side benchmarks one after another, each in its own process so that one
// bench's garbage and JIT state do not colour the next. `npm run bench -- amount schedule`
// runs a subset; with no names it runs all of them. Figures go to docs/performance.md by hand (the run they supersede to docs/performance/history.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ALL = ['amount', 'validate', 'invoice', 'schedule', 'http', 'store', 'client'] as const;
const wanted = process.argv.slice(2);
const names = wanted.length === 0 ? [...ALL] : wanted;

let failed = 0;
for (const name of names) {
  const file = fileURLToPath(new URL(`./${name}.bench.ts`, import.meta.url));
  if (!existsSync(file)) {
    console.error(`no benchmark named "${name}" (have: ${ALL.join(', ')})`);
    failed += 1;
    continue;
  }
  console.log(`\n# bench/${name}.bench.ts`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
