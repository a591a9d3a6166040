import { existsSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPostgresStore } from '../../src/postgres/index.js';
import { fixtureEffect, fixtureInvoice } from '../../src/testing/index.js';
import { createPool, describeRealPostgres, dropSchemas, uniqueSchema } from './helpers.js';
import { type Child, startChild, stopChild, waitForOutput } from './processes/spawn.js';

/** Polls `read` every 50 ms until it gives `expected` (deep-equal as JSON) or 15 s pass; resolves with the last value. */
async function eventually(read: () => Promise<unknown>, expected: unknown): Promise<unknown> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (JSON.stringify(value) === JSON.stringify(expected) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** JSON with sorted keys (the handler may place a new key anywhere). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1))) : v,
  );

// Several processes on one PostgreSQL server, each running the BUILT package (npm test builds
// first; under CI a missing build is a failure, locally these skip with the reason).
const built = existsSync('dist/http/index.js') && existsSync('dist/postgres/index.js');
const ACCOUNT = 'acct-scale';
const INVOICE = '5ca1e000-0000-4000-8000-000000000001';
const READY_MS = 60_000;

describeRealPostgres('scale-out: two handler processes on one PostgreSQL database', (url) => {
  const schema = uniqueSchema('scale');
  let pool: pg.Pool;
  const children: Child[] = [];
  beforeAll(async () => {
    if (!built) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    pool = createPool(url);
    await createPostgresStore({ client: pool, schema, seed: { accounts: { [ACCOUNT]: { invoices: [fixtureInvoice(INVOICE)] } } } });
  }, READY_MS);
  afterAll(async () => {
    await Promise.all(children.map((c) => stopChild(c)));
    await dropSchemas(pool, [schema]);
    await pool.end();
  }, 30_000);

  const startHandler = async () => {
    const child = await startChild('test/postgres/processes/handler.mjs', { PG_URL: url, PG_SCHEMA: schema, ACCOUNT }, /listening (http:\/\/127\.0\.0\.1:\d+)/, READY_MS);
    children.push(child);
    return child.match[1]!;
  };

  it('50 concurrent PATCHes of one invoice: only 200 and 409, each 200 built on the one before, the final invoice is the last 200', async () => {
    // Test-only audit trail: every version the invoice takes, as written.
    await pool.query(`CREATE TABLE "${schema}".audit (version bigint PRIMARY KEY, document text NOT NULL)`);
    await pool.query(`CREATE FUNCTION "${schema}".audit_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO "${schema}".audit VALUES (NEW.version, NEW.document::text); RETURN NEW; END $$`);
    await pool.query(`CREATE TRIGGER audit AFTER UPDATE ON "${schema}".invoices FOR EACH ROW WHEN (NEW.invoice_id = '${INVOICE}') EXECUTE FUNCTION "${schema}".audit_invoice()`);
    const urls = await Promise.all([startHandler(), startHandler()]);
    // Two kinds of change, so a write built on a stale read would show (it would undo the other kind).
    const changeOf = (i: number): Record<string, string> =>
      i % 2 === 0 ? { description: `writer ${i}` } : { dueDate: `2026-05-${String(1 + (i >> 1)).padStart(2, '0')}T00:00:00Z` };
    const results = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const response = await fetch(`${urls[i % 2]}/accounts/${ACCOUNT}/invoices/${INVOICE}`, {
          method: 'PATCH',
          headers: { authorization: 'Bearer writer', 'content-type': 'application/json' },
          body: JSON.stringify(changeOf(i)),
          signal: AbortSignal.timeout(30_000),
        });
        return { i, status: response.status, body: (await response.json()) as Record<string, unknown> };
      }),
    );
    expect(results.filter((r) => r.status !== 200 && r.status !== 409)).toEqual([]);
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    const audit = (await pool.query(`SELECT version::int AS version, document FROM "${schema}".audit ORDER BY version`)).rows as { version: number; document: string }[];
    // Every 200 is exactly one version, in order, with no gap and nothing else written.
    expect(audit.map((a) => a.version)).toEqual(Array.from({ length: ok.length }, (_, k) => k + 2));
    let previous: Record<string, unknown> = JSON.parse(JSON.stringify(fixtureInvoice(INVOICE))) as Record<string, unknown>;
    for (const { document } of audit) {
      const written = JSON.parse(document) as Record<string, unknown>;
      const writers = ok.filter((r) => canonical(r.body) === canonical(written));
      expect(writers.length).toBe(1); // the version is the body one 200 answered
      expect(canonical(written)).toBe(canonical({ ...previous, ...changeOf(writers[0]!.i) })); // built on the version before it
      previous = written;
    }
    const stored = await pool.query(`SELECT document::text AS document FROM "${schema}".invoices WHERE account_id = $1 AND invoice_id = $2`, [ACCOUNT, INVOICE]);
    expect(canonical(JSON.parse(stored.rows[0]?.document as string))).toBe(canonical(previous)); // the final invoice is the last 200
  }, 120_000);

  const startDispatcher = async (env: Record<string, string>) => {
    const child = await startChild('test/postgres/processes/dispatcher.mjs', { PG_URL: url, PG_SCHEMA: schema, ...env }, /^ready$/m, READY_MS);
    children.push(child);
    return child;
  };

  /** Puts one effect per new invoice into the outbox, each with the write that causes it. */
  const enqueue = async (prefix: string, count: number): Promise<string[]> => {
    const ids = Array.from({ length: count }, (_, i) => `5ca1e000-0000-4000-8000-${prefix}${String(i).padStart(12 - prefix.length, '0')}`);
    const store = await createPostgresStore({ client: pool, schema, seed: { accounts: { [ACCOUNT]: { invoices: ids.map((id) => fixtureInvoice(id)) } } } });
    await Promise.all(
      ids.map(async (id) => {
        const written = await store.compareAndSetInvoice(ACCOUNT, fixtureInvoice(id, 'finalized'), '1', { effects: [{ effectID: `eff-${id}`, requestId: `req-${id}`, effect: fixtureEffect(id) }] });
        expect(written.ok).toBe(true);
      }),
    );
    return ids.map((id) => `eff-${id}`);
  };

  const deliveredBy = (child: Child): string[] => child.lines().flatMap((line) => /^delivered (\S+) \d+$/.exec(line)?.[1] ?? []);

  it('two dispatcher processes racing on one outbox deliver each effect exactly once', async () => {
    const dispatchers = await Promise.all([startDispatcher({ DELIVERY_MS: '5' }), startDispatcher({ DELIVERY_MS: '5' })]);
    const effectIDs = await enqueue('a', 60);
    const deadline = Date.now() + 60_000;
    while (new Set(dispatchers.flatMap(deliveredBy)).size < effectIDs.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 500)); // room for a duplicate to show
    const all = dispatchers.flatMap(deliveredBy);
    expect(all.filter((id) => effectIDs.includes(id)).sort()).toEqual([...effectIDs].sort());
    // "delivered" is printed before the dispatcher marks it so: wait (bounded) for the marks.
    expect(await eventually(async () => (await pool.query(`SELECT count(*)::int AS n FROM "${schema}".effects WHERE delivered_at IS NULL AND effect_id = ANY($1)`, [effectIDs])).rows[0]?.n, 0)).toBe(0);
    for (const d of dispatchers) expect(d.lines().filter((l) => l.startsWith('error'))).toEqual([]);
    await Promise.all(dispatchers.map((d) => stopChild(d)));
  }, 120_000);

  it('a dispatcher killed with SIGKILL mid-delivery: another delivers the effect once its lease has run out', async () => {
    const leaseMs = 3_000;
    const doomed = await startDispatcher({ HANG: '1', DELIVERY_TIMEOUT_MS: '2500', LEASE_MS: String(leaseMs) });
    const [effectID] = await enqueue('b', 1);
    await waitForOutput(doomed, new RegExp(`^delivering ${effectID} 1$`, 'm'), 30_000);
    const claimedBy = Date.now(); // the claim happened before this
    doomed.process.kill('SIGKILL');
    await new Promise((resolve) => doomed.process.once('exit', resolve));
    const rescuer = await startDispatcher({});
    await waitForOutput(rescuer, new RegExp(`^delivered ${effectID} 2$`, 'm'), 30_000);
    expect(Date.now() - claimedBy).toBeGreaterThanOrEqual(leaseMs - 1_000); // not before the lease ran out (less the time to notice the claim)
    expect(deliveredBy(rescuer).filter((id) => id === effectID)).toEqual([effectID]);
    const row = async () => (await pool.query(`SELECT attempts, delivered_at IS NOT NULL AS delivered FROM "${schema}".effects WHERE effect_id = $1`, [effectID])).rows[0] as unknown;
    expect(await eventually(row, { attempts: 2, delivered: true })).toEqual({ attempts: 2, delivered: true });
    await stopChild(rescuer);
  }, 120_000);
});
