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

/**
 * Runs one statement and returns its rows. `name`, when given, asks for a named prepared
 * statement: on node-postgres the statement is parsed (and its plan cached) once per connection
 * and run by name after; every other client runs `text` as it would without a name. `mutates`
 * marks a statement whose success changes what a client reads back (an invoice write, an
 * evidence record): a deadline-bounded query reports its loss mid-flight as outcome `unknown`.
 */
export type Query = (text: string, params?: readonly unknown[], name?: string, mutates?: boolean) => Promise<readonly Row[]>;

/** node-postgres's query config (`client.query({ name, text, values })`): `pg` is not imported. */
type NamedStatementQueryable = {
  query(config: { readonly name: string; readonly text: string; readonly values?: unknown[] }): Promise<{ rows: unknown[] }>;
};

const isPGlite = (client: PostgresClient): client is PGliteLike => typeof (client as Partial<PGliteLike>).transaction === 'function';

/** True for a node-postgres `Pool` (it hands out connections), false for a single client or PGlite. */
export const isPool = (client: PostgresClient): client is PostgresPoolLike =>
  typeof (client as Partial<PostgresPoolLike>).connect === 'function' && typeof (client as Partial<PostgresPoolLike>).totalCount === 'number';

/**
 * True for node-postgres (a `pg.Pool`, a `pg.Client`, a pooled `pg.Client`), the one client
 * known to take a named statement: told apart by its shape (a pool's `Client` class and
 * `options`; a client's `connectionParameters`), never PGlite. Anything else, a wrapper with
 * only `query(text, params)` included, is sent plain text.
 */
export function takesNamedStatements(client: PostgresQueryable): boolean {
  const shape = client as { transaction?: unknown; Client?: unknown; options?: unknown; connectionParameters?: unknown; connect?: unknown };
  if (typeof shape.transaction === 'function' || typeof shape.connect !== 'function') return false;
  const pool = typeof shape.Client === 'function' && typeof shape.options === 'object' && shape.options !== null;
  const single = typeof shape.connectionParameters === 'object' && shape.connectionParameters !== null;
  return pool || single;
}

/**
 * One statement through `client` (a pool picks any connection; autocommit). A statement given
 * a `name` runs as a named prepared statement on node-postgres (see `takesNamedStatements`,
 * decided once here) and as plain text on any other client.
 *
 * @example
 * const rows = await queryOf(pool)('SELECT 1 AS one'); // [{ one: 1 }]
 * await queryOf(pool)('SELECT $1::int AS n', [1], statementName('SELECT $1::int AS n')); // parsed once per connection
 */
export function queryOf(client: PostgresQueryable): Query {
  const copy = (params: readonly unknown[] | undefined) => (params === undefined ? undefined : [...params]);
  if (!takesNamedStatements(client)) return async (text, params) => (await client.query(text, copy(params))).rows as Row[];
  const named = client as unknown as NamedStatementQueryable;
  return async (text, params, name) => {
    const values = copy(params);
    const result = name === undefined ? await client.query(text, values) : await named.query(values === undefined ? { name, text } : { name, text, values });
    return result.rows as Row[];
  };
}

/**
 * The name a prepared statement of this text gets: `payments_kit_` and a 64-bit FNV-1a hash of
 * the text, in hex. The same text has the same name in every process and every copy of this
 * module (node-postgres refuses one name for two texts on a connection), and a schema's
 * statements differ from another schema's because the schema is in their text.
 *
 * @example
 * statementName('SELECT 1') // 'payments_kit_' + 16 hex digits, the same on every call
 */
export function statementName(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) hash = ((hash ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n) & 0xffffffffffffffffn;
  return `payments_kit_${hash.toString(16).padStart(16, '0')}`;
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
