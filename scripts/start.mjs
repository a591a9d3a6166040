// `npm start`: builds the package, then runs the reference server from the BUILT package.
// Node http on 127.0.0.1, port from PORT (default 3000); Ctrl-C (SIGINT) or SIGTERM stops it.
//
// Where the data lives (the demo data is inserted when absent; what requests change is kept):
//   npm start                       in memory (lost on exit)
//   npm start -- --data <dir>       PGlite (embedded PostgreSQL) persisted in <dir>
//   DATABASE_URL=postgres://... npm start   a PostgreSQL server (schema PAYMENTS_KIT_PG_SCHEMA, default payments_kit)
// The PostgreSQL adapter and its driver are loaded only in the last two cases.
import { DEMO_SEED, startReferenceServer } from '../dist/http/index.js';

const port = process.env.PORT === undefined || process.env.PORT === '' ? 3000 : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be an integer from 0 to 65535, got "${process.env.PORT}"`);
  process.exit(1);
}

/** `--data <dir>` or `--data=<dir>`; undefined when absent. Exits on a malformed command line. */
function dataDirFromArgs(args) {
  let dir;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--data') dir = args[++i];
    else if (arg.startsWith('--data=')) dir = arg.slice('--data='.length);
    else {
      console.error(`unknown argument "${arg}" (usage: npm start [-- --data <dir>])`);
      process.exit(1);
    }
    if (dir === undefined || dir === '') {
      console.error('--data needs a directory');
      process.exit(1);
    }
  }
  return dir;
}

/** The store and how to close it, for the mode asked for; `undefined` store = memory. */
async function openStore() {
  const dataDir = dataDirFromArgs(process.argv.slice(2));
  const url = process.env.DATABASE_URL;
  const schema = process.env.PAYMENTS_KIT_PG_SCHEMA || undefined;
  if (dataDir !== undefined && url !== undefined && url !== '') {
    throw new Error('give either --data <dir> (PGlite) or DATABASE_URL (a PostgreSQL server), not both');
  }
  if (dataDir === undefined && (url === undefined || url === '')) return { store: undefined, label: 'memory (lost on exit)', close: async () => {} };
  const { createPostgresStore } = await import('../dist/postgres/index.js');
  if (dataDir !== undefined) {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(dataDir);
    try {
      const store = await createPostgresStore({ client: db, seed: DEMO_SEED, ...(schema === undefined ? {} : { schema }) });
      return { store, label: `PGlite in ${dataDir} (schema ${store.schema})`, close: () => db.close() };
    } catch (error) {
      await db.close();
      throw error;
    }
  }
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url });
  // An idle connection the server drops must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error(`database: ${error.message}`));
  try {
    const store = await createPostgresStore({ client: pool, seed: DEMO_SEED, ...(schema === undefined ? {} : { schema }) });
    return { store, label: `PostgreSQL at ${hostOf(url)} (schema ${store.schema})`, close: () => pool.end() };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

let opened;
let reference;
try {
  opened = await openStore();
  reference = await startReferenceServer({ port, ...(opened.store === undefined ? {} : { store: opened.store }) });
  console.log(`store: ${opened.label}`);
} catch (error) {
  console.error(`could not start the reference server: ${error instanceof Error ? error.message : String(error)}`);
  await opened?.close().catch(() => {});
  process.exit(1);
}

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, shutting down`);
  reference
    .close()
    .then(() => opened.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

/** The host part of a connection URL, for the banner (never the password). */
function hostOf(url) {
  try {
    return new URL(url).host || 'the local socket';
  } catch {
    return 'the configured server';
  }
}
