/**
 * The database clients this adapter works with, as structural types: a node-postgres
 * `Pool` or `Client` and a PGlite instance all have `query(text, params) -> { rows }`.
 * Nothing here imports `pg` or PGlite; the client is told apart by its shape.
 */

/** A row as the drivers return it: column name -> value. */
export type Row = Readonly<Record<string, unknown>>;

/** Anything that runs one parameterised statement: `pg.Client`, a `pg.PoolClient`, PGlite, a transaction. */
export type PostgresQueryable = {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
};

/**
 * A connection checked out of a pool. While checked out, node-postgres leaves its `error`
 * events to the borrower: one that arrives between two statements (the backend was
 * terminated) with no listener would crash the process, so the borrower listens (`on`/`off`).
 */
export type PooledConnection = PostgresQueryable & {
  release(error?: Error | boolean): void;
  on?(event: 'error', listener: (error: Error) => void): unknown;
  off?(event: 'error', listener: (error: Error) => void): unknown;
};

/** A node-postgres `Pool` as far as this adapter needs it. */
export type PostgresPoolLike = PostgresQueryable & {
  connect(): Promise<PooledConnection>;
  readonly totalCount: number;
};

/** A PGlite instance as far as this adapter needs it (one connection; `transaction` holds it). */
export type PGliteLike = PostgresQueryable & {
  transaction<T>(callback: (tx: PostgresQueryable) => Promise<T>): Promise<T>;
};

/**
 * What `createPostgresStore` and `migratePostgres` accept: a `pg.Pool`, a `pg.Client`
 * (connected) or a PGlite instance.
 */
export type PostgresClient = PostgresPoolLike | PGliteLike | PostgresQueryable;

/** Runs one statement and returns its rows. */
export type Query = (text: string, params?: readonly unknown[]) => Promise<readonly Row[]>;

const isPGlite = (client: PostgresClient): client is PGliteLike => typeof (client as Partial<PGliteLike>).transaction === 'function';

/** True for a node-postgres `Pool` (it hands out connections), false for a single client or PGlite. */
export const isPool = (client: PostgresClient): client is PostgresPoolLike =>
  typeof (client as Partial<PostgresPoolLike>).connect === 'function' && typeof (client as Partial<PostgresPoolLike>).totalCount === 'number';

/**
 * One statement through `client` (a pool picks any connection; autocommit).
 *
 * @example
 * const rows = await queryOf(pool)('SELECT 1 AS one'); // [{ one: 1 }]
 */
export function queryOf(client: PostgresQueryable): Query {
  return async (text, params) => (await client.query(text, params === undefined ? undefined : [...params])).rows as Row[];
}

/**
 * Runs `work` in one transaction on ONE connection: PGlite's `transaction`, a connection
 * taken from a pool (`pool.connect()`, released after), or `BEGIN`/`COMMIT` on a single
 * client. Rolls back when `work` throws, and rethrows.
 *
 * @example
 * await inTransaction(pool, async (query) => { await query('SELECT pg_advisory_xact_lock(1)'); });
 */
export async function inTransaction<T>(client: PostgresClient, work: (query: Query) => Promise<T>): Promise<T> {
  if (isPGlite(client)) return client.transaction((tx) => work(queryOf(tx)));
  if (isPool(client)) {
    const connection = await client.connect();
    let broken: Error | undefined;
    try {
      return await beginCommit(queryOf(connection), work);
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      // A connection whose transaction failed is destroyed rather than reused: its state is unknown.
      connection.release(broken);
    }
  }
  return beginCommit(queryOf(client), work);
}

async function beginCommit<T>(query: Query, work: (query: Query) => Promise<T>): Promise<T> {
  await query('BEGIN');
  try {
    const result = await work(query);
    await query('COMMIT');
    return result;
  } catch (error) {
    await query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
