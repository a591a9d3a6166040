// Commit-to-delivery latency across processes on PostgreSQL, LISTEN/NOTIFY against polling, on
// the BUILT package: this process writes (one effect per write, 5 ms apart), two child processes
// (test/postgres/processes/listener.mjs) each run a started dispatcher with the default
// pollIntervalMs (1 000 ms) on a schema of their own, one listening (the PostgreSQL store's
// subscribeToEffects), one not. Each round writes BENCH_EFFECTS effects to each schema,
// interleaved (one to each in turn), then reads when the children delivered them; the table
// gives each side's p50/p99 per round, the median and range over rounds, their ratio, and the
// load average (the machine is shared).
//
//   npm run build && PAYMENTS_KIT_PG_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/wake-ups.bench.ts
//   BENCH_ROUNDS=5 BENCH_EFFECTS=40   (defaults)
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { PostgresStore } from '../src/postgres/index.js';
import { fixtureEffect, fixtureInvoice } from '../src/testing/index.js';
import { type Child, startChild, stopChild } from '../test/postgres/processes/spawn.js';

const URL = process.env['PAYMENTS_KIT_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const EFFECTS = Number(process.env['BENCH_EFFECTS'] ?? 40);
const ACCOUNT = 'acct-bench';
const INVOICE = 'be4c0000-0000-4000-8000-000000000001';
const now = (): number => performance.timeOrigin + performance.now();
const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
};
const median = (values: readonly number[]): number => quantile(values, 0.5);

type Side = { name: string; schema: string; store: PostgresStore; child: Child; version: string; p50: number[]; p99: number[] };

const { createPostgresStore } = (await import(pathToFileURL(resolve('dist/postgres/index.js')).href)) as typeof import('../src/postgres/index.js');
const pool = new pg.Pool({ connectionString: URL, max: 4 });
pool.on('error', () => undefined);
const tag = `${process.pid}_${Date.now().toString(36)}`;
const sides: Side[] = [];
try {
  for (const [name, listen] of [['notify', '1'], ['poll', '0']] as const) {
    const schema = `pkb_wake_${name}_${tag}`;
    const store = await createPostgresStore({ client: pool, schema, seed: { accounts: { [ACCOUNT]: { invoices: [fixtureInvoice(INVOICE)] } } } });
    const child = await startChild('test/postgres/processes/listener.mjs', { PG_URL: URL, PG_SCHEMA: schema, POLL_MS: '1000', LISTEN: listen }, /^ready$/m, 60_000);
    sides.push({ name, schema, store, child, version: (await store.getInvoice(ACCOUNT, INVOICE))!.version, p50: [], p99: [] });
  }
  await new Promise((r) => setTimeout(r, 1_000)); // the listener is up
  for (let round = 0; round < ROUNDS; round++) {
    const commits = sides.map(() => new Map<string, number>());
    for (let i = 0; i < EFFECTS; i++) {
      for (const [index, side] of sides.entries()) {
        const effectID = `r${round}-${i}`;
        const result = await side.store.compareAndSetInvoice(ACCOUNT, fixtureInvoice(INVOICE, effectID), side.version, {
          effects: [{ effectID, requestId: 'bench', effect: fixtureEffect(INVOICE) }],
        });
        commits[index]!.set(effectID, now());
        if (!result.ok) throw new Error(`write ${effectID}: ${result.reason}`);
        side.version = result.version;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    for (const [index, side] of sides.entries()) {
      const deadline = Date.now() + 10_000;
      let seen = new Map<string, number>();
      while (Date.now() < deadline) {
        seen = new Map(side.child.lines().flatMap((line) => { const m = /^delivered (\S+) ([\d.]+)$/.exec(line); return m === null ? [] : [[m[1]!, Number(m[2])] as const]; }));
        if ([...commits[index]!.keys()].every((id) => seen.has(id))) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const latencies = [...commits[index]!].map(([id, at]) => seen.get(id)! - at);
      if (latencies.some(Number.isNaN)) throw new Error(`${side.name}: not every effect was delivered`);
      side.p50.push(quantile(latencies, 0.5));
      side.p99.push(quantile(latencies, 0.99));
    }
  }
  const [notify, poll] = sides as [Side, Side];
  const range = (values: readonly number[]) => `${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)}`;
  const ratios = notify.p50.map((p50, i) => poll.p50[i]! / p50);
  console.log(`rounds ${ROUNDS} x ${EFFECTS} effects per side; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log('| side | p50 ms (median, range) | p99 ms (median, range) |');
  console.log('| --- | --- | --- |');
  for (const side of sides) console.log(`| ${side.name} | ${median(side.p50).toFixed(1)} (${range(side.p50)}) | ${median(side.p99).toFixed(1)} (${range(side.p99)}) |`);
  console.log(`p50 ratio poll/notify: median ${median(ratios).toFixed(0)}x, range ${Math.min(...ratios).toFixed(0)}x-${Math.max(...ratios).toFixed(0)}x`);
} finally {
  await Promise.all(sides.map((side) => stopChild(side.child)));
  for (const side of sides) await pool.query(`DROP SCHEMA IF EXISTS "${side.schema}" CASCADE`);
  await pool.end();
}
