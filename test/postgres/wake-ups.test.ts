import { existsSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type PostgresStore, createPostgresStore } from '../../src/postgres/index.js';
import { listenerApplicationName } from '../../src/postgres/channel.js';
import { fixtureEffect, fixtureInvoice } from '../../src/testing/index.js';
import { createPool, describeRealPostgres, uniqueSchema } from './helpers.js';
import type { Child } from './processes/spawn.js';
import { deliveredAll, deliveries, endListenerSuite, listeningPid as listeningBackend, startListener } from './processes/deliveries.js';

// Two processes on one PostgreSQL database: this one writes, a child (the BUILT package) runs a
// started dispatcher that polls only every 30 s, so every fast delivery is NOTIFY's doing.
const built = existsSync('dist/http/index.js') && existsSync('dist/postgres/index.js');
const ACCOUNT = 'acct-wake';
const INVOICE = 'a4e00000-0000-4000-8000-000000000001';
const READY_MS = 60_000;
const now = (): number => performance.timeOrigin + performance.now();

/** The `q` quantile (nearest rank) of `values`. */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

describeRealPostgres('wake-ups: NOTIFY in the writing process, LISTEN in the dispatcher process', (url) => {
  const schema = uniqueSchema('wake');
  const applicationName = listenerApplicationName(schema);
  let pool: pg.Pool;
  let store: PostgresStore;
  let child: Child | undefined;
  let version = '';
  const written: string[] = [];

  /** One write with one effect; resolves with the time its commit was acknowledged. */
  const write = async (effectID: string): Promise<number> => {
    const result = await store.compareAndSetInvoice(ACCOUNT, fixtureInvoice(INVOICE, effectID), version, {
      effects: [{ effectID, requestId: `req-${effectID}`, effect: fixtureEffect(INVOICE) }],
    });
    const committed = now();
    if (!result.ok) throw new Error(`write ${effectID}: ${result.reason}`);
    version = result.version;
    written.push(effectID);
    return committed;
  };
  /** Writes `count` effects, 5 ms apart, and answers their commit-to-delivery latencies in ms. */
  const latencies = async (prefix: string, count: number): Promise<number[]> => {
    const commits = new Map<string, number>();
    for (let i = 0; i < count; i++) {
      const id = `${prefix}-${i}`;
      commits.set(id, await write(id));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const seen = await deliveredAll(child!, [...commits.keys()], 15_000);
    expect([...commits.keys()].filter((id) => !seen.has(id))).toEqual([]);
    return [...commits].map(([id, committed]) => seen.get(id)! - committed);
  };
  const listeningPid = (other?: number): Promise<number> => listeningBackend(pool, applicationName, other);

  beforeAll(async () => {
    if (!built) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    pool = createPool(url);
    store = await createPostgresStore({ client: pool, schema, seed: { accounts: { [ACCOUNT]: { invoices: [fixtureInvoice(INVOICE)] } } } });
    version = (await store.getInvoice(ACCOUNT, INVOICE))!.version;
    child = await startListener(url, schema, READY_MS);
  }, READY_MS);
  afterAll(() => endListenerSuite(child, pool, schema), 30_000);

  it('200 effects written here reach the other process fast: p50 < 100 ms, p99 < 1 s (its poll is 30 s)', async () => {
    await listeningPid();
    const measured = await latencies('first', 200);
    const p50 = quantile(measured, 0.5);
    const p99 = quantile(measured, 0.99);
    console.log(`wake-ups across processes over 200 effects: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${Math.max(...measured).toFixed(2)} ms`);
    expect(p50).toBeLessThan(100);
    expect(p99).toBeLessThan(1_000);
  }, 40_000);

  it('pg_terminate_backend of the listening connection: it reconnects, what was written meanwhile and after is delivered fast, nothing is lost', async () => {
    const before = await listeningPid();
    await pool.query('SELECT pg_terminate_backend($1)', [before]);
    // Written while the listener may be down: delivered on the reconnect's catch-up wake, long before the 30 s poll.
    const during = now();
    for (let i = 0; i < 10; i++) await write(`during-${i}`);
    const after = await listeningPid(before);
    expect(after).not.toBe(before);
    const caughtUp = await deliveredAll(child!, written, 5_000);
    expect(written.filter((id) => !caughtUp.has(id))).toEqual([]);
    expect(Math.max(...written.filter((id) => id.startsWith('during-')).map((id) => caughtUp.get(id)!)) - during).toBeLessThan(5_000);
    expect(child!.output()).toMatch(/^error listen /m);

    const measured = await latencies('after', 50);
    const p99 = quantile(measured, 0.99);
    console.log(`wake-ups after a reconnect over 50 effects: p50 ${quantile(measured, 0.5).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`);
    expect(p99).toBeLessThan(1_000);
    // Nothing lost: all 260 delivered, and the outbox holds none pending.
    expect(written).toHaveLength(260);
    expect(written.filter((id) => !deliveries(child!).has(id))).toEqual([]);
    await expect.poll(async () => (await store.outboxStats()).pending, { timeout: 5_000 }).toBe(0);
  }, 40_000);
});
