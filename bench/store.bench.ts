// PATCH invoice through the handler on three stores, from the BUILT package (dist/): the memory
// store (the baseline), the PostgreSQL adapter on PGlite (in memory, in this process) and on a
// PostgreSQL server (PAYMENTS_KIT_PG_URL; the row is skipped without it). The handler is called
// in-process (a WHATWG Request straight to createHandler's function), so the figures are the
// handler plus the store, without HTTP.
//
// 1. Statements and round trips per PATCH, counted by a client wrapper around query(): without
//    and with an Idempotency-Key (the key adds the idempotency begin; the answer is completed
//    in the write's statement).
// 2. Throughput: WRITERS concurrent writers, each PATCHing its own invoice in a loop for
//    DURATION seconds (after a 1 s warm-up); requests per second and latency percentiles.
//
// 3. The cost of the store-call deadline (PostgreSQL server only): the same pool and
//    schema, PATCH/s and p99 with the handler's default storeTimeoutMs (the store's bounded view:
//    statement_timeout/lock_timeout set once per pooled connection, every call raced in the
//    client against a timer, the pool wait included) and with the plain store (no deadline), in
//    ROUNDS interleaved rounds of DURATION seconds each, with and without an Idempotency-Key;
//    ratios per round.
//
// 4. Before and after (PostgreSQL server only, with BENCH_BASELINE_DIST): PATCH/s and
//    p99 with WRITERS writers over 1,000 invoices (each writer picks its next invoice by a fixed
//    pseudo-random walk, so writers sometimes meet on one row and get 409), this tree's dist/
//    against another built copy of the package (BENCH_BASELINE_DIST=<that tree>/dist), each on a
//    pool of 10 and a schema of its own, in ROUNDS interleaved rounds; ratios per round.
//
//   npm run build && npx tsx bench/store.bench.ts
//   BENCH_BASELINE_DIST=/tmp/base/dist BENCH_ONLY=scale PAYMENTS_KIT_PG_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/store.bench.ts
//   BENCH_DURATION=5 BENCH_WRITERS=50 PAYMENTS_KIT_PG_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/store.bench.ts
import { existsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 5);
const WRITERS = Number(process.env['BENCH_WRITERS'] ?? 50);
const PG_URL = process.env['PAYMENTS_KIT_PG_URL'];
const ACCOUNT = 'bench-account';
const SCHEMA = `pk_bench_${process.pid}`;

if (!existsSync(new URL('../dist/postgres/index.js', import.meta.url))) {
  console.error('dist/ is missing: run `npm run build` first (the bench measures the built package)');
  process.exit(1);
}
const http = (await import(new URL('../dist/http/index.js', import.meta.url).href)) as typeof import('../src/http/index.js');
const postgres = (await import(new URL('../dist/postgres/index.js', import.meta.url).href)) as typeof import('../src/postgres/index.js');
const testing = (await import(new URL('../dist/testing/index.js', import.meta.url).href)) as typeof import('../src/testing/index.js');
type Store = import('../src/http/index.js').Store;
type Client = import('../src/postgres/index.js').PostgresClient;

const invoiceIDs = Array.from({ length: WRITERS }, (_, i) => `be4c0000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const seed = { accounts: { [ACCOUNT]: { invoices: invoiceIDs.map((id) => testing.fixtureInvoice(id)) } } };
const auth = http.createStaticAuth({ bench: { scopes: [`/accounts/${ACCOUNT}/invoices.write`] } });

let sequence = 0;
function patchRequest(invoiceID: string, idempotencyKey?: string): Request {
  sequence += 1;
  return new Request(`http://bench.local/accounts/${ACCOUNT}/invoices/${invoiceID}`, {
    method: 'PATCH',
    headers: {
      authorization: 'Bearer bench',
      'content-type': 'application/json',
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    body: JSON.stringify({ description: `write ${sequence}` }),
  });
}

/** A client whose query() calls are counted (each is one statement and one round trip). */
function counting(client: Client): { client: Client; count: () => number; reset: () => void } {
  let n = 0;
  const wrapped = { query: (text: string, params?: unknown[]) => ((n += 1), client.query(text, params)) };
  return { client: wrapped, count: () => n, reset: () => (n = 0) };
}

async function roundTrips(client: Client): Promise<{ plain: number; keyed: number }> {
  const counter = counting(client);
  const store = await postgres.createPostgresStore({ client: counter.client, schema: SCHEMA, migrate: false });
  const handler = http.createHandler({ store, auth });
  const measure = async (key?: string) => {
    counter.reset();
    const response = await handler(patchRequest(invoiceIDs[0]!, key));
    if (response.status !== 200) throw new Error(`PATCH answered ${response.status}: ${await response.text()}`);
    return counter.count();
  };
  return { plain: await measure(), keyed: await measure(`bench-${process.pid}-${Date.now()}`) };
}

/** `cpuUs`: this process's CPU time (user + system) per request: the handler's own cost, steadier than a rate. */
type Throughput = { requests: number; perSecond: number; p50: number; p99: number; failures: number; cpuUs: number };

async function throughput(store: Store, keyed = false): Promise<Throughput> {
  const handler = http.createHandler({ store, auth });
  let key = 0;
  const request = (id: string) => patchRequest(id, keyed ? `bench-${process.pid}-${Date.now()}-${++key}` : undefined);
  const run = async (ms: number, latencies: number[] | undefined) => {
    let failures = 0;
    const end = performance.now() + ms;
    await Promise.all(
      invoiceIDs.map(async (id) => {
        while (performance.now() < end) {
          const started = performance.now();
          const response = await handler(request(id));
          await response.arrayBuffer();
          latencies?.push(performance.now() - started);
          if (response.status !== 200) failures += 1;
        }
      }),
    );
    return failures;
  };
  await run(1_000, undefined);
  const latencies: number[] = [];
  const started = performance.now();
  const cpu = process.cpuUsage();
  const failures = await run(DURATION_S * 1_000, latencies);
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - started) / 1_000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const requests = latencies.length;
  return { requests, perSecond: requests / seconds, p50: at(0.5), p99: at(0.99), failures, cpuUs: (used.user + used.system) / Math.max(1, requests) };
}

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);

/** Median and range of a list of figures, as text (`digits` after the point). */
function spread(ratios: number[], digits = 3): string {
  const sorted = [...ratios].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return `${median.toFixed(digits)} (${(sorted[0] ?? 0).toFixed(digits)} to ${(sorted.at(-1) ?? 0).toFixed(digits)})`;
}

/** Section 3: the handler with the default deadline against the plain store, interleaved. */
async function deadlineCost(store: import('../src/postgres/index.js').PostgresStore): Promise<void> {
  // Without the machinery: a store that is its own deadline view (no cancel, no gate, no race).
  const plain: Store = { ...store, within: () => plain };
  for (const keyed of [false, true]) {
    const rate: number[] = [];
    const p99: number[] = [];
    const cpuAdded: number[] = [];
    const figures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ['with', 'without'] : ['without', 'with'];
      const result: Record<string, Throughput> = {};
      for (const which of order) result[which] = await throughput(which === 'with' ? store : plain, keyed);
      const withDeadline = result['with']!;
      const without = result['without']!;
      rate.push(withDeadline.perSecond / without.perSecond);
      p99.push(withDeadline.p99 / without.p99);
      cpuAdded.push(withDeadline.cpuUs - without.cpuUs);
      figures.push(`${withDeadline.perSecond.toFixed(0)}/${without.perSecond.toFixed(0)} PATCH/s, p99 ${withDeadline.p99.toFixed(1)}/${without.p99.toFixed(1)} ms, non-200 ${withDeadline.failures}/${without.failures}, CPU ${withDeadline.cpuUs.toFixed(0)}/${without.cpuUs.toFixed(0)} µs per PATCH`);
    }
    console.log(`\nDeadline machinery, ${keyed ? 'with' : 'without'} Idempotency-Key, ${WRITERS} writers, ${ROUNDS} rounds of ${DURATION_S} s (with/without):`);
    for (const line of figures) console.log(`  ${line}`);
    console.log(`  PATCH/s ratio with/without: median ${spread(rate)}; p99 ratio: median ${spread(p99)}; CPU added per PATCH: median ${spread(cpuAdded, 1)} µs`);
  }
}

const SCALE_INVOICES = 1_000;

/** PATCH over SCALE_INVOICES invoices through `handler`: WRITERS writers, each on a pseudo-random walk. */
async function scaleRun(handler: (request: Request) => Promise<Response>, ids: readonly string[], ms: number): Promise<Throughput> {
  const latencies: number[] = [];
  let failures = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const end = started + ms;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let step = 0; performance.now() < end; step++) {
        const id = ids[(writer * 7_919 + step * 104_729) % ids.length]!;
        const begun = performance.now();
        const response = await handler(patchRequest(id));
        await response.arrayBuffer();
        latencies.push(performance.now() - begun);
        if (response.status !== 200 && response.status !== 409) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1_000;
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const cpuUs = (used.user + used.system) / Math.max(1, latencies.length);
  return { requests: latencies.length, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), failures, cpuUs };
}

/** Section 4: this tree's built package against BENCH_BASELINE_DIST's, interleaved, on the PostgreSQL server. */
async function scaleBeforeAfter(url: string, baselineDist: string): Promise<void> {
  const load = async (dist: string) => ({
    http: (await import(new URL(`file://${dist}/http/index.js`).href)) as typeof import('../src/http/index.js'),
    postgres: (await import(new URL(`file://${dist}/postgres/index.js`).href)) as typeof import('../src/postgres/index.js'),
  });
  const here = new URL('../dist', import.meta.url).pathname;
  const ids = Array.from({ length: SCALE_INVOICES }, (_, i) => `5ca1e000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  const scaleSeed = { accounts: { [ACCOUNT]: { invoices: ids.map((id) => testing.fixtureInvoice(id)) } } };
  const systems: { name: string; pool: pg.Pool; schema: string; handler: (request: Request) => Promise<Response> }[] = [];
  // With BENCH_PGBOUNCER_URL (a transaction-mode PgBouncer in front of the same server, its
  // server pool as large as the direct pool), this tree runs a third time through it.
  const bouncer = process.env['BENCH_PGBOUNCER_URL'];
  const variants: (readonly [string, string, string, boolean])[] = [
    ['after (this tree)', here, url, true],
    ['before (baseline)', baselineDist, url, true],
    ...(bouncer === undefined || bouncer === '' ? [] : [['after, through PgBouncer', here, bouncer, false] as const]),
  ];
  for (const [name, dist, connectionString, prepared] of variants) {
    const built = await load(dist);
    const schema = `${SCHEMA}_${systems.length}`;
    // The schema is made and seeded on a direct connection; the handler's pool may go through PgBouncer.
    const setup = new pg.Pool({ connectionString: url, max: 2 });
    await setup.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await built.postgres.createPostgresStore({ client: setup, schema, seed: scaleSeed });
    await setup.end();
    const pool = new pg.Pool({ connectionString, max: 10 });
    pool.on('error', () => undefined);
    const store = await built.postgres.createPostgresStore({ client: pool, schema, migrate: false, preparedStatements: prepared });
    const handler = built.http.createHandler({ store, auth: built.http.createStaticAuth({ bench: { scopes: [`/accounts/${ACCOUNT}/invoices.write`] } }) });
    systems.push({ name, pool, schema, handler });
  }
  try {
    for (const system of systems) await scaleRun(system.handler, ids, 1_000);
    const ratios = new Map<string, number[]>([['PATCH/s after/before', []], ['p99 after/before', []], ['handler CPU per PATCH after/before', []], ['PATCH/s PgBouncer/direct', []], ['p99 PgBouncer/direct', []]]);
    const lines: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Each round in another order (rotated), so that no system always runs first.
      const order = systems.map((_, i) => systems[(i + round) % systems.length]!);
      const result = new Map<string, Throughput>();
      for (const system of order) result.set(system.name, await scaleRun(system.handler, ids, DURATION_S * 1_000));
      const after = result.get('after (this tree)')!;
      const before = result.get('before (baseline)')!;
      const through = result.get('after, through PgBouncer');
      ratios.get('PATCH/s after/before')!.push(after.perSecond / before.perSecond);
      ratios.get('p99 after/before')!.push(after.p99 / before.p99);
      ratios.get('handler CPU per PATCH after/before')!.push(after.cpuUs / before.cpuUs);
      if (through !== undefined) {
        ratios.get('PATCH/s PgBouncer/direct')!.push(through.perSecond / after.perSecond);
        ratios.get('p99 PgBouncer/direct')!.push(through.p99 / after.p99);
      }
      lines.push(
        [...result.entries()]
          .map(([name, t]) => `${name}: ${t.perSecond.toFixed(0)} PATCH/s, p99 ${t.p99.toFixed(1)} ms, p50 ${t.p50.toFixed(1)} ms, CPU ${t.cpuUs.toFixed(0)} µs/PATCH, failures ${t.failures}`)
          .join(' | '),
      );
    }
    console.log(`\nBefore/after${bouncer ? ' and through PgBouncer' : ''}: ${WRITERS} writers over ${SCALE_INVOICES} invoices, pool of 10 each, ${ROUNDS} rounds of ${DURATION_S} s, order rotated`);
    for (const line of lines) console.log(`  ${line}`);
    for (const [name, values] of ratios) if (values.length > 0) console.log(`  ${name}: median ${spread(values)}`);
  } finally {
    for (const system of systems) {
      await system.pool.query(`DROP SCHEMA IF EXISTS "${system.schema}" CASCADE`).catch(() => undefined);
      await system.pool.end();
    }
  }
}

const BASELINE_DIST = process.env['BENCH_BASELINE_DIST'];
if (process.env['BENCH_ONLY'] === 'scale') {
  if (PG_URL === undefined || PG_URL === '' || BASELINE_DIST === undefined) {
    console.error('BENCH_ONLY=scale needs PAYMENTS_KIT_PG_URL and BENCH_BASELINE_DIST');
    process.exit(1);
  }
  await scaleBeforeAfter(PG_URL, BASELINE_DIST);
  process.exit(0);
}

type Row = { store: string; trips?: { plain: number; keyed: number }; result: Throughput };
const rows: Row[] = [];

rows.push({ store: 'memory (createMemoryStore)', result: await throughput(http.createMemoryStore({ seed })) });

const lite = await PGlite.create();
try {
  const store = await postgres.createPostgresStore({ client: lite, schema: SCHEMA, seed });
  rows.push({ store: 'PGlite (in memory)', trips: await roundTrips(lite), result: await throughput(store) });
} finally {
  await lite.close();
}

if (PG_URL === undefined || PG_URL === '') {
  console.log('PostgreSQL server: skipped (set PAYMENTS_KIT_PG_URL, e.g. postgres://postgres@127.0.0.1:5432/test)');
} else {
  const pool = new pg.Pool({ connectionString: PG_URL, max: 20 });
  pool.on('error', () => undefined);
  try {
    const store = await postgres.createPostgresStore({ client: pool, schema: SCHEMA, seed });
    rows.push({ store: 'PostgreSQL server (pg.Pool, 20 connections)', trips: await roundTrips(pool), result: await throughput(store) });
    await deadlineCost(store);
    if (BASELINE_DIST !== undefined) await scaleBeforeAfter(PG_URL, BASELINE_DIST);
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
    await pool.end();
  }
}

console.log(`\nPATCH invoice through the handler, ${WRITERS} concurrent writers on distinct invoices, ${DURATION_S} s (Node ${process.versions.node})\n`);
console.log('| store | statements = round trips per PATCH (no key / Idempotency-Key) | PATCH/s | p50 ms | p99 ms | non-200 |');
console.log('|---|---|---|---|---|---|');
for (const { store, trips, result } of rows) {
  const t = trips === undefined ? 'n/a (no database)' : `${trips.plain} / ${trips.keyed}`;
  console.log(`| ${store} | ${t} | ${result.perSecond.toFixed(0)} | ${result.p50.toFixed(2)} | ${result.p99.toFixed(2)} | ${result.failures} |`);
}
