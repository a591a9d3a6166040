// Mutation testing of the domain modules (issue 26): `npm run test:mutation`.
// See docs/testing.md for how to run it per module and what the scores are.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: [
    'src/amount/**/*.ts',
    'src/ids/**/*.ts',
    'src/version/**/*.ts',
    'src/limits/**/*.ts',
    'src/invoice/**/*.ts',
    'src/schemas/fast-invoice-update.ts',
    'src/schemas/error-body.ts',
    // Re-export lists and type-only files hold no rule.
    '!src/*/index.ts',
    '!src/amount/types.ts',
    '!src/invoice/types.ts',
    '!src/invoice/effects.ts',
    '!src/version/version.ts',
  ],
  // Rule tables are module-level code: a table row is a rule, so static mutants run too.
  ignoreStatic: false,
  coverageAnalysis: 'perTest',
  // The machine (and CI) has 2 cores.
  concurrency: 2,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  tempDirName: '.stryker-tmp',
  // Only what the mutated modules' tests need is copied into each sandbox.
  ignorePatterns: ['dist', 'bench', 'coverage', '.bench-tmp', '.pack', '.test-results', 'reports/mutation', 'test/hostile', 'test/http', 'test/postgres', 'test/schedule', 'test/package'],
  thresholds: { high: 95, low: 90, break: 90 },
  timeoutMS: 10_000,
};
