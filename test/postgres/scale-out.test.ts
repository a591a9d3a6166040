import { existsSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPostgresStore } from '../../src/postgres/index.js';
import { fixtureInvoice } from '../../src/testing/index.js';
import { createPool, describeRealPostgres, dropSchemas, uniqueSchema } from './helpers.js';
import { type Child, startChild, stopChild } from './processes/spawn.js';

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

  it('50 concurrent PATCHes of one invoice: only 200 and 409, every 200 stored once, the final invoice is a 200 body', async () => {
    const urls = await Promise.all([startHandler(), startHandler()]);
    const results = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const response = await fetch(`${urls[i % 2]}/accounts/${ACCOUNT}/invoices/${INVOICE}`, {
          method: 'PATCH',
          headers: { authorization: 'Bearer writer', 'content-type': 'application/json' },
          body: JSON.stringify({ description: `writer ${i}` }),
          signal: AbortSignal.timeout(30_000),
        });
        return { status: response.status, body: (await response.json()) as { description?: string } };
      }),
    );
    const statuses = new Set(results.map((r) => r.status));
    expect([...statuses].filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    const { rows } = await pool.query(`SELECT version::int AS version, document::text AS document FROM "${schema}".invoices WHERE account_id = $1 AND invoice_id = $2`, [
      ACCOUNT,
      INVOICE,
    ]);
    // Every 200 moved the version by exactly one (no lost write, no phantom one) ...
    expect(rows[0]?.version).toBe(1 + ok.length);
    // ... and the stored invoice is, byte for byte, the body one of them answered: the last write.
    const stored = JSON.parse(rows[0]?.document as string) as { description: string };
    const winners = ok.filter((r) => JSON.stringify(r.body) === JSON.stringify(stored));
    expect(winners.length).toBe(1);
  }, 120_000);
});
