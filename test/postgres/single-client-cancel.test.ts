// A cancel on a single pg.Client reaches only the statement it was sent for. The server is
// scripted as PostgreSQL behaves: a cancel request travels over a connection of its own, arrives
// after a delay, and cancels WHATEVER statement the backend runs at that moment (nothing when it
// is idle); the cancel's connection closes once the server acted on it. Several requests, each
// with its own deadline, share the one client through `deadlineQuery`; fast-check tries random
// statement durations, budgets and cancel delays. A statement whose own deadline had not passed
// must never be cancelled (before the fix, a late cancel reached the next request's statement).
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { storeDeadline } from '../../src/http/store/deadline.js';
import { deadlineQuery } from '../../src/postgres/bounded.js';

const GRACE_MS = 20;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Statement = { readonly id: number; readonly durationMs: number; cancel: () => void };

/** What the scripted server saw: each cancelled statement, and whether its deadline had passed then. */
type Log = { cancelledEarly: number[]; cancelled: number[] };

/** The scripted server behind one client: the statement it runs now, and the cancels in flight. */
class Backend {
  running: Statement | undefined;
  constructor(
    readonly log: Log,
    readonly cancelDelayMs: number,
  ) {}
}

const backends = new Map<number, Backend>();
let nextProcess = 1;

/**
 * A node-postgres client as `deadlineQuery` and `cancelRunningStatement` read it. Its class, made
 * anew by a canceller, opens a "connection" whose `cancel` reaches the backend after its delay.
 */
class ScriptedClient {
  readonly processID: number;
  readonly secretKey = 7;
  readonly connectionParameters = {};
  readonly host = '127.0.0.1';
  readonly port = 5432;
  #active: object | null = null;
  #listeners = new Map<string, () => void>();
  readonly connection = {
    on: (event: string, listener: () => void) => void this.#listeners.set(`on:${event}`, listener),
    once: (event: string, listener: () => void) => void this.#listeners.set(event, listener),
    connect: () => void setTimeout(() => this.#listeners.get('connect')?.(), 0),
    cancel: (processID: number) => {
      const backend = backends.get(processID);
      setTimeout(() => {
        backend?.running?.cancel();
        // The server closes the cancel's connection once it acted on it.
        this.#listeners.get('end')?.();
      }, backend?.cancelDelayMs ?? 0);
    },
  };

  constructor(readonly backend?: Backend) {
    this.processID = nextProcess++;
    if (backend !== undefined) backends.set(this.processID, backend);
  }

  _getActiveQuery(): object | null {
    return this.#active;
  }

  /** The text is `<id>:<durationMs>:<deadline at>`; the statement sleeps that long unless cancelled. */
  query(text: string): Promise<{ rows: unknown[] }> {
    const backend = this.backend!;
    const [id, duration, at] = text.split(':').map(Number) as [number, number, number];
    const token = {};
    this.#active = token;
    return new Promise((resolve, reject) => {
      const done = setTimeout(() => {
        backend.running = undefined;
        this.#active = null;
        resolve({ rows: [{ id }] });
      }, duration);
      backend.running = {
        id,
        durationMs: duration,
        cancel: () => {
          clearTimeout(done);
          backend.running = undefined;
          this.#active = null;
          backend.log.cancelled.push(id);
          if (performance.now() < at) backend.log.cancelledEarly.push(id);
          reject(Object.assign(new Error('canceling statement due to user request'), { code: '57014' }));
        },
      };
    });
  }
}

it('a cancel sent at one request\'s deadline never cancels another request\'s statement (single pg.Client, scripted server)', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.record({ durationMs: fc.integer({ min: 0, max: 30 }), budgetMs: fc.integer({ min: 2, max: 40 }), delayMs: fc.integer({ min: 0, max: 15 }) }), {
        minLength: 2,
        maxLength: 5,
      }),
      fc.integer({ min: 0, max: 25 }),
      async (requests, cancelDelayMs) => {
        const log: Log = { cancelledEarly: [], cancelled: [] };
        const client = new ScriptedClient(new Backend(log, cancelDelayMs));
        const calls = requests.map(async ({ durationMs, budgetMs, delayMs }, id) => {
          await pause(delayMs);
          const deadline = storeDeadline(budgetMs);
          const query = deadlineQuery(client as never, deadline, GRACE_MS);
          return query(`${id}:${durationMs}:${deadline.at}`).catch(() => undefined);
        });
        await Promise.all(calls);
        await pause(60);
        expect(log.cancelledEarly).toEqual([]);
      },
    ),
    { seed: 4141, numRuns: 40 },
  );
}, 60_000);
