// The worker thread of scripts/mutation/reuse-pool.ts: Vitest's own thread worker
// (vitest/worker, as in vitest/dist/workers/threads.js), kept across Vitest runs. Before each
// run it forgets every module it evaluated but Vitest's own (what Vitest does before each file
// of an isolated project), so the run loads src/, the test helpers and the test files afresh,
// as a new worker would; Node keeps the packages it imported itself (fast-check, valibot).
// It also clears Stryker's active mutant, so a module that loads before the run's `beforeAll`
// never sees the previous run's mutant.
import { parentPort } from 'node:worker_threads';
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

/** @param {{ providedContext: Record<string, unknown> }} state */
function clearActiveMutant(state) {
  const name = state.providedContext['globalNamespace'];
  const namespace = typeof name === 'string' ? Reflect.get(globalThis, name) : undefined;
  if (namespace && typeof namespace === 'object') Reflect.set(namespace, 'activeMutant', undefined);
}

init({
  post: (response) => port.postMessage(response),
  on: (callback) => port.on('message', callback),
  off: (callback) => port.off('message', callback),
  teardown: () => port.removeAllListeners('message'),
  runTests: async (state, traces) => {
    forgetModules();
    clearActiveMutant(state);
    await runBaseTests('run', state, traces);
  },
  collectTests: async (state, traces) => {
    forgetModules();
    await runBaseTests('collect', state, traces);
  },
  setup: setupEnvironment,
});
