// The mutation run's Vitest pool (scripts/mutation/reuse-pool.ts): one worker thread serves
// successive mutant runs, and each run, and each collection, sees its own mutant as a new worker
// would: its modules load again, under Stryker's namespace of that run. Driven here as Stryker's
// Vitest runner drives it (the values it provides, its setup file), over a module written the
// way Stryker's instrumenter writes one: the namespace is taken once, when the module loads.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVitest, type TestModule, type Vitest } from 'vitest/node';
import { closeReusedThreads, POOL_NAME, reusePool } from '../scripts/mutation/reuse-pool.js';

const root = resolve(import.meta.dirname, '..');
const dir = join(root, '.test-artifacts', `reuse-pool-${process.pid}`);

/** `export const answer = () => 'original'` with two mutants, as Stryker instruments it (its header shortened to what matters). */
const INSTRUMENTED = `
function stryNS_9fa48() {
  var ns = globalThis.__stryker__ || (globalThis.__stryker__ = {});
  stryNS_9fa48 = function () { return ns; };
  return ns;
}
stryNS_9fa48();
function stryMutAct_9fa48(id) {
  var ns = stryNS_9fa48();
  stryMutAct_9fa48 = function (id) { return ns.activeMutant === id; };
  return stryMutAct_9fa48(id);
}
export const answer = () => (stryMutAct_9fa48('1') ? 'mutant 1' : stryMutAct_9fa48('2') ? 'mutant 2' : 'original');
export const answerAtLoad = answer();
`;

/** A test that names the answer its module gave while loading and records, when it runs, the answer then and its thread. */
const CHECK = `
import { threadId } from 'node:worker_threads';
import { it } from 'vitest';
import { answer, answerAtLoad } from './answer.js';
it('at load: ' + answerAtLoad, ({ task }) => {
  Object.assign(task.meta, { answer: answer(), atLoad: answerAtLoad, threadId });
});
`;

interface Seen {
  name: string;
  answer?: string;
  atLoad?: string;
  threadId?: number;
}

const seen = (modules: readonly TestModule[]): Seen[] =>
  modules.flatMap((module) => [...module.children.allTests()].map((test) => ({ name: test.name, ...(test.meta() as Omit<Seen, 'name'>) })));

describe('the mutation run pool keeps its worker and each run sees its own mutant', () => {
  let vitest: Vitest;
  const provide = (values: Record<string, unknown>): void => {
    for (const [key, value] of Object.entries(values)) (vitest.provide as (key: string, value: unknown) => void)(key, value);
  };
  const run = async (activeMutant: string, mutantActivation: 'runtime' | 'static'): Promise<Seen[]> => {
    provide({ mode: 'mutant', activeMutant, mutantActivation });
    const { testModules, unhandledErrors } = await vitest.runTestSpecifications(await vitest.globTestSpecifications());
    expect(unhandledErrors).toEqual([]);
    return seen(testModules);
  };

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'answer.js'), INSTRUMENTED);
    writeFileSync(join(dir, 'answer.check.js'), CHECK);
    // Stryker's runner copies its setup file next to the project for the same reason: from
    // node_modules, Node would load it once instead of the runner loading it for each file.
    const strykerRunner = dirname(createRequire(import.meta.url).resolve('@stryker-mutator/vitest-runner/package.json'));
    const setup = readFileSync(join(strykerRunner, 'dist/src/stryker-setup.js'), 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, '');
    writeFileSync(join(dir, 'stryker-setup.js'), setup);
    vitest = await createVitest(
      'test',
      { root: dir, config: false, watch: false, include: ['answer.check.js'], setupFiles: ['./stryker-setup.js'], isolate: false, reporters: [{}] },
      {
        plugins: [
          {
            name: 'mutation-reuse-pool',
            configureVitest({ project }) {
              Object.assign(project.config, { pool: POOL_NAME, poolRunner: reusePool });
            },
          },
        ],
      },
    );
    provide({ globalNamespace: '__stryker__', isGreaterThanVitest4Point1: true });
  }, 60_000);

  afterAll(async () => {
    await vitest?.close();
    await closeReusedThreads();
    rmSync(dir, { recursive: true, force: true });
  });

  const threads: number[] = [];

  it('a mutant activated at run time: the module loads without it, the test runs with it', async () => {
    const [check] = await run('1', 'runtime');
    expect(check).toMatchObject({ name: 'at load: original', atLoad: 'original', answer: 'mutant 1' });
    threads.push(check?.threadId ?? -1);
  });

  it('the next run, a static mutant (active while the modules load), sees that mutant from the start', async () => {
    const [check] = await run('2', 'static');
    expect(check).toMatchObject({ name: 'at load: mutant 2', atLoad: 'mutant 2', answer: 'mutant 2' });
    threads.push(check?.threadId ?? -1);
  });

  it('the run after it loads the module again under a new namespace: nothing of the static mutant is left', async () => {
    const [check] = await run('1', 'runtime');
    expect(check).toMatchObject({ name: 'at load: original', atLoad: 'original', answer: 'mutant 1' });
    threads.push(check?.threadId ?? -1);
  });

  it('all three ran on one kept worker thread', () => {
    expect(threads).toHaveLength(3);
    expect(new Set(threads).size).toBe(1);
    expect(threads[0]).toBeGreaterThan(0);
  });

  it('a collection on the kept worker loads the module without the mutant the run before it left active', async () => {
    provide({ mode: 'mutant', activeMutant: '2', mutantActivation: 'runtime' });
    const { testModules } = await vitest.collectTests(await vitest.globTestSpecifications());
    expect(seen(testModules).map((test) => test.name)).toEqual(['at load: original']);
  });
});
