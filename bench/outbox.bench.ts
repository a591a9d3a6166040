// The outbox against pg-boss and graphile-worker on one PostgreSQL server, in one run.
// For each system and each dispatcher count (1 and 2 real child processes, bench/outbox/*.mjs,
// each consuming with a no-op delivery), on a database of its own that this bench creates and
// drops:
//   throughput: BENCH_EFFECTS effects are written first (in bulk), then the consumers get "go"
//     at the same moment; effects/s = effects / (last first-delivery - go). A run not done
//     after BENCH_CAP_MS is cut there and its rate is what it delivered meanwhile.
//   latency: the consumers run and are idle; this process writes BENCH_LATENCY_EFFECTS
//     effects, one write each, at BENCH_RATE a second; each effect's latency is from its
//     acknowledged commit here to its first delivery there (one wall clock: timeOrigin + now()).
// payments-kit runs from the BUILT package (dist/), every option at its default; pg-boss and
// graphile-worker at their defaults plus LISTEN/NOTIFY (pg-boss: useListenNotify and a queue
// with notify: true; graphile-worker always listens). Rows whose name says "tuned" set the
// options shown. Figures go to docs/performance.md by hand (the run they supersede to docs/performance/history.md).
//
//   npm run build && PAYMENTS_KIT_PG_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/outbox.bench.ts
//   BENCH_EFFECTS=10000 BENCH_LATENCY_EFFECTS=1000 BENCH_RATE=200 BENCH_CAP_MS=10000
//   BENCH_DISPATCHERS=1,2 BENCH_SYSTEMS=<names, comma-separated> BENCH_NODE=<node binary for the consumers>
//   BENCH_BEFORE_DIST=<another built copy's dist/>: adds the row "payments-kit before" (paired before/after)
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import pg from 'pg';
import { type Producer, SYSTEMS, type System } from './outbox/systems.js';

const BASE_URL = process.env['PAYMENTS_KIT_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const EFFECTS = Number(process.env['BENCH_EFFECTS'] ?? 10_000);
const LATENCY_EFFECTS = Number(process.env['BENCH_LATENCY_EFFECTS'] ?? 1_000);
const RATE = Number(process.env['BENCH_RATE'] ?? 200);
const CAP_MS = Number(process.env['BENCH_CAP_MS'] ?? 10_000);
const DISPATCHERS = (process.env['BENCH_DISPATCHERS'] ?? '1,2').split(',').map(Number);
const WANTED = process.env['BENCH_SYSTEMS']?.split(',');
const NODE = process.env['BENCH_NODE'] ?? process.execPath;
const READY_MS = 30_000;
const SETTLE_MS = 1_000;
/** How long the latency phase waits for the last deliveries after the last write. */
const LATENCY_WAIT_MS = Number(process.env['BENCH_LATENCY_WAIT_MS'] ?? 35_000);

const now = (): number => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const load = (): string => loadavg()[0]!.toFixed(2);
const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;
};

/** A consumer process: its deliveries so far (effect ID -> first delivery time) and its other output. */
type Consumer = { readonly process: ChildProcess; readonly first: Map<string, number>; deliveries: number; started?: number; readonly notes: string[] };

function startConsumer(system: System, url: string): Promise<Consumer> {
  const child = spawn(NODE, [system.script], {
    env: { ...process.env, ...system.env, PG_URL: url, OPTIONS: JSON.stringify(system.options ?? {}) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const consumer: Consumer = { process: child, first: new Map(), deliveries: 0, notes: [] };
  let rest = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${system.name}: not ready within ${READY_MS} ms: ${consumer.notes.join(' | ')}`));
    }, READY_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('d ')) {
          const [, id, at] = line.split(' ');
          consumer.deliveries += 1;
          if (!consumer.first.has(id!)) consumer.first.set(id!, Number(at));
        } else if (line === 'ready') {
          clearTimeout(timer);
          resolve(consumer);
        } else if (line.startsWith('started ')) consumer.started = Number(line.slice(8));
        else if (line !== '') consumer.notes.push(line);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => consumer.notes.push(chunk.toString().trim()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${system.name}: consumer exited (${code ?? signal}) before it was ready: ${consumer.notes.join(' | ')}`));
    });
  });
}

function stopConsumer(consumer: Consumer): Promise<void> {
  const p = consumer.process;
  if (p.exitCode !== null || p.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => p.kill('SIGKILL'), 10_000);
    p.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    p.kill('SIGTERM');
  });
}

/** Every effect's first delivery across the consumers (the earliest, if two delivered it). */
function firstDeliveries(consumers: readonly Consumer[]): Map<string, number> {
  const all = new Map<string, number>();
  for (const consumer of consumers) for (const [id, at] of consumer.first) if (!(all.get(id)! <= at)) all.set(id, at);
  return all;
}

const admin = new pg.Pool({ connectionString: BASE_URL, max: 1 });
admin.on('error', () => undefined);
const tag = `${process.pid}_${Date.now().toString(36)}`;
let databases = 0;

/** Runs `body` against a database created for it (and dropped after), with the system's producer and `count` consumers. */
async function withSystem<T>(system: System, count: number, body: (producer: Producer, consumers: () => Promise<Consumer[]>) => Promise<T>): Promise<T> {
  const name = `pkb_outbox_${tag}_${databases++}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(BASE_URL), { pathname: `/${name}` }).toString();
  const consumers: Consumer[] = [];
  let producer: Producer | undefined;
  try {
    producer = await system.open(url);
    const start = async () => {
      consumers.push(...(await Promise.all(Array.from({ length: count }, () => startConsumer(system, url)))));
      return consumers;
    };
    return await body(producer, start);
  } finally {
    await Promise.all(consumers.map(stopConsumer));
    for (const consumer of consumers) for (const note of consumer.notes) console.log(`  ${system.name}: ${note}`);
    await producer?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

type Throughput = { system: string; dispatchers: number; delivered: number; perSecond: number; firstMs: number; doneMs: number; duplicates: number; load: string };

async function throughput(system: System, count: number): Promise<Throughput> {
  return withSystem(system, count, async (producer, start) => {
    const ids = Array.from({ length: EFFECTS }, (_, i) => `t${i}`);
    await producer.writeMany(ids);
    const consumers = await start();
    const go = now();
    for (const consumer of consumers) consumer.process.stdin!.write('go\n');
    let seen = firstDeliveries(consumers);
    while (seen.size < EFFECTS && now() - go < CAP_MS) {
      await sleep(10);
      seen = firstDeliveries(consumers);
    }
    const times = [...seen.values()];
    const last = seen.size === EFFECTS ? Math.max(...times) : now();
    // Done as the system's own book-keeping says (marked delivered / completed / deleted).
    let doneMs = NaN;
    if (seen.size === EFFECTS) {
      while (now() - go < CAP_MS + 10_000) {
        if ((await producer.remaining()) === 0) {
          doneMs = now() - go;
          break;
        }
        await sleep(20);
      }
    }
    await sleep(100); // the last flush of every consumer
    const deliveries = consumers.reduce((sum, consumer) => sum + consumer.deliveries, 0);
    return {
      system: system.name,
      dispatchers: count,
      delivered: seen.size,
      perSecond: seen.size / ((last - go) / 1000),
      firstMs: Math.min(...times) - go,
      doneMs,
      duplicates: deliveries - seenSize(consumers),
      load: load(),
    };
  });
}
const seenSize = (consumers: readonly Consumer[]) => firstDeliveries(consumers).size;

type Latency = { system: string; dispatchers: number; delivered: number; p50: number; p99: number; max: number; rate: number; load: string };

async function latency(system: System, count: number): Promise<Latency> {
  return withSystem(system, count, async (producer, start) => {
    const consumers = await start();
    for (const consumer of consumers) consumer.process.stdin!.write('go\n');
    const ready = now();
    while (consumers.some((consumer) => consumer.started === undefined) && now() - ready < READY_MS) await sleep(10);
    await sleep(SETTLE_MS); // listening connections up, first polls done
    const commits = new Map<string, number>();
    const begin = now();
    for (let i = 0; i < LATENCY_EFFECTS; i++) {
      await sleep(begin + (i * 1000) / RATE - now());
      const id = `l${i}`;
      await producer.writeOne(id);
      commits.set(id, now());
    }
    const wrote = (now() - begin) / 1000;
    const deadline = now() + LATENCY_WAIT_MS;
    let seen = firstDeliveries(consumers);
    while (seen.size < LATENCY_EFFECTS && now() < deadline) {
      await sleep(10);
      seen = firstDeliveries(consumers);
    }
    // An effect not delivered within the wait counts as infinitely late (it shows in p99 and max).
    const latencies = [...commits].map(([id, at]) => (seen.has(id) ? seen.get(id)! - at : Infinity));
    return {
      system: system.name,
      dispatchers: count,
      delivered: seen.size,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      max: Math.max(...latencies),
      rate: LATENCY_EFFECTS / wrote,
      load: load(),
    };
  });
}

// In BENCH_SYSTEMS's order when given (so a paired run can swap who goes first), else SYSTEMS's.
const systems = WANTED === undefined ? SYSTEMS : SYSTEMS.filter((system) => WANTED.includes(system.name)).sort((x, y) => WANTED.indexOf(x.name) - WANTED.indexOf(y.name));
console.log(`outbox bench: ${EFFECTS} effects (throughput, cap ${CAP_MS} ms), ${LATENCY_EFFECTS} at ${RATE}/s (latency); consumers on ${NODE} (${process.version} here); load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const throughputs: Throughput[] = [];
const latencies: Latency[] = [];
try {
  for (const count of DISPATCHERS) {
    for (const system of systems) {
      const row = await throughput(system, count);
      throughputs.push(row);
      console.log(`throughput ${row.system} x${count}: ${row.perSecond.toFixed(0)} effects/s (${row.delivered} delivered), first after ${row.firstMs.toFixed(0)} ms, all done after ${row.doneMs.toFixed(0)} ms, ${row.duplicates} duplicates, load ${row.load}`);
    }
  }
  for (const count of DISPATCHERS) {
    for (const system of systems) {
      const row = await latency(system, count);
      latencies.push(row);
      console.log(`latency ${row.system} x${count}: p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, max ${row.max.toFixed(1)} ms (${row.delivered}/${LATENCY_EFFECTS} delivered, written at ${row.rate.toFixed(0)}/s), load ${row.load}`);
    }
  }
} finally {
  await admin.end();
}

console.log(`\nload average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log('| system | dispatchers | effects/s | delivered | first delivery ms | all marked done ms | duplicates | load |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of throughputs) console.log(`| ${r.system} | ${r.dispatchers} | ${r.perSecond.toFixed(0)} | ${r.delivered} | ${r.firstMs.toFixed(0)} | ${Number.isNaN(r.doneMs) ? '-' : r.doneMs.toFixed(0)} | ${r.duplicates} | ${r.load} |`);
console.log('\n| system | dispatchers | p50 ms | p99 ms | max ms | delivered | load |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const r of latencies) console.log(`| ${r.system} | ${r.dispatchers} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.delivered}/${LATENCY_EFFECTS} | ${r.load} |`);
const ours = (rows: readonly { system: string; dispatchers: number }[], count: number) => rows.find((r) => r.system === 'payments-kit' && r.dispatchers === count);
for (const count of DISPATCHERS) {
  const t = ours(throughputs, count) as Throughput | undefined;
  const l = ours(latencies, count) as Latency | undefined;
  for (const peer of throughputs.filter((r) => r.dispatchers === count && r.system !== 'payments-kit'))
    if (t !== undefined) console.log(`x${count} throughput payments-kit / ${peer.system}: ${(t.perSecond / peer.perSecond).toFixed(2)}`);
  for (const peer of latencies.filter((r) => r.dispatchers === count && r.system !== 'payments-kit'))
    if (l !== undefined) console.log(`x${count} latency ${peer.system} / payments-kit (above 1: ours is faster): p50 ${(peer.p50 / l.p50).toFixed(2)}, p99 ${(peer.p99 / l.p99).toFixed(2)}`);
}
