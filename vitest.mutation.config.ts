import { globSync, readFileSync } from 'node:fs';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { closeReusedThreads, POOL_NAME, reusePool } from './scripts/mutation/reuse-pool.js';
import modules from './stryker.modules.json' with { type: 'json' };

// The test files of one module's mutation run (`npm run test:mutation`, stryker.config.mjs):
// MUTATION_MODULE names the module of stryker.modules.json. Only that module's own tests run,
// so a static mutant (a table row, a message, a pattern: code that runs while the module
// loads, which Stryker must test against every test file) costs one small suite, and each
// module shows that its own tests kill its mutants.
const name = process.env['MUTATION_MODULE'] ?? '';
const module = (modules as Record<string, { tests?: string[] }>)[name];
if (module?.tests === undefined) throw new Error(`MUTATION_MODULE must name a module of stryker.modules.json, got ${JSON.stringify(name)}`);

// A million-item sum: too slow instrumented; sum-flush.test.ts reaches the same fold.
const EXCLUDED = new Set(['test/amount/sum-million.test.ts']);
const files = [...new Set(module.tests.flatMap((pattern) => globSync(pattern)))].filter((file) => !EXCLUDED.has(file)).sort();

/**
 * Whether a test file replaces modules (`vi.mock`, `vi.doMock`): such a file needs a module
 * graph of its own. (`vi.resetModules()` in a shared file only makes the files after it import
 * `src/` again, and these suites spy on nothing outside the files that mock.)
 */
const mocksModules = (file: string): boolean => /\bvi\.(?:do)?mock\(/.test(readFileSync(file, 'utf8'));

// Each mutant's run is one Vitest run. Its test files that mock nothing share one module graph
// ("shared": src/, fast-check and valibot are imported once per run, not once per file, and one
// worker runs them all); then each file that mocks runs alone in a fresh module graph
// ("isolated"). Stryker stops a mutant's run at its first failing test, so the cheap shared
// files go first. Both run in scripts/mutation/reuse-pool.ts: a worker that outlives the run
// and forgets every module but Vitest's own before the next, so each run (a static mutant's
// too) loads src/ and the tests afresh, without starting Vitest's worker again.
// MUTATION_POOL=threads runs them in Vitest's own pool instead (a new worker per run).
const shared = files.filter((file) => !mocksModules(file));
const isolated = files.filter(mocksModules);
const project = (projectName: string, include: string[], isolate: boolean, groupOrder: number): TestProjectInlineConfiguration[] =>
  include.length === 0 ? [] : [{ extends: true, test: { name: projectName, include, isolate, sequence: { groupOrder } } }];

export default defineConfig({
  plugins: [
    {
      name: 'mutation-reuse-pool',
      // Set on every project, over the pool the caller asked for: Stryker's Vitest runner
      // passes `pool: 'threads'`, which Vitest applies to every project.
      configureVitest({ project, vitest }) {
        if (process.env['MUTATION_POOL'] === 'threads') return;
        Object.assign(project.config, { pool: POOL_NAME, poolRunner: reusePool });
        vitest.onClose(closeReusedThreads);
      },
    },
  ],
  test: {
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
    projects: [...project('shared', shared, false, 0), ...project('isolated', isolated, true, 1)],
  },
});
