import { DEMO_SEED } from '../reference/demo-data.js';
import type { Store, StoreSeed } from '../http/store/port.js';
import { type Result, err, ok } from '../shared/result.js';
import { CLI_MESSAGES } from './messages.js';

/** How long the reference server's pool waits for a connection before the request is a 504. */
const POOL_CONNECT_TIMEOUT_MS = 5_000;

/**
 * Where the reference server keeps its data: in memory (lost on exit), in PGlite persisted in a
 * directory, or on a PostgreSQL server; `schema` is the PostgreSQL schema (default `payments_kit`).
 */
export type StoreChoice =
  | { readonly kind: 'memory' }
  | { readonly kind: 'pglite'; readonly dataDir: string; readonly schema?: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string };

/** An opened store, what the banner calls it, and how to close it (after the server). */
export type OpenedStore = {
  /** `undefined`: the reference server's own memory store. */
  readonly store: Store | undefined;
  readonly label: string;
  close(): Promise<void>;
};

/**
 * What opening a store does besides connecting: the seed inserted where absent, and whether the
 * schema is created or upgraded (else it must be at this code's version already).
 */
export type StoreSetup = { readonly seed?: StoreSeed; readonly migrate: boolean };

/** The reference server's setup: the demo data, the schema migrated. */
export const DEMO_SETUP: StoreSetup = Object.freeze({ seed: DEMO_SEED, migrate: true });

/** The optional peer dependencies a store choice loads. */
type Peer = 'pg' | '@electric-sql/pglite';

const blank = (text: string | undefined): text is undefined => text === undefined || text === '';

/**
 * The store asked for by `--data <dir>` (PGlite) or the `DATABASE_URL` environment variable (a
 * PostgreSQL server), with `PAYMENTS_KIT_PG_SCHEMA` naming the schema; memory when neither is
 * given. Both at once, or an empty `--data`, is a usage error.
 *
 * @example
 * chooseStore('./data', {}) // { ok: true, value: { kind: 'pglite', dataDir: './data' } }
 * chooseStore(undefined, { DATABASE_URL: 'postgres://127.0.0.1/db' }) // { ok: true, value: { kind: 'postgres', url: 'postgres://127.0.0.1/db' } }
 */
export function chooseStore(dataDir: string | undefined, env: Readonly<Record<string, string | undefined>>): Result<StoreChoice, string> {
  const url = env['DATABASE_URL'];
  const schema = blank(env['PAYMENTS_KIT_PG_SCHEMA']) ? {} : { schema: env['PAYMENTS_KIT_PG_SCHEMA'] };
  if (dataDir === '') return err(CLI_MESSAGES.emptyDataDir);
  if (dataDir !== undefined && !blank(url)) return err(CLI_MESSAGES.dataAndDatabaseUrl);
  if (dataDir !== undefined) return ok({ kind: 'pglite', dataDir, ...schema });
  if (!blank(url)) return ok({ kind: 'postgres', url, ...schema });
  return ok({ kind: 'memory' });
}

/**
 * Opens the chosen store, by default holding the demo data (`DEMO_SEED`, inserted where absent;
 * what requests changed is kept) in a migrated schema; `setup` says otherwise (the outbox
 * command opens an existing schema as it is). The PostgreSQL adapter and its driver are loaded only for PGlite or
 * PostgreSQL; a driver that is not installed (both are optional peer dependencies) is an error
 * saying which package to install. `onDatabaseError` hears errors of idle pool connections,
 * which must not crash the server (the next query reconnects).
 *
 * @example
 * const opened = await openReferenceStore({ kind: 'pglite', dataDir: './data' }, console.error);
 * const server = await startReferenceServer({ store: opened.store });
 * await server.close(); await opened.close();
 */
export async function openReferenceStore(choice: StoreChoice, onDatabaseError: (message: string) => void, setup: StoreSetup = DEMO_SETUP): Promise<OpenedStore> {
  if (choice.kind === 'memory') return { store: undefined, label: 'memory (lost on exit)', close: async () => undefined };
  const storeOptions = { ...(choice.schema === undefined ? {} : { schema: choice.schema }), ...(setup.seed === undefined ? {} : { seed: setup.seed }), migrate: setup.migrate };
  if (choice.kind === 'pglite') {
    const { PGlite } = await importPeer('@electric-sql/pglite', '--data', () => import('@electric-sql/pglite'));
    const { createPostgresStore } = await import('../postgres/index.js');
    const db = await PGlite.create(choice.dataDir);
    try {
      const store = await createPostgresStore({ client: db, ...storeOptions });
      return { store, label: `PGlite in ${choice.dataDir} (schema ${store.schema})`, close: () => db.close() };
    } catch (error) {
      await db.close();
      throw error;
    }
  }
  const { default: pg } = await importPeer('pg', 'DATABASE_URL', () => import('pg'));
  const { createPostgresStore } = await import('../postgres/index.js');
  // Bounded connection waits (a dead server or an exhausted pool is a 504, not a hang); idle
  // connections dropped by a restart are reported, not fatal, and the pool reconnects by itself.
  const pool = new pg.Pool({ connectionString: choice.url, connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS });
  pool.on('error', (error) => onDatabaseError(`database: ${error.message}`));
  try {
    const store = await createPostgresStore({ client: pool, ...storeOptions });
    return { store, label: `PostgreSQL at ${hostOf(choice.url)} (schema ${store.schema})`, close: () => pool.end() };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/** `load()`, with "the package is not installed" turned into a message naming the peer to install. */
async function importPeer<T>(peer: Peer, neededBy: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const message = error instanceof Error ? error.message : '';
    if (code === 'ERR_MODULE_NOT_FOUND' && message.includes(`'${peer}'`)) throw new Error(CLI_MESSAGES.missingPeer(peer, neededBy), { cause: error });
    throw error;
  }
}

/** The host part of a connection URL, for the banner (never the password). */
function hostOf(url: string): string {
  try {
    return new URL(url).host || 'the local socket';
  } catch {
    return 'the configured server';
  }
}
