import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { PostgresClient } from '../../src/postgres/index.js';

/** The real server's URL (CI sets it; locally `postgres://postgres@127.0.0.1:5432/test`). */
export const PG_URL = process.env.PAYMENTS_KIT_PG_URL;
const IN_CI = process.env.CI === 'true';

/**
 * `describe` for suites that need a real PostgreSQL server: runs with PAYMENTS_KIT_PG_URL,
 * is skipped with the reason in its name locally without it, and FAILS under CI=true without it.
 */
export function describeRealPostgres(name: string, body: (url: string) => void): void {
  if (PG_URL !== undefined && PG_URL !== '') describe(name, () => body(PG_URL));
  else if (IN_CI) describe(name, () => it('has a PostgreSQL server (PAYMENTS_KIT_PG_URL)', () => { throw new Error('PAYMENTS_KIT_PG_URL is not set, but CI=true: CI must start PostgreSQL and set it (see .ci/run)'); }));
  else describe.skip(`${name} [skipped: PAYMENTS_KIT_PG_URL is not set; e.g. PAYMENTS_KIT_PG_URL=postgres://postgres@127.0.0.1:5432/test]`, () => body(''));
}

let counter = 0;
/** A schema name unique to this test file, process and call (parallel test files never collide). */
export function uniqueSchema(tag: string): string {
  counter += 1;
  return `pkt_${tag}_${process.pid}_${Date.now().toString(36)}_${counter}`.slice(0, 63);
}

/** A schema name unique to the calling describe block, dropped (with its tables) after it. */
export function useDroppedSchema(url: string, tag: string): string {
  const schema = uniqueSchema(tag);
  afterAll(async () => {
    const pool = createPool(url, 1);
    await dropSchemas(pool, [schema]);
    await pool.end();
  });
  return schema;
}

/** Drops the schemas a test file made (best effort, bounded). */
export async function dropSchemas(client: PostgresClient, schemas: readonly string[]): Promise<void> {
  for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}

/** How long a PGlite may take to start: ~3 s on a quiet machine, far more on a loaded one. */
export const PGLITE_START_MS = 180_000;

/** One in-memory PGlite for a test file (creating one takes seconds). */
export async function createPGlite(dataDir?: string): Promise<PGlite> {
  return PGlite.create(dataDir);
}

/**
 * One in-memory PGlite for a describe block, started before its first test (within
 * {@link PGLITE_START_MS}) and closed after its last. Call inside the block; `db()` is valid from
 * the first test on.
 */
export function usePGlite(): () => PGlite {
  let db: PGlite | undefined;
  beforeAll(async () => {
    db = await createPGlite();
  }, PGLITE_START_MS);
  afterAll(async () => {
    await db?.close();
  });
  return () => {
    if (db === undefined) throw new Error('the PGlite is made in beforeAll');
    return db;
  };
}

/** A pool on the real server, small, with an error listener (an idle connection dropping must not crash the run). */
export function createPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000 });
  pool.on('error', () => undefined);
  return pool;
}

/**
 * A pool on the real server for a describe block, and the list of schemas to drop after it.
 * Call inside the block; `pool()` is valid from the first test on.
 */
export function useRealPool(url: string): { pool: () => pg.Pool; schemas: string[] } {
  let pool: pg.Pool | undefined;
  const schemas: string[] = [];
  beforeAll(() => {
    pool = createPool(url);
  });
  afterAll(async () => {
    if (pool === undefined) return;
    await dropSchemas(pool, schemas);
    await pool.end();
  });
  return {
    pool: () => {
      if (pool === undefined) throw new Error('the pool is made in beforeAll');
      return pool;
    },
    schemas,
  };
}
