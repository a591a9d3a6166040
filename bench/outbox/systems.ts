// The producers of bench/outbox.bench.ts: for each system, how the parent sets up a fresh
// database, writes effects (bulk before the throughput phase, one at a time in the latency
// phase), and counts the effects the system has not yet marked done. Each consumer process is
// the script named here (bench/outbox/*.mjs); OPTIONS (JSON) tunes the rows that say so.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { makeWorkerUtils } from 'graphile-worker';
import { fixtureEffect, fixtureInvoice } from '../../src/testing/index.js';

/** One system's side of the parent: writes, and how many effects are not yet marked done. */
export type Producer = {
  /** Writes these effects, in bulk as the system offers it (before the throughput phase). */
  writeMany(ids: readonly string[]): Promise<void>;
  /** Writes one effect and resolves once its commit is acknowledged. */
  writeOne(id: string): Promise<void>;
  /** How many written effects the system has not marked done (delivered) yet. */
  remaining(): Promise<number>;
  close(): Promise<void>;
};

/** A row of the benchmark: a consumer script with its options, and its producer. */
export type System = {
  readonly name: string;
  readonly script: string;
  readonly options?: Readonly<Record<string, unknown>>;
  /** More environment for its consumer processes. */
  readonly env?: Readonly<Record<string, string>>;
  open(url: string): Promise<Producer>;
};

const CHUNK = 100;
const chunks = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** A pool whose idle connections may be cut (the bench drops the database WITH (FORCE)) without an unhandled error. */
function quietPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  return pool;
}

const ACCOUNT = 'acct-outbox-bench';
const INVOICE = 'be4c0000-0000-4000-8000-0000000000b1';

/** payments-kit: the built package's PostgreSQL store; each write is an invoice update with its effects (the outbox pattern). */
async function openOurs(url: string, dist = 'dist'): Promise<Producer> {
  const { createPostgresStore } = (await import(pathToFileURL(resolve(dist, 'postgres/index.js')).href)) as typeof import('../../src/postgres/index.js');
  const pool = quietPool(url, 2);
  const store = await createPostgresStore({ client: pool, seed: { accounts: { [ACCOUNT]: { invoices: [fixtureInvoice(INVOICE)] } } } });
  let version = (await store.getInvoice(ACCOUNT, INVOICE))!.version;
  const write = async (ids: readonly string[]): Promise<void> => {
    const result = await store.compareAndSetInvoice(ACCOUNT, fixtureInvoice(INVOICE, ids[0]), version, {
      effects: ids.map((effectID) => ({ effectID, requestId: 'bench', effect: fixtureEffect(INVOICE) })),
    });
    if (!result.ok) throw new Error(`write ${ids[0]}: ${result.reason}`);
    version = result.version;
  };
  return {
    async writeMany(ids) {
      for (const part of chunks(ids, CHUNK)) await write(part);
    },
    writeOne: (id) => write([id]),
    async remaining() {
      const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM payments_kit.effects WHERE delivered_at IS NULL');
      return rows[0]!.n;
    },
    close: () => pool.end(),
  };
}

/** pg-boss: the queue `effects` created with `notify: true`; `insert` in bulk, `send` one at a time. */
async function openPgBoss(url: string): Promise<Producer> {
  // The producer only writes: no maintenance or schedules of its own.
  const boss = new PgBoss({ connectionString: url, supervise: false, schedule: false });
  boss.on('error', (error: unknown) => console.log(`error pg-boss producer ${String(error)}`));
  await boss.start();
  await boss.createQueue('effects', { notify: true });
  const pool = quietPool(url, 1);
  return {
    async writeMany(ids) {
      for (const part of chunks(ids, 1_000)) await boss.insert('effects', part.map((id) => ({ data: { id } })));
    },
    async writeOne(id) {
      await boss.send('effects', { id });
    },
    async remaining() {
      const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'effects' AND state <> 'completed'`);
      return rows[0]!.n;
    },
    async close() {
      await boss.stop({ graceful: false, close: true });
      await pool.end();
    },
  };
}

/** graphile-worker: `addJobs` in bulk, `addJob` one at a time, task `effect`; a done job is deleted. */
async function openGraphileWorker(url: string): Promise<Producer> {
  // Our pool, not one of its own: the bench drops the database WITH (FORCE) after the run.
  const pool = quietPool(url, 2);
  const utils = await makeWorkerUtils({ pgPool: pool });
  await utils.migrate();
  return {
    async writeMany(ids) {
      for (const part of chunks(ids, 1_000)) await utils.addJobs(part.map((id) => ({ identifier: 'effect', payload: { id } })));
    },
    async writeOne(id) {
      await utils.addJob('effect', { id });
    },
    async remaining() {
      const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM graphile_worker._private_jobs');
      return rows[0]!.n;
    },
    async close() {
      await utils.release();
      await pool.end();
    },
  };
}

/** Another built copy of payments-kit (e.g. the commit before a change), run as the row "payments-kit before": paired in one run. */
const BEFORE_DIST = process.env['BENCH_BEFORE_DIST'];

/** Every row the benchmark can run, by name (BENCH_SYSTEMS picks some, comma-separated). */
export const SYSTEMS: readonly System[] = [
  { name: 'payments-kit', script: 'bench/outbox/ours.mjs', open: openOurs },
  ...(BEFORE_DIST === undefined
    ? []
    : [{ name: 'payments-kit before', script: 'bench/outbox/ours.mjs', env: { DIST: BEFORE_DIST }, open: (url: string) => openOurs(url, BEFORE_DIST) }]),
  { name: 'pg-boss', script: 'bench/outbox/pg-boss.mjs', open: openPgBoss },
  // Four jobs a fetch like our four a claim, and the next fetch at once while fetches come back full.
  { name: 'pg-boss tuned', script: 'bench/outbox/pg-boss.mjs', options: { batchSize: 4, burstWhenBatchFull: true }, open: openPgBoss },
  { name: 'graphile-worker', script: 'bench/outbox/graphile-worker.mjs', open: openGraphileWorker },
  // Four jobs at once, like our default concurrency.
  { name: 'graphile-worker tuned', script: 'bench/outbox/graphile-worker.mjs', options: { concurrency: 4 }, open: openGraphileWorker },
];
