import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PoolOptions, PoolRunnerInitializer, PoolWorker, WorkerRequest, WorkerResponse } from 'vitest/node';

/**
 * A Vitest pool for the mutation run (vitest.mutation.config.ts): a worker thread per project
 * that outlives Vitest's runs. Vitest 4.1 stops a pool's workers at the end of every run, and
 * Stryker's Vitest runner makes each mutant one run, so with a built-in pool every mutant paid
 * for a new worker: Vitest's runtime, its module runner, fast-check and valibot loaded again.
 * Here a mutant's run borrows its project's thread, and the thread
 * (scripts/mutation/reuse-pool-thread.mjs) forgets every module but Vitest's own before each
 * run: `src/`, the test helpers and the test files load afresh with the run's mutant active
 * when Stryker activates it before loading (a static mutant) and inactive otherwise, as in a
 * new worker. What a run keeps is what Node itself loaded (the packages under node_modules),
 * the globals and Vitest's own state (the thread resets the part that changed results:
 * `vi.setConfig`'s saved configuration).
 *
 * The dry run and any run outside Stryker's mutant runs (a plain `vitest run`) get a thread of
 * their own, stopped after it, as with Vitest's pool.
 */
export const POOL_NAME = 'mutation-reuse';

const THREAD_ENTRY = fileURLToPath(new URL('./reuse-pool-thread.mjs', import.meta.url));

/** Runs on one thread before it is replaced, so that whatever a run leaves behind stays bounded. */
const MAX_RUNS_PER_THREAD = 500;

type StartRequest = Extract<WorkerRequest, { type: 'start' }>;
type RunRequest = Extract<WorkerRequest, { type: 'run' | 'collect' }>;

interface Thread {
  readonly worker: Worker;
  runs: number;
  owner: ReusePoolWorker | undefined;
}

/** The reusable thread of each project, by the project's name. */
const threads = new Map<string, Thread>();

const response = (type: 'started' | 'stopped'): WorkerResponse => ({ __vitest_worker_response__: true, type });

const isRequest = (message: unknown): message is WorkerRequest =>
  typeof message === 'object' && message !== null && (message as { __vitest_worker_request__?: unknown }).__vitest_worker_request__ === true;

/** Whether a run may use a thread that ran earlier runs: a mutant's run, static or not. */
const reusable = (run: RunRequest): boolean => (run.context.providedContext as Record<string, unknown>)['mode'] === 'mutant';

class ReusePoolWorker implements PoolWorker {
  readonly name = POOL_NAME;
  private readonly events = new EventEmitter();
  private startRequest?: StartRequest;
  private thread: Thread | undefined;
  private keep = false;

  constructor(private readonly options: PoolOptions) {}

  on(event: string, callback: (arg: unknown) => void): void {
    this.events.on(event, callback);
  }

  off(event: string, callback: (arg: unknown) => void): void {
    this.events.off(event, callback);
  }

  deserialize(data: unknown): unknown {
    return data;
  }

  // The thread is chosen when the run arrives: only then are Stryker's provided values known.
  async start(): Promise<void> {}

  async stop(): Promise<void> {
    await this.release();
  }

  send(message: WorkerRequest): void {
    if (!isRequest(message)) {
      // Vitest's RPC between the main thread and the worker (answers to the worker's calls, onCancel).
      this.thread?.worker.postMessage(message);
      return;
    }
    switch (message.type) {
      case 'start':
        this.startRequest = message;
        setImmediate(() => this.events.emit('message', response('started')));
        break;
      case 'stop':
        void this.release().then(
          () => this.events.emit('message', response('stopped')),
          (error: unknown) => this.events.emit('error', error),
        );
        break;
      case 'run':
      case 'collect':
        this.dispatch(message).catch((error: unknown) => this.events.emit('error', error));
        break;
      default:
        throw new Error(`${POOL_NAME}: unexpected request ${JSON.stringify(message)}`);
    }
  }

  private async dispatch(run: RunRequest): Promise<void> {
    const start = this.startRequest;
    if (start === undefined) throw new Error(`${POOL_NAME}: a run before the worker's start`);
    const key = this.options.project.name;
    this.keep = reusable(run);
    let thread = this.keep ? threads.get(key) : undefined;
    if (thread !== undefined && (thread.owner !== undefined || thread.runs >= MAX_RUNS_PER_THREAD)) {
      threads.delete(key);
      await thread.worker.terminate();
      thread = undefined;
    }
    if (thread === undefined) {
      thread = await this.spawn(start);
      if (this.keep) threads.set(key, thread);
    }
    thread.owner = this;
    thread.runs += 1;
    this.thread = thread;
    // The thread keeps the configuration of its first start; a run carries the project's
    // current one (Stryker sets each run's test name pattern), which Vitest's worker takes over
    // the start's.
    thread.worker.postMessage({ ...run, context: { ...run.context, config: this.options.project.serializedConfig } });
  }

  private async spawn(start: StartRequest): Promise<Thread> {
    const worker = new Worker(THREAD_ENTRY, { env: this.options.env, execArgv: this.options.execArgv, stdout: true, stderr: true });
    const { outputStream, errorStream } = this.options.project.vitest.logger;
    worker.stdout.pipe(outputStream, { end: false });
    worker.stderr.pipe(errorStream, { end: false });
    worker.unref();
    const thread: Thread = { worker, runs: 0, owner: undefined };
    worker.on('message', (message: unknown) => thread.owner?.events.emit('message', message));
    worker.on('error', (error: unknown) => thread.owner?.events.emit('error', error));
    worker.on('exit', () => {
      if (threads.get(this.options.project.name) === thread) threads.delete(this.options.project.name);
      thread.owner?.events.emit('exit');
    });
    await new Promise<void>((resolve, reject) => {
      const onStarted = (message: unknown): void => {
        const reply = message as Partial<WorkerResponse> | null;
        if (reply?.__vitest_worker_response__ !== true || reply.type !== 'started') return;
        worker.off('message', onStarted);
        if (reply.error === undefined) resolve();
        else reject(new Error(`${POOL_NAME}: the worker thread did not start`, { cause: reply.error }));
      };
      worker.on('message', onStarted);
      worker.postMessage(start);
    });
    return thread;
  }

  /** Ends this runner's use of its thread: a reusable thread waits for the next run, any other is stopped. */
  private async release(): Promise<void> {
    const thread = this.thread;
    this.thread = undefined;
    if (thread === undefined) return;
    thread.owner = undefined;
    if (!this.keep || threads.get(this.options.project.name) !== thread) {
      if (threads.get(this.options.project.name) === thread) threads.delete(this.options.project.name);
      await thread.worker.terminate();
    }
  }
}

/** Stops the threads still waiting for a run (Vitest's close). */
export async function closeReusedThreads(): Promise<void> {
  const waiting = [...threads.values()];
  threads.clear();
  await Promise.all(waiting.map((thread) => thread.worker.terminate()));
}

export const reusePool: PoolRunnerInitializer = {
  name: POOL_NAME,
  createPoolWorker: (options) => new ReusePoolWorker(options),
};
