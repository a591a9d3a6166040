import { type PostgresClient, type Query, inTransaction, queryOf } from './client.js';
import { POSTGRES_MESSAGES } from './messages.js';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations.js';
import { DEFAULT_SCHEMA, quoteSchemaName } from './schema-name.js';

/** Options of {@link migratePostgres}. */
export type MigrateOptions = {
  /** The schema (created when absent); default `payments_kit`. */
  readonly schema?: string;
};

/**
 * Creates or upgrades the adapter's tables in `schema`, in one transaction on one connection,
 * under a transaction-scoped advisory lock keyed by the schema name: several processes
 * starting at once run it one after another, and all but the first find nothing to do.
 * Idempotent. Throws when the database holds a newer schema version than this code knows.
 *
 * @example
 * import pg from 'pg';
 * await migratePostgres(new pg.Pool({ connectionString: process.env.DATABASE_URL }), { schema: 'payments_kit' });
 */
export async function migratePostgres(client: PostgresClient, options: MigrateOptions = {}): Promise<void> {
  const schema = options.schema ?? DEFAULT_SCHEMA;
  const s = quoteSchemaName(schema);
  assertClient(client);
  await inTransaction(client, async (query) => {
    await query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`payments-kit:${schema}`]);
    await query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await query(`CREATE TABLE IF NOT EXISTS ${s}.schema_version (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      version integer NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    const current = await readVersion(query, s);
    if (current > SCHEMA_VERSION) throw new Error(POSTGRES_MESSAGES.newerSchema(current, SCHEMA_VERSION));
    for (const migration of MIGRATIONS) {
      if (migration.version <= current) continue;
      for (const statement of migration.statements(s)) await query(statement);
      await query(
        `INSERT INTO ${s}.schema_version (singleton, version) VALUES (true, $1)
         ON CONFLICT (singleton) DO UPDATE SET version = EXCLUDED.version, updated_at = now()`,
        [migration.version],
      );
    }
  });
}

/**
 * Checks that `schema` is at the version this code needs, without changing anything
 * (what `createPostgresStore({ migrate: false })` does). Throws a message that says what to run.
 *
 * @example
 * await checkSchemaVersion(pool, 'payments_kit');
 */
export async function checkSchemaVersion(client: PostgresClient, schema: string): Promise<void> {
  const s = quoteSchemaName(schema);
  assertClient(client);
  const query = queryOf(client);
  const [exists] = await query('SELECT to_regclass($1) IS NOT NULL AS present', [`${s}.schema_version`]);
  const found = exists?.['present'] === true ? await readVersion(query, s) : 0;
  if (found > SCHEMA_VERSION) throw new Error(POSTGRES_MESSAGES.newerSchema(found, SCHEMA_VERSION));
  if (found < SCHEMA_VERSION) throw new Error(POSTGRES_MESSAGES.notMigrated(schema, found, SCHEMA_VERSION));
}

async function readVersion(query: Query, s: string): Promise<number> {
  const [row] = await query(`SELECT version FROM ${s}.schema_version`);
  return row === undefined ? 0 : Number(row['version']);
}

/**
 * Throws a `TypeError` unless `client` has a `query` method (a pg Pool or Client, or PGlite).
 *
 * @example
 * assertClient({}) // throws TypeError
 */
export function assertClient(client: unknown): asserts client is PostgresClient {
  if (client === null || typeof client !== 'object' || typeof (client as { query?: unknown }).query !== 'function') {
    throw new TypeError(POSTGRES_MESSAGES.badClient);
  }
}
