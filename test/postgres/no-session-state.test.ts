// The store leaves no session state on a connection it borrows: its statement_timeout and
// lock_timeout live in each statement's own implicit transaction (limits.ts), so a pooled
// connection goes back to the pool (and, behind PgBouncer, a server connection to the next
// client) with the server's defaults. Before, a plain `SET` stayed on every connection used.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { storeDeadline, withStoreDeadline } from '../../src/http/index.js';
import { type PostgresStore, createPostgresStore } from '../../src/postgres/index.js';
import { fixtureInvoice } from '../../src/testing/index.js';
import { queryWithinLimits } from '../../src/postgres/limits.js';
import { createPool, describeRealPostgres, dropSchemas, uniqueSchema } from './helpers.js';

const ACCOUNT = 'acc-session';
const INVOICE = '0b7c1a9e-1d2f-4c3b-8a4d-000000000041';
const POOL_SIZE = 3;

describeRealPostgres('no session state on a pooled connection', (url) => {
  let pool: pg.Pool;
  let store: PostgresStore;
  const schema = uniqueSchema('session');
  beforeAll(async () => {
    pool = createPool(url, POOL_SIZE);
    store = await createPostgresStore({ client: pool, schema, seed: { accounts: { [ACCOUNT]: { invoices: [fixtureInvoice(INVOICE)] } } } });
  });
  afterAll(async () => {
    await dropSchemas(pool, [schema]);
    await pool.end();
  });

  const limits = async (client: pg.PoolClient | pg.Client) =>
    (await client.query(`SELECT current_setting('statement_timeout') AS st, current_setting('lock_timeout') AS lt`)).rows[0] as { st: string; lt: string };

  it('every connection the store used keeps the server defaults', async () => {
    const fresh = new pg.Client({ connectionString: url });
    await fresh.connect();
    const defaults = await limits(fresh);
    await fresh.end();
    for (let round = 0; round < 10; round++) {
      const view = store.within(storeDeadline(4_321))!;
      const current = await view.getInvoice(ACCOUNT, INVOICE);
      await Promise.all([view.compareAndSetInvoice(ACCOUNT, { ...current!.invoice, description: `round ${round}` }, current!.version), view.getInvoice(ACCOUNT, INVOICE), withStoreDeadline(store, 3_210).outboxStats()]);
    }
    // Every connection of the pool at once: each is one the store used.
    const connections = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()));
    try {
      for (const connection of connections) expect(await limits(connection)).toEqual(defaults);
    } finally {
      for (const connection of connections) connection.release();
    }
  });

  it('a statement runs with the limits, which end with it (named or not); past them the database cancels it', async () => {
    const connection = await pool.connect();
    try {
      const text = `SELECT current_setting('statement_timeout') AS st, current_setting('lock_timeout') AS lt, $1::int AS n`;
      expect(await queryWithinLimits(connection, 4_321, text, [7], undefined)).toEqual([{ st: '4321ms', lt: '4321ms', n: 7 }]);
      expect(await queryWithinLimits(connection, 1_234, text, [8], 'payments_kit_limits_test')).toEqual([{ st: '1234ms', lt: '1234ms', n: 8 }]);
      expect(await limits(connection)).toEqual({ st: '0', lt: '0' });
      await expect(queryWithinLimits(connection, 150, 'SELECT pg_sleep(2)', [], undefined)).rejects.toMatchObject({ code: '57014' });
      expect((await connection.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
    } finally {
      connection.release();
    }
  });
});
