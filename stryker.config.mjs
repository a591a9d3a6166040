// Mutation testing of the domain modules: `npm run test:mutation` runs every
// module of stryker.modules.json in turn; `MUTATION_MODULE=amount npx stryker run` runs one.
// See docs/testing.md for the scores and the survivors that cannot change any result.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const modules = JSON.parse(readFileSync(new URL('./stryker.modules.json', import.meta.url), 'utf8'));
const name = process.env.MUTATION_MODULE ?? '';
if (!Object.hasOwn(modules, name) || name.startsWith('$')) {
  throw new Error(`MUTATION_MODULE must be one of ${Object.keys(modules).filter((m) => !m.startsWith('$')).join(', ')}`);
}

// Node's compile cache for the test runner processes Stryker starts (they inherit this
// environment): each process, and each Vitest worker it starts (one per project, kept across
// mutants by scripts/mutation/reuse-pool.ts), compiles Vitest's own modules from it.
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'payments-kit-node-compile-cache');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: modules[name].mutate,
  // Rule tables are module-level code: a table row is a rule, so static mutants run too.
  ignoreStatic: false,
  coverageAnalysis: 'perTest',
  // The machine (and CI) has 2 cores.
  concurrency: 2,
  incremental: true,
  incrementalFile: `reports/stryker-incremental/${name}.json`,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  tempDirName: '.stryker-tmp',
  // Only what the mutated modules' tests need is copied into each sandbox.
  ignorePatterns: ['dist', 'bench', 'coverage', '.bench-tmp', '.pack', '.test-results', 'reports', 'test/hostile', 'test/http', 'test/postgres', 'test/schedule', 'test/package'],
  // At least 90% killed in every module: each module is its own run, so this is per module.
  thresholds: { high: 95, low: 90, break: 90 },
  timeoutMS: 10_000,
};
