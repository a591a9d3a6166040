import { defineConfig } from 'vitest/config';
import modules from './stryker.modules.json' with { type: 'json' };

// The test files of one module's mutation run (`npm run test:mutation`, stryker.config.mjs):
// MUTATION_MODULE names the module of stryker.modules.json. Only that module's own tests run,
// in one project, so a static mutant (a table row, a message, a pattern: code that runs while
// the module loads, which Stryker must test against every test file) costs one small suite,
// and each module shows that its own tests kill its mutants.
const name = process.env['MUTATION_MODULE'] ?? '';
const module = (modules as Record<string, { tests?: string[]; isolate?: boolean }>)[name];
if (module?.tests === undefined) throw new Error(`MUTATION_MODULE must name a module of stryker.modules.json, got ${JSON.stringify(name)}`);

export default defineConfig({
  test: {
    include: module.tests,
    // A million-item sum: too slow instrumented; sum-flush.test.ts reaches the same fold.
    exclude: ['test/amount/sum-million.test.ts'],
    setupFiles: ['test/setup.ts'],
    // A module whose tests mock nothing (`"isolate": false` in stryker.modules.json) runs the
    // test files of one mutant in one module graph: src/, valibot and fast-check are imported
    // once per mutant, not once per file. Each mutant still gets a new worker, so a static
    // mutant is loaded afresh.
    isolate: module.isolate ?? true,
    testTimeout: 20_000,
  },
});
