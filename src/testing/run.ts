import { type ConformanceCheck, type CreateStore, storeConformanceChecks } from './checks.js';

/** A test registrar such as vitest's, jest's or node:test's `it`/`test`. */
export type TestRegistrar = (name: string, fn: () => Promise<void>) => unknown;

/** The result of running the checks without a test framework. */
export type ConformanceReport = {
  readonly passed: readonly string[];
  readonly failed: readonly { readonly name: string; readonly error: unknown }[];
};

/**
 * The store conformance suite any storage adapter must pass (concurrency included).
 * With `test` (your framework's `it`), registers one test per check and returns the
 * checks; without it, runs every check in turn and resolves to a report. No test
 * framework is imported by this package.
 *
 * @example
 * // vitest
 * import { describe, it } from 'vitest';
 * describe('my store', () => {
 *   runStoreConformance({ createStore: (seed) => createMyStore(seed), test: it });
 * });
 * // plain Node
 * const report = await runStoreConformance({ createStore: (seed) => createMemoryStore({ seed }) });
 * if (report.failed.length > 0) process.exit(1);
 */
export function runStoreConformance(options: { createStore: CreateStore; test: TestRegistrar }): ConformanceCheck[];
export function runStoreConformance(options: { createStore: CreateStore }): Promise<ConformanceReport>;
export function runStoreConformance(options: {
  createStore: CreateStore;
  test?: TestRegistrar;
}): ConformanceCheck[] | Promise<ConformanceReport> {
  const checks = storeConformanceChecks(options);
  const { test } = options;
  if (test !== undefined) {
    for (const c of checks) test(c.name, () => c.run());
    return checks;
  }
  return (async () => {
    const passed: string[] = [];
    const failed: { name: string; error: unknown }[] = [];
    for (const c of checks) {
      try {
        await c.run();
        passed.push(c.name);
      } catch (error) {
        failed.push({ name: c.name, error });
      }
    }
    return { passed, failed };
  })();
}
