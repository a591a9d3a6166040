// A failover under load, as hosts run PostgreSQL: a primary of the suite's own with a hot standby
// made by pg_basebackup, replicating synchronously (`synchronous_standby_names`); three handler
// processes through one PgBouncer (transaction mode), 15 clients writing with Idempotency-Keys.
// The primary is killed (`pg_ctl stop -m immediate`), the standby promoted, PgBouncer pointed
// at it and reloaded. Then: nothing answered as written is lost, nothing is written twice,
// every effect is delivered (once per ID, or again under the same ID), the keys held by the
// requests the crash cut off are free within 10 s, and the handlers keep serving.
//
// With PAYMENTS_KIT_FAILOVER_ASYNC=1 the standby replicates asynchronously instead, and the
// suite reports how many acknowledged writes the promotion lost rather than asserting none
// (docs/storage.md "Surviving a failover" states the figures).
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { asOwner, findPostgresBin, startCluster } from '../faults/cluster.js';
import { SCHEMA, createFaultPool, drained, invoiceOf, pause } from '../faults/harness.js';
import { findPgBouncer } from './pgbouncer.js';
import { checkAnswersAgainstDatabase, describeWithTools, startWriters, useTopology } from './topology.js';

const WRITERS = 15;
const KEYS_FREE_WITHIN_MS = 10_000;
const ASYNC = process.env.PAYMENTS_KIT_FAILOVER_ASYNC === '1';
const STANDBY_NAME = 'standby1';

const found = await findPostgresBin();
/** The folder of the real `pg_ctl` (a PATH entry may hold only links to some of the tools), where pg_basebackup is too. */
const bin = found === undefined ? undefined : dirname(realpathSync(join(found, 'pg_ctl')));
const bouncerBin = await findPgBouncer();
const missing = bin === undefined ? 'initdb/pg_ctl/pg_basebackup not found' : bouncerBin === undefined ? 'pgbouncer not found (Debian: apt-get install pgbouncer)' : undefined;

describeWithTools(`failover: a ${ASYNC ? 'n asynchronous' : ' synchronous'} hot standby promoted under load, PgBouncer moved to it`, missing, () => {
  const replication = ['wal_level=replica', 'max_wal_senders=5', 'hot_standby=on'];
  const topology = useTopology(
    bouncerBin ?? '',
    WRITERS,
    async () => {
      const primary = await startCluster(bin ?? '', { durableCommit: true, settings: [...replication, ...(ASYNC ? [] : [`synchronous_standby_names=${STANDBY_NAME}`])] });
      const standby = await startCluster(bin ?? '', {
        durableCommit: true,
        settings: [...replication, `cluster_name=${STANDBY_NAME}`],
        // -R: standby.signal and primary_conninfo; the walreceiver names itself after cluster_name.
        init: (data) => asOwner(bin ?? '', 'pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '-c', 'fast']),
      });
      return [primary, standby];
    },
    async (primaryAdmin) => {
      for (let i = 0; i < 100; i++) {
        const { rows } = await primaryAdmin.query(`SELECT sync_state FROM pg_stat_replication WHERE application_name = $1`, [STANDBY_NAME]);
        if (rows[0]?.sync_state === (ASYNC ? 'async' : 'sync')) break;
        await pause(100);
      }
    },
  );

  it(ASYNC ? 'measures what the promotion of an asynchronous standby loses' : 'loses nothing answered as written, writes nothing twice, delivers every effect, frees cut-off keys within 10 s', async () => {
    const { clusters, bouncer, handlers } = topology();
    const [primary, standby] = clusters;
    if (primary === undefined || standby === undefined) throw new Error('no primary and standby');
    const writers = startWriters(handlers, WRITERS);
    const { log } = writers;
    await pause(3_000);

    // The primary dies; the standby is promoted; PgBouncer is pointed at it and reloaded.
    const crashedAt = Date.now();
    await primary.ctl('-m', 'immediate', 'stop');
    await standby.ctl('promote');
    await bouncer.repoint(standby.port);
    const reloadedAt = Date.now();
    await pause(8_000);
    const operations = await writers.stop();

    const admin = createFaultPool(standby.url, 3);
    try {
      await drained(admin, 30_000, 200);
      await pause(500);
      const delivered = handlers.flatMap((h) => h.delivered);
      const { rows } = await admin.query(`SELECT invoice_id, version::int AS version FROM ${SCHEMA}.invoices`);
      const versions = new Map(rows.map((row) => [row.invoice_id as string, row.version as number]));
      let lost = 0;
      let twice = 0;
      for (let client = 0; client < WRITERS; client++) {
        const answered = operations.filter((o) => o.client === client && o.done).length;
        const stored = (versions.get(invoiceOf(client)) ?? 1) - 1;
        lost += Math.max(0, answered - stored);
        twice += Math.max(0, stored - answered);
      }
      const redelivered = delivered.length - new Set(delivered).size;
      const lastHeld = Math.max(0, ...log.filter((t) => t.status === 409).map((t) => t.ended));
      const firstAfter = Math.min(...log.filter((t) => t.started >= reloadedAt && t.status >= 200 && t.status < 300).map((t) => t.ended));
      console.log(
        `failover (${ASYNC ? 'asynchronous' : 'synchronous'} standby): ${operations.length} writes, ${lost} acknowledged and lost, ${twice} written twice, ` +
          `${redelivered} effects delivered again under their ID; reload ${reloadedAt - crashedAt} ms after the crash; first 2xx ${firstAfter - reloadedAt} ms after the reload; ` +
          `last 409 (key still held) ${lastHeld === 0 ? 'none' : `${lastHeld - reloadedAt} ms after the reload`}`,
      );
      if (ASYNC) {
        expect(lost + twice).toBeGreaterThanOrEqual(0);
        return;
      }
      expect(lost, 'acknowledged writes lost').toBe(0);
      expect(twice, 'writes stored twice').toBe(0);
      await checkAnswersAgainstDatabase(admin, operations, delivered);
      if (lastHeld > 0) expect(lastHeld - crashedAt, 'keys cut off by the crash are free within 10 s').toBeLessThanOrEqual(KEYS_FREE_WITHIN_MS);
      expect(firstAfter - reloadedAt, 'the handlers keep serving after the reload (ms to the first 2xx)').toBeLessThanOrEqual(5_000);
    } finally {
      await admin.end();
    }
  }, 150_000);
});
