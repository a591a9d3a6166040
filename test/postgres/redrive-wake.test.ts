import { existsSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type PostgresStore, createPostgresStore } from '../../src/postgres/index.js';
import { listenerApplicationName } from '../../src/postgres/channel.js';
import { fixtureEffect, fixtureInvoice } from '../../src/testing/index.js';
import { createPool, describeRealPostgres, uniqueSchema } from './helpers.js';
import type { Child } from './processes/spawn.js';
import { deliveredAll, deliveries, endListenerSuite, listeningPid, startListener } from './processes/deliveries.js';

// Two processes on one PostgreSQL database: this one makes effects dead and redrives them, a
// child (the BUILT package) runs a started dispatcher that polls only every 30 s. A redrive
// NOTIFYs like a write, so the child delivers the redriven effects at once; without the
// notification it would find them only at its next poll, 30 s later.
const built = existsSync('dist/http/index.js') && existsSync('dist/postgres/index.js');
const ACCOUNT = 'acct-redrive-wake';
const INVOICE = 'a4e00000-0000-4000-8000-0000000000d1';
const READY_MS = 60_000;
/** Far below the child's 30 s poll: only a notification explains a delivery this soon. */
const SOON_MS = 5_000;
const DEAD = Array.from({ length: 20 }, (_, i) => `dead-${i}`);

describeRealPostgres('redriveEffects NOTIFYs: a listening dispatcher in another process delivers redriven effects at once', (url) => {
  const schema = uniqueSchema('redrive_wake');
  let pool: pg.Pool;
  let store: PostgresStore;
  let child: Child | undefined;

  beforeAll(async () => {
    if (!built) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    pool = createPool(url);
    store = await createPostgresStore({ client: pool, schema, seed: { accounts: { [ACCOUNT]: { invoices: [fixtureInvoice(INVOICE)] } } } });
    const { version } = (await store.getInvoice(ACCOUNT, INVOICE))!;
    const written = await store.compareAndSetInvoice(ACCOUNT, fixtureInvoice(INVOICE, 'dead letters'), version, {
      effects: DEAD.map((effectID) => ({ effectID, requestId: `req-${effectID}`, effect: fixtureEffect(INVOICE) })),
    });
    expect(written.ok).toBe(true);
    // Dead before the child starts: claimed here and marked dead, as a dispatcher's last failed attempt does.
    const claimed = await store.claimEffects({ limit: DEAD.length, leaseMs: 60_000 });
    expect(claimed.map((c) => c.effectID).sort()).toEqual([...DEAD].sort());
    for (const claim of claimed) expect(await store.markEffectDead(claim.effectID, claim.claimToken, 'Error: the broker refused')).toBe(true);
    child = await startListener(url, schema, READY_MS);
    await listeningPid(pool, listenerApplicationName(schema));
  }, READY_MS);
  afterAll(() => endListenerSuite(child, pool, schema), 30_000);

  it('a dead effect is not delivered until redriven; redriving one by ID delivers it within 5 s (the poll is 30 s)', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300)); // the child's start-up claims found nothing
    expect(deliveries(child!).size).toBe(0);
    const started = Date.now();
    expect(await store.redriveEffects({ effectID: 'dead-0' })).toBe(1);
    const seen = await deliveredAll(child!, ['dead-0'], SOON_MS);
    expect(seen.has('dead-0')).toBe(true);
    expect(Date.now() - started).toBeLessThan(SOON_MS);
    expect([...seen.keys()]).toEqual(['dead-0']);
  }, 20_000);

  it('redriving all the rest delivers each of them once, within 5 s, and leaves none dead or pending', async () => {
    const started = Date.now();
    expect(await store.redriveEffects({ all: true })).toBe(DEAD.length - 1);
    const seen = await deliveredAll(child!, DEAD, SOON_MS);
    expect(DEAD.filter((id) => !seen.has(id))).toEqual([]);
    expect(Date.now() - started).toBeLessThan(SOON_MS);
    const lines = child!.lines().filter((line) => line.startsWith('delivered '));
    expect(lines).toHaveLength(DEAD.length);
    await expect.poll(async () => store.outboxStats(), { timeout: 5_000 }).toMatchObject({ pending: 0, dead: 0 });
  }, 20_000);
});
