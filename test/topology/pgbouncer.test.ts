// The store behind PgBouncer in transaction mode, as most payments hosts run PostgreSQL: three
// handler processes, each with its own pool through one PgBouncer (`preparedStatements: false`,
// LISTEN on a direct connection) and a dispatcher, 15 clients writing with Idempotency-Keys.
// Under that load PgBouncer is killed and started again, one row is locked for 8 s, and
// PostgreSQL (a cluster of the suite's own) restarts. Then: the database agrees with every
// answer, every write ended 2xx under its key, every effect was delivered, no setting is left
// on any of PgBouncer's server connections, no prepared-statement error, writes came back
// within 5 s of PgBouncer's return, other rows' p99 stayed under 1 s during the lock, and the
// locked row's writes ended at the request's deadline (5 s) with nothing written.
import { expect, it } from 'vitest';
import { findPostgresBin, startCluster } from '../faults/cluster.js';
import { type Operation, drained, invoiceOf, invoicePath, pause } from '../faults/harness.js';
import { findPgBouncer, settingsLeftOnServers } from './pgbouncer.js';
import { checkAnswersAgainstDatabase, describeWithTools, quantile, startWriters, useTopology } from './topology.js';

const WRITERS = 15;
/** The locked row's invoice: past the writers' own. */
const LOCKED = WRITERS;
const LOCK_MS = 8_000;
const DEADLINE_MS = 5_000;

const bin = await findPostgresBin();
const bouncerBin = await findPgBouncer();
const missing = bin === undefined ? 'initdb/pg_ctl not found' : bouncerBin === undefined ? 'pgbouncer not found (Debian: apt-get install pgbouncer)' : undefined;

describeWithTools('topology: three handler processes through PgBouncer (transaction mode); PgBouncer killed, a row locked, PostgreSQL restarted', missing, () => {
  const topology = useTopology(bouncerBin ?? '', WRITERS + 1, async () => [await startCluster(bin ?? '')]);

  it('holds every promise of docs/storage.md "Running behind PgBouncer"', async () => {
    const { clusters, admin, bouncer, handlers } = topology();
    const cluster = clusters[0];
    if (cluster === undefined) throw new Error('no cluster');
    const writers = startWriters(handlers, WRITERS);
    const { log, call } = writers;
    await pause(1_500);

    // 1. PgBouncer killed for 2 s, then started again.
    await bouncer.kill();
    await pause(2_000);
    await bouncer.start();
    const bouncerBack = Date.now();
    await pause(3_000);

    // 2. One row locked for 8 s while a client writes it under one key; the others keep writing.
    const locker = await admin.connect();
    await locker.query('BEGIN');
    await locker.query(`SELECT 1 FROM faults.invoices WHERE invoice_id = $1 FOR UPDATE`, [invoiceOf(LOCKED)]);
    const lockStart = Date.now();
    const lockedOp: Operation = { client: LOCKED, key: 'locked-1', body: { description: 'behind the lock' }, seen: [], done: false };
    const lockedWriter = (async () => {
      for (let attempt = 0; attempt < 40 && !lockedOp.done; attempt++) {
        const seen = await call('PATCH', invoicePath(LOCKED), lockedOp.body, { 'idempotency-key': lockedOp.key }).catch(() => undefined);
        if (seen !== undefined) {
          lockedOp.seen.push(seen);
          if (seen.status >= 200 && seen.status < 300) lockedOp.done = true;
        }
        if (!lockedOp.done) await pause(100);
      }
    })();
    await pause(LOCK_MS);
    const lockEnd = Date.now();
    await locker.query('ROLLBACK');
    locker.release();
    await lockedWriter;

    // 3. PostgreSQL restarted under the load.
    await cluster.restart();
    await pause(3_000);
    const operations = await writers.stop();
    await drained(admin, 30_000, 200);
    await pause(500);
    const delivered = handlers.flatMap((h) => h.delivered);
    const errors = handlers.flatMap((h) => h.errors);

    // The database agrees with every answer; every write ended 2xx; every effect delivered.
    await checkAnswersAgainstDatabase(admin, operations, delivered);
    expect(lockedOp.done, 'the locked row\'s write ended 2xx once the lock went').toBe(true);
    const lockedRow = await admin.query(`SELECT version::int AS version, document->>'description' AS description FROM faults.invoices WHERE invoice_id = $1`, [invoiceOf(LOCKED)]);
    expect(lockedRow.rows[0]).toEqual({ version: 2, description: 'behind the lock' });

    // No setting left on any of PgBouncer's server connections (a plain SET would stay there).
    expect(await settingsLeftOnServers(bouncer, cluster.url)).toEqual([]);

    // No prepared-statement error anywhere.
    expect(errors.filter((e) => /prepared statement/i.test(e))).toEqual([]);

    // Writes succeed again within 5 s of PgBouncer's return.
    const firstWrite = log.filter((t) => t.ended >= bouncerBack && t.status >= 200 && t.status < 300).map((t) => t.ended);
    expect(Math.min(...firstWrite) - bouncerBack, 'first 2xx after PgBouncer came back (ms)').toBeLessThanOrEqual(5_000);

    // Other rows' p99 < 1 s under the lock.
    const lockedPath = invoicePath(LOCKED);
    const others = log.filter((t) => t.path !== lockedPath && t.started >= lockStart && t.ended <= lockEnd).map((t) => t.ended - t.started);
    expect(others.length).toBeGreaterThan(20);
    expect(quantile(others, 0.99), 'other rows\' p99 under the lock (ms)').toBeLessThan(1_000);

    // The locked row's writes that ended while it was locked: 504 at the deadline, nothing written.
    const underLock = log.filter((t) => t.path === lockedPath && t.ended < lockEnd);
    expect(underLock.length).toBeGreaterThanOrEqual(1);
    for (const attempt of underLock) {
      expect(attempt.status).toBe(504);
      expect(attempt.outcome, 'a locked write\'s 504 says nothing was written').toBeNull();
      expect(attempt.ended - attempt.started).toBeGreaterThanOrEqual(DEADLINE_MS - 500);
      expect(attempt.ended - attempt.started).toBeLessThanOrEqual(DEADLINE_MS + 1_500);
    }
    // Every answer had x-request-id (checked per operation above), the locked row's included.
    for (const seen of lockedOp.seen) expect(seen.requestId).toBeTruthy();
    console.log(
      `topology: ${operations.length} writes; first 2xx ${Math.min(...firstWrite) - bouncerBack} ms after PgBouncer returned; ` +
        `other rows under the lock p99 ${quantile(others, 0.99)} ms (n=${others.length}); locked writes ${underLock.map((t) => t.ended - t.started).join(', ')} ms`,
    );
  }, 150_000);
});
