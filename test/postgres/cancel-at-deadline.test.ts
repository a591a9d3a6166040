// Issue 32 on a real PostgreSQL server: a write that waits on a locked row is cancelled IN THE
// DATABASE at its request's deadline (node-postgres's cancel request), answered "nothing written",
// and never commits when the lock goes; a pool connection a cancel was sent to is not reused; a
// single pg.Client is cancelled too and keeps serving.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isStoreUnavailable, storeDeadline } from '../../src/http/index.js';
import { type PostgresStore, createPostgresStore } from '../../src/postgres/index.js';
import { cancelRunningStatement } from '../../src/postgres/cancel.js';
import { fixtureInvoice } from '../../src/testing/index.js';
import { createPool, describeRealPostgres, dropSchemas, uniqueSchema } from './helpers.js';

const ACCOUNT = 'acc-cancel';
const INVOICE = '0b7c1a9e-1d2f-4c3b-8a4d-000000000032';
const DISPUTE = 'dsp-cancel';

describeRealPostgres('the store\'s within(deadline) view on a real server: cancelled in the database at the deadline', (url) => {
  let pool: pg.Pool;
  let admin: pg.Pool;
  let store: PostgresStore;
  const schema = uniqueSchema('cancel');
  beforeAll(async () => {
    pool = createPool(url, 4);
    admin = createPool(url, 2);
    store = await createPostgresStore({
      client: pool,
      schema,
      seed: { accounts: { [ACCOUNT]: { invoices: [fixtureInvoice(INVOICE)], disputes: [{ disputeID: DISPUTE, status: 'response-needed' }] } } },
    });
  });
  afterAll(async () => {
    await dropSchemas(admin, [schema]);
    await Promise.all([pool.end(), admin.end()]);
  });

  /** Holds `FOR UPDATE` on the invoice and the dispute until `release()`. */
  async function lockRows() {
    const locker = await admin.connect();
    await locker.query('BEGIN');
    await locker.query(`SELECT 1 FROM "${schema}".invoices WHERE account_id = $1 AND invoice_id = $2 FOR UPDATE`, [ACCOUNT, INVOICE]);
    await locker.query(`SELECT 1 FROM "${schema}".disputes WHERE account_id = $1 AND dispute_id = $2 FOR UPDATE`, [ACCOUNT, DISPUTE]);
    return async () => {
      await locker.query('ROLLBACK');
      locker.release();
    };
  }

  const waiting = async () =>
    Number((await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%${schema}%'`)).rows[0]?.n ?? 0);

  it('a write on a locked row: rejected at the deadline with outcome "none", cancelled in the database, never committed', async () => {
    const release = await lockRows();
    try {
      const current = await store.getInvoice(ACCOUNT, INVOICE);
      // 1 s: time for a loaded machine to connect and send the write before its deadline; the
      // test waits until the write waits on the lock (not a fixed 150 ms) and then for the cancel.
      const view = store.within(storeDeadline(1_000))!;
      const started = performance.now();
      const write = view.compareAndSetInvoice(ACCOUNT, { ...current!.invoice, description: 'behind the lock' }, current!.version).catch((e: unknown) => e);
      await expect.poll(waiting, { timeout: 900, interval: 20 }).toBe(1);
      const error = await write;
      const elapsed = performance.now() - started;
      expect(isStoreUnavailable(error) && [error.reason, error.outcome]).toEqual(['timeout', 'none']);
      expect(elapsed).toBeGreaterThanOrEqual(995);
      expect(elapsed).toBeLessThan(1_000 + 1_000);
      // The database no longer runs it: nothing waits on the lock any more.
      expect(await waiting()).toBe(0);
    } finally {
      await release();
    }
    const after = await store.getInvoice(ACCOUNT, INVOICE);
    expect([after?.invoice.description, after?.version]).toEqual(['original', '1']);
  });

  it('an evidence upload on a locked dispute: the same; no record is stored after the lock goes', async () => {
    const release = await lockRows();
    try {
      const error = await store
        .within(storeDeadline(300))!
        .addEvidence(ACCOUNT, { evidenceID: 'ev-1', disputeID: DISPUTE, evidenceType: 'receipt', text: 'late', createdOn: '2026-11-28T00:00:00Z' })
        .catch((e: unknown) => e);
      expect(isStoreUnavailable(error) && error.outcome).toBe('none');
    } finally {
      await release();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await store.listEvidence(ACCOUNT, DISPUTE)).toEqual([]);
  });

  it('the pool serves again after a cancel (the cancelled connection is replaced, not reused)', async () => {
    const release = await lockRows();
    const current = await store.getInvoice(ACCOUNT, INVOICE);
    await store.within(storeDeadline(200))!.compareAndSetInvoice(ACCOUNT, { ...current!.invoice, description: 'x' }, current!.version).catch(() => undefined);
    await release();
    const written = await store.within(storeDeadline(2_000))!.compareAndSetInvoice(ACCOUNT, { ...current!.invoice, description: 'after the lock' }, current!.version);
    expect(written).toEqual({ ok: true, version: '2' });
  });

  it('a single pg.Client: cancelled at the deadline, and the client keeps serving', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const single = await createPostgresStore({ client, schema, migrate: false });
    const release = await lockRows();
    try {
      const current = await single.getInvoice(ACCOUNT, INVOICE);
      const error = await single
        .within(storeDeadline(300))!
        .compareAndSetInvoice(ACCOUNT, { ...current!.invoice, description: 'single behind the lock' }, current!.version)
        .catch((e: unknown) => e);
      expect(isStoreUnavailable(error) && [error.reason, error.outcome]).toEqual(['timeout', 'none']);
      expect(await waiting()).toBe(0);
    } finally {
      await release();
    }
    expect((await single.within(storeDeadline(1_000))!.getInvoice(ACCOUNT, INVOICE))?.invoice.description).toBe('after the lock');
    await client.end();
  });

  it('cancelRunningStatement: nothing running, nothing sent', async () => {
    const connection = await pool.connect();
    try {
      expect(cancelRunningStatement(connection)).toBeUndefined();
    } finally {
      connection.release();
    }
  });
});
