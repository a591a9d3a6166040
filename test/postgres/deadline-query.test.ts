// Issue 32: a store call's answer and what the database holds never disagree. The database is
// scripted (a fake node-postgres pool, single client and PGlite-like client whose statement waits
// for a row lock, commits, answers, may lose its connection, and honours a cancel request only
// before it committed), so that fast-check can try random interleavings of the request's
// deadline, the lock's release, the commit, the cancel's arrival and a broken connection against
// the real `deadlineQuery` (pool wait, cancel, grace, turns).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStoreUnavailable } from '../../src/http/store/errors.js';
import { storeDeadline } from '../../src/http/store/deadline.js';
import { deadlineQuery } from '../../src/postgres/bounded.js';

const GRACE_MS = 25;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One scripted statement: how long each step of it takes, and what goes wrong. */
type Script = {
  readonly connectMs: number;
  readonly lockMs: number;
  readonly replyMs: number;
  readonly cancelMs: number;
  readonly budgetMs: number;
  readonly lost: 'no' | 'before-commit' | 'after-commit';
};

type Database = { committed: boolean; cancelsSent: number };

const terminated = () => new Error('Connection terminated unexpectedly');

/**
 * A node-postgres client as far as `deadlineQuery` and `cancelRunningStatement` read it: the
 * backend key, `activeQuery`, the connection parameters, and a class whose `cancel(target,
 * query)` reaches the target after `cancelMs` and cancels the statement unless it committed.
 */
class ScriptedClient {
  static #next = 1;
  static readonly byProcess = new Map<number, ScriptedClient>();
  readonly processID = ScriptedClient.#next++;
  readonly secretKey = 99;
  readonly connectionParameters = {};
  activeQuery: object | null = null;
  cancelNow: ((query: object) => void) | undefined;
  /** The protocol connection a canceller opens: it reaches the backend `cancelMs` after connecting. */
  readonly connection = {
    on: () => undefined,
    once: (_event: 'connect', listener: () => void) => void (this.#onConnect = listener),
    connect: () => void setTimeout(() => this.#onConnect?.(), 0),
    cancel: (processID: number) => {
      const target = ScriptedClient.byProcess.get(processID);
      if (target?.db !== undefined) target.db.cancelsSent += 1;
      const running = target?.activeQuery;
      setTimeout(() => (running ? target?.cancelNow?.(running) : undefined), target?.script?.cancelMs ?? 0);
    },
  };
  #onConnect: (() => void) | undefined;

  constructor(
    readonly script?: Script,
    readonly db?: Database,
  ) {
    ScriptedClient.byProcess.set(this.processID, this);
  }

  _getActiveQuery(): object | null {
    return this.activeQuery;
  }

  query(text: string): Promise<{ rows: unknown[] }> {
    if (text.startsWith('SET ')) return Promise.resolve({ rows: [] });
    const { script, db } = this as { script: Script; db: Database };
    const statement = {};
    this.activeQuery = statement;
    return new Promise((resolve, reject) => {
      const end = (settle: () => void) => {
        this.activeQuery = null;
        settle();
      };
      const lockWait = setTimeout(() => {
        if (script.lost === 'before-commit') return end(() => reject(terminated()));
        db.committed = true;
        setTimeout(() => end(() => (script.lost === 'after-commit' ? reject(terminated()) : resolve({ rows: [{ written: true }] }))), script.replyMs);
      }, script.lockMs);
      this.cancelNow = (query) => {
        if (query !== statement || db.committed || this.activeQuery !== statement) return;
        clearTimeout(lockWait);
        end(() => reject(Object.assign(new Error('canceling statement due to user request'), { code: '57014' })));
      };
    });
  }

  release(): void {}
}

/** A PGlite-like client: one connection, no backend key, so nothing can cancel it. */
class ScriptedEmbedded {
  constructor(
    readonly script: Script,
    readonly db: Database,
  ) {}

  async transaction(): Promise<never> {
    throw new Error('not used');
  }

  query(text: string): Promise<{ rows: unknown[] }> {
    const inner = new ScriptedClient(this.script, this.db);
    return inner.query(text);
  }
}

const scriptOf = fc.record({
  connectMs: fc.integer({ min: 0, max: 30 }),
  lockMs: fc.integer({ min: 0, max: 60 }),
  replyMs: fc.integer({ min: 0, max: 20 }),
  cancelMs: fc.integer({ min: 0, max: 2 * GRACE_MS }),
  budgetMs: fc.integer({ min: 1, max: 50 }),
  lost: fc.constantFrom('no' as const, 'no' as const, 'before-commit' as const, 'after-commit' as const),
});

/** Runs one scripted write and waits until every scripted step is over, then reports. */
async function runOnce(kind: 'pool' | 'single' | 'embedded', script: Script) {
  const db: Database = { committed: false, cancelsSent: 0 };
  const client =
    kind === 'pool'
      ? { totalCount: 0, query: () => Promise.reject(new Error('not used')), connect: () => pause(script.connectMs).then(() => new ScriptedClient(script, db)) }
      : kind === 'single'
        ? new ScriptedClient(script, db)
        : new ScriptedEmbedded(script, db);
  const started = performance.now();
  const query = deadlineQuery(client as never, storeDeadline(script.budgetMs), GRACE_MS);
  const result = await query('UPDATE t SET x = 1', [], undefined, true).then(
    (rows) => ({ ok: true as const, rows, at: performance.now() - started, committedThen: db.committed }),
    (error: unknown) => ({ ok: false as const, error, at: performance.now() - started, committedThen: db.committed }),
  );
  // Every scripted step is over after this: whatever could still commit has.
  await pause(script.connectMs + script.lockMs + script.replyMs + script.cancelMs + 20);
  return { result, committedLater: db.committed, db };
}

// Concurrent: every case scripts a database of its own and spends its time waiting on timers, so
// the cases wait side by side (the PGlite case below, busy on this thread, runs after them).
describe.concurrent('deadlineQuery: the answer and the stored state never disagree (issue 32)', () => {
  for (const kind of ['pool', 'single', 'embedded'] as const) {
    it(`${kind}: success means committed; "nothing written" means nothing ever commits; only a lost connection or an unanswered cancel is "unknown"`, async () => {
      await fc.assert(
        fc.asyncProperty(scriptOf, async (script) => {
          const { result, committedLater } = await runOnce(kind, script);
          if (result.ok) {
            expect(result.committedThen).toBe(true);
            return;
          }
          expect(isStoreUnavailable(result.error), String(result.error)).toBe(true);
          if (!isStoreUnavailable(result.error)) return;
          if (result.error.outcome === 'none') expect(committedLater, `answered "nothing written" (${result.error.reason}) but it committed`).toBe(false);
          else expect(script.lost !== 'no' || kind !== 'embedded').toBe(true);
        }),
        { numRuns: 25 },
      );
    }, 60_000);
  }

  it('a statement cancelled at the deadline rolls back and answers "timeout" with nothing written; the lock-holder released after it never sees the write', async () => {
    // The lock goes at 2 s, far from the 30 ms deadline, so that a loaded machine that fires the deadline's timer late still cancels first.
    const { result, committedLater, db } = await runOnce('pool', { connectMs: 0, lockMs: 2_000, replyMs: 0, cancelMs: 0, budgetMs: 30, lost: 'no' });
    expect(result.ok).toBe(false);
    expect(!result.ok && isStoreUnavailable(result.error) && [result.error.reason, result.error.outcome]).toEqual(['timeout', 'none']);
    expect(result.at).toBeLessThan(1_000); // long before the lock goes
    expect([committedLater, db.cancelsSent]).toEqual([false, 1]);
  });

  it('a lock held 2 s: pool and single client answer by the deadline plus the grace, not when the lock goes', async () => {
    // Both kinds at once (each scripts a database of its own): the wait is one lock's, not two.
    await Promise.all(
      (['pool', 'single'] as const).map(async (kind) => {
        const { result, committedLater } = await runOnce(kind, { connectMs: 0, lockMs: 2_000, replyMs: 0, cancelMs: 1_000, budgetMs: 50, lost: 'no' });
        // The cancel lands only after the grace: the answer comes at 50 + 25 ms, "unknown" (the
        // late cancel then stops the statement before the lock goes, which "unknown" allows).
        expect(result.at, kind).toBeLessThan(1_000);
        expect(!result.ok && isStoreUnavailable(result.error) && result.error.outcome, kind).toBe('unknown');
        expect(committedLater, kind).toBe(false);
      }),
    );
  }, 20_000);

  it('a cancel that does not land within the grace: the write answers "unknown" (it committed when the lock went)', async () => {
    // The grace ends at 45 ms, the lock goes at 300 ms, the cancel lands at 1.5 s: far enough apart that a late timer on a loaded machine keeps their order.
    const { result, committedLater } = await runOnce('pool', { connectMs: 0, lockMs: 300, replyMs: 0, cancelMs: 1_500, budgetMs: 20, lost: 'no' });
    expect(!result.ok && isStoreUnavailable(result.error) && result.error.outcome).toBe('unknown');
    expect(committedLater).toBe(true);
  });

  it('a pool that gives no connection before the deadline: refused unsent, nothing written', async () => {
    const { result, committedLater, db } = await runOnce('pool', { connectMs: 300, lockMs: 0, replyMs: 0, cancelMs: 0, budgetMs: 10, lost: 'no' });
    expect(!result.ok && isStoreUnavailable(result.error) && [result.error.reason, result.error.outcome]).toEqual(['pool', 'none']);
    expect([committedLater, db.cancelsSent]).toEqual([false, 0]);
  });

  it('single-connection clients take turns: a statement whose deadline passes in the queue is never sent', async () => {
    const db: Database = { committed: false, cancelsSent: 0 };
    const slow = new ScriptedEmbedded({ connectMs: 0, lockMs: 80, replyMs: 0, cancelMs: 0, budgetMs: 1_000, lost: 'no' }, { committed: false, cancelsSent: 0 });
    // The queued statement runs on the same client object, scripted to commit at once when sent.
    const sent: string[] = [];
    const client = {
      transaction: slow.transaction.bind(slow),
      query: (text: string) => {
        sent.push(text);
        return text === 'slow' ? slow.query(text) : ((db.committed = true), Promise.resolve({ rows: [] }));
      },
    };
    const first = deadlineQuery(client as never, storeDeadline(1_000))('slow');
    const queued = deadlineQuery(client as never, storeDeadline(20))('fast write', [], undefined, true).catch((error: unknown) => error);
    const error = await queued;
    expect(isStoreUnavailable(error) && [error.reason, error.outcome]).toEqual(['timeout', 'none']);
    await first;
    await pause(20);
    expect([sent, db.committed]).toEqual([['slow'], false]);
  });
});

describe('PGlite (real): a queued write whose deadline passes is never run (issue 32)', () => {
  it('a write queued behind a slow statement on the same PGlite is refused unsent and never commits', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { createPostgresStore } = await import('../../src/postgres/index.js');
    const { fixtureInvoice } = await import('../../src/testing/index.js');
    const lite = await PGlite.create();
    try {
      const id = '0b7c1a9e-1d2f-4c3b-8a4d-0000000000aa';
      const store = await createPostgresStore({ client: lite, seed: { accounts: { acc: { invoices: [fixtureInvoice(id)] } } } });
      const current = await store.getInvoice('acc', id);
      // Another request's statement holds the client's turn for 400 ms (PGlite runs it on this
      // thread, so no timer fires meanwhile: the write's deadline is checked when its turn comes).
      const slow = deadlineQuery(lite, storeDeadline(5_000))('SELECT pg_sleep(0.4)');
      const write = store
        .within(storeDeadline(50))!
        .compareAndSetInvoice('acc', { ...current!.invoice, description: 'queued too long' }, current!.version)
        .catch((error: unknown) => error);
      const error = await write;
      expect(isStoreUnavailable(error) && [error.reason, error.outcome]).toEqual(['timeout', 'none']);
      await slow;
      await pause(50);
      expect((await store.getInvoice('acc', id))?.invoice.description).toBe('original');
    } finally {
      await lite.close();
    }
  }, 180_000);
});
