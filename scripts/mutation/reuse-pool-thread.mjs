// The worker thread of scripts/mutation/reuse-pool.ts: Vitest's own thread worker
// (vitest/worker, as in vitest/dist/workers/threads.js), kept across Vitest runs. Before each
// run (and each collection) it forgets every module it evaluated but Vitest's own (what Vitest
// does before each file of an isolated project), so the run loads src/, the test helpers and the
// test files afresh, as a new worker would; Node keeps the packages it imported itself
// (fast-check, valibot). It also drops Stryker's global state and the configuration
// `vi.setConfig` saved, which a new worker would not have either.
import { parentPort } from 'node:worker_threads';
import { vi } from 'vitest';
import { init, runBaseTests, setupEnvironment } from 'vitest/worker';

if (!parentPort) throw new Error('scripts/mutation/reuse-pool-thread.mjs runs in a worker thread');
const port = parentPort;

/** What Vitest's `resetModules(modules, true)` (vitest/dist/chunks/utils.*.js) keeps: its own modules. */
const KEEP = [/\/vitest\/dist\//, /vitest-virtual-\w+\/dist/, /@vitest\/dist/];

function forgetModules() {
  const previous = /** @type {{ evaluatedModules?: { idToModuleMap: Map<string, { promise?: unknown; exports?: unknown; evaluated: boolean; importers: Set<string> }> } } | undefined} */ (
    Reflect.get(globalThis, '__vitest_worker__')
  );
  if (!previous?.evaluatedModules) return;
  previous.evaluatedModules.idToModuleMap.forEach((node, id) => {
    if (KEEP.some((pattern) => pattern.test(id))) return;
    node.promise = undefined;
    node.exports = undefined;
    node.evaluated = false;
    node.importers.clear();
  });
}

/**
 * Drops Stryker's global namespace (its active mutant, hit count and limit), as a new worker
 * starts without it: the instrumented modules and Stryker's setup file create it again when
 * they load. Otherwise a module loading before the run's `beforeAll` would see the previous
 * run's mutant and hit count (a hit limit reached there failed every file of the next static
 * mutant's run while it loaded).
 * @param {{ providedContext: Record<string, unknown> }} state
 */
function forgetStrykerState(state) {
  const name = state.providedContext['globalNamespace'];
  if (typeof name === 'string') Reflect.deleteProperty(globalThis, name);
}

/**
 * `vi.setConfig` saves the configuration it changes the first time it is called in a worker,
 * and Vitest calls `vi.resetConfig` after every test file to put that saved configuration
 * back. In a kept worker the saved one would be an earlier run's, test name pattern included
 * (`test/amount/allocate-dinero.test.ts` calls `vi.setConfig`): the files after it would run
 * an earlier mutant's tests. So each run saves its own, as in a new worker.
 */
function forgetSavedConfig() {
  /** @type {Record<string, unknown> | undefined} */
  let saved;
  const config = () => /** @type {{ config: Record<string, unknown> }} */ (Reflect.get(globalThis, '__vitest_worker__')).config;
  vi.setConfig = (changes) => {
    saved ??= { ...config() };
    Object.assign(config(), changes);
  };
  vi.resetConfig = () => {
    if (saved) Object.assign(config(), saved);
  };
}

/**
 * What a new worker would not have, forgotten before each run and each collection alike (a
 * collection loads `src/` and the test files too, so it must not see an earlier run's modules,
 * mutant or saved configuration either).
 * @param {{ providedContext: Record<string, unknown> }} state
 */
function beforeRun(state) {
  forgetModules();
  forgetStrykerState(state);
  forgetSavedConfig();
}

init({
  post: (response) => port.postMessage(response),
  on: (callback) => port.on('message', callback),
  off: (callback) => port.off('message', callback),
  teardown: () => port.removeAllListeners('message'),
  runTests: async (state, traces) => {
    beforeRun(state);
    await runBaseTests('run', state, traces);
  },
  collectTests: async (state, traces) => {
    beforeRun(state);
    await runBaseTests('collect', state, traces);
  },
  setup: setupEnvironment,
});
