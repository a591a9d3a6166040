import { defineConfig } from 'vitest/config';

// The test files of the mutation run (`npm run test:mutation`, stryker.config.mjs): only the
// suites of the mutated modules, in one project, so that a static mutant (a table row, a
// module-level constant) reruns these files and nothing else. Their other suites (HTTP,
// schedules, packages) never load the code the run mutates in a way they alone would check.
export default defineConfig({
  test: {
    include: [
      'test/amount/**/*.test.ts',
      'test/ids/**/*.test.ts',
      'test/version/**/*.test.ts',
      'test/limits/**/*.test.ts',
      'test/invoice/**/*.test.ts',
      'test/schemas/validate-invoice-update.test.ts',
      'test/schemas/request-limits.test.ts',
      'test/schemas/error-body*.test.ts',
      'test/schemas/fast-invoice-update*.test.ts',
    ],
    // A million-item sum: too slow instrumented; sum-flush.test.ts reaches the same fold.
    exclude: ['test/amount/sum-million.test.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
  },
});
