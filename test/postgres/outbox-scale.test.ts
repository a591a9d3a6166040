import { expect, it } from 'vitest';
import { createPostgresStore } from '../../src/postgres/index.js';
import { quoteSchemaName } from '../../src/postgres/schema-name.js';
import { storeStatements } from '../../src/postgres/sql.js';
import { effectsChannel } from '../../src/postgres/channel.js';
import { describeRealPostgres, uniqueSchema, useRealPool } from './helpers.js';

// outboxStats and listDeadEffects on a large outbox: 100,000 delivered rows, 50 pending, 20
// dead. Each of their statements must reach its rows through an index (effects_due,
// effects_dead, effects_delivered), never a sequential scan of the table (which would read
// every delivered row), and the answers must add up.
const DELIVERED = 100_000;

/** Every node of an EXPLAIN (FORMAT JSON) plan. */
function planNodes(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan['Plans'] as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(planNodes)];
}

describeRealPostgres('the outbox on PostgreSQL with 100,000 delivered effects', (url) => {
  const { pool, schemas } = useRealPool(url);

  it('outboxStats and listDeadEffects use the partial indexes: no sequential scan of the effects table', async () => {
    const schema = uniqueSchema('scale');
    schemas.push(schema);
    const store = await createPostgresStore({ client: pool(), schema });
    const s = quoteSchemaName(schema);
    const effect = JSON.stringify({ type: 'invoice.finalized', invoiceID: 'i' });
    await pool().query(
      `INSERT INTO ${s}.effects (effect_id, account_id, request_id, effect, delivered_at, attempts)
       SELECT 'done-' || g, 'acct-' || (g % 7), 'r', $1::json, now() - (g % 240) * interval '1 minute', 1 FROM generate_series(1, ${DELIVERED}) AS g`,
      [effect],
    );
    await pool().query(`INSERT INTO ${s}.effects (effect_id, account_id, request_id, effect) SELECT 'wait-' || g, 'acct-1', 'r', $1::json FROM generate_series(1, 50) AS g`, [effect]);
    await pool().query(
      `INSERT INTO ${s}.effects (effect_id, account_id, request_id, effect, dead_at, last_error, attempts)
       SELECT 'dead-' || lpad(g::text, 3, '0'), 'acct-' || (g % 2), 'r', $1::json, now(), 'Error: no', 25 FROM generate_series(1, 20) AS g`,
      [effect],
    );
    await pool().query(`ANALYZE ${s}.effects`);

    const sql = storeStatements(s, effectsChannel(schema));
    const explained: Array<[string, string, unknown[]]> = [
      ['outboxStats', sql.outboxStats, []],
      ['listDeadEffects', sql.listDeadEffects, [null, null, 100]],
      ['listDeadEffects by account after a cursor', sql.listDeadEffects, ['acct-1', 'dead-005', 10]],
      ['redriveEffects by type', sql.redriveEffects, [null, null, 'invoice.no-such-type']],
    ];
    for (const [name, text, params] of explained) {
      const { rows } = await pool().query(`EXPLAIN (FORMAT JSON) ${text}`, params);
      const plan = (rows[0] as { 'QUERY PLAN': [{ Plan: Record<string, unknown> }] })['QUERY PLAN'][0].Plan;
      const scans = planNodes(plan).filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'effects');
      expect({ name, seqScans: scans.length }).toEqual({ name, seqScans: 0 });
    }

    const stats = await store.outboxStats();
    expect(stats).toMatchObject({ pending: 50, inFlight: 0, dead: 20 });
    // Delivered 0..239 minutes ago, evenly: the rows of minutes 0..59 (a 60-minute window, give or take the boundary minute).
    expect(stats.deliveredLastHour).toBeGreaterThanOrEqual((DELIVERED / 240) * 59);
    expect(stats.deliveredLastHour).toBeLessThanOrEqual((DELIVERED / 240) * 61);
    const firstPage = await store.listDeadEffects({ limit: 8 });
    const secondPage = await store.listDeadEffects({ limit: 100, after: firstPage[firstPage.length - 1]?.effectID ?? '' });
    expect([...firstPage, ...secondPage].map((d) => d.effectID)).toEqual(Array.from({ length: 20 }, (_, i) => `dead-${String(i + 1).padStart(3, '0')}`));
    expect(firstPage[0]).toMatchObject({ attempts: 25, lastError: 'Error: no', accountID: 'acct-1' });
  }, 120_000);
});
