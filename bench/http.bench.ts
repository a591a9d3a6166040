// HTTP throughput, side by side: bare node:http (the ceiling), Hono on @hono/node-server, and
// our handler through toNodeListener (and mounted in Hono). Each server runs in its own child
// process, pinned to CPU 1 when `taskset` exists; autocannon runs here (CPU 0), on 127.0.0.1.
// The machine is shared, so throughput drifts: scenarios are interleaved in short rounds, the
// bare server is measured at the start and at the end of each round, and each scenario is
// compared with the mean of those two; the table gives the median of the per-round ratios. Bounded: ROUNDS x scenarios x (1 s warm-up + DURATION s).
//   npx tsx bench/http.bench.ts                      (5 rounds of 3 s)
//   BENCH_DURATION=2 BENCH_ROUNDS=3 npx tsx bench/http.bench.ts
import { build } from 'esbuild';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BENCH_HEADERS, DEMO_IDS } from './http/fixtures.js';

type AutocannonResult = { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number };
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const DURATION = Number(process.env['BENCH_DURATION'] ?? 3);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);

const base = `/accounts/${DEMO_IDS.accountID}`;
const auth = BENCH_HEADERS;
const schedulePath = `${base}/schedules/${DEMO_IDS.scheduleID}`;

type Scenario = { name: string; server: string; method: string; path: string; headers?: Record<string, string>; body?: string; ceiling: string };

const BARE = 'bare node:http, fixed small JSON body';
const BARE_SCHEDULE = 'bare node:http, fixed body = our GET schedule answer';
const SCENARIOS: Scenario[] = [
  { name: BARE, server: 'bare', method: 'GET', path: schedulePath, ceiling: BARE },
  { name: BARE_SCHEDULE, server: 'bare-schedule', method: 'GET', path: schedulePath, ceiling: BARE },
  { name: 'Hono on @hono/node-server, fixed small JSON body', server: 'hono-fixed', method: 'GET', path: schedulePath, ceiling: BARE },
  { name: 'ours: GET schedule (toNodeListener)', server: 'ours', method: 'GET', path: schedulePath, headers: auth, ceiling: BARE },
  { name: 'ours: GET adjustment (toNodeListener)', server: 'ours', method: 'GET', path: `${base}/adjustments/${DEMO_IDS.adjustmentID}`, headers: auth, ceiling: BARE },
  {
    name: 'ours: PATCH invoice (toNodeListener)',
    server: 'ours',
    method: 'PATCH',
    path: `${base}/invoices/${DEMO_IDS.invoiceID}`,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ description: 'benchmark update', dueDate: '2026-05-01T00:00:00Z' }),
    ceiling: BARE,
  },
  { name: 'ours in Hono: GET schedule (fetch Request/Response bridge)', server: 'hono-ours', method: 'GET', path: schedulePath, headers: auth, ceiling: BARE },
];

// The servers run as one esbuild bundle (as a consumer's build would ship them), not through
// tsx, whose keepNames transform adds a call to every closure created per request. The bundle
// lives in node_modules/.cache so that it resolves hono and @hono/node-server.
const SERVERS = join('node_modules', '.cache', 'payments-kit-bench', 'servers.mjs');
await build({ entryPoints: ['bench/http/servers.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile: SERVERS, logLevel: 'error' });

const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    execFileSync('taskset', ['-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function startServer(kind: string): Promise<{ child: ChildProcess; port: number }> {
  const [command, args] = hasTaskset
    ? ['taskset', ['-c', '1', process.execPath, SERVERS, kind]]
    : [process.execPath, [SERVERS, kind]];
  const child = spawn(command, args as string[], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /READY (\d+)/.exec(out);
      if (m !== null) resolve({ child, port: Number(m[1]) });
    });
    child.once('exit', (code) => reject(new Error(`server ${kind} exited with ${code}`)));
  });
}

async function measure(scenario: Scenario, port: number): Promise<AutocannonResult> {
  const options = { url: `http://127.0.0.1:${port}${scenario.path}`, method: scenario.method, headers: scenario.headers, body: scenario.body, connections: CONNECTIONS };
  await autocannon({ ...options, duration: 1 }); // warm-up (JIT)
  return autocannon({ ...options, duration: DURATION });
}

const rps = new Map<string, number[]>();
const p99 = new Map<string, number[]>();
/** Per round: the bare server is measured first and again last; its baseline is the mean of both. */
const bareBaseline: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const scenario of [...SCENARIOS, SCENARIOS[0]!]) {
    const { child, port } = await startServer(scenario.server);
    try {
      const r = await measure(scenario, port);
      if (r.non2xx > 0 || r.errors > 0) console.warn(`! ${scenario.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      const previous = rps.get(scenario.name) ?? [];
      if (scenario.name === BARE && previous.length === round) {
        // Second bare run of this round: the round's baseline is the mean of both.
        bareBaseline.push(((previous[round - 1] ?? 0) + r.requests.average) / 2);
      } else {
        rps.set(scenario.name, [...previous, r.requests.average]);
        p99.set(scenario.name, [...(p99.get(scenario.name) ?? []), r.latency.p99]);
      }
      console.error(`round ${round}: ${scenario.name}: ${Math.round(r.requests.average)} req/s`);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

console.log(`\n## HTTP throughput (${CONNECTIONS} connections, ${ROUNDS} rounds x ${DURATION} s, 127.0.0.1, server ${hasTaskset ? 'pinned to CPU 1, load on CPU 0' : 'not pinned'})`);
console.log('| scenario | median req/s | req/s per round | median p99 (ms) | vs bare (median of per-round ratios) | vs bare, same bytes |');
console.log('|---|---:|---|---:|---:|---:|');
console.log(`| (bare baseline per round: mean of its first and last run) | ${fmt(median(bareBaseline))} | ${bareBaseline.map(fmt).join(' / ')} | | | |`);
const bareRounds = bareBaseline;
const bareScheduleRounds = rps.get(BARE_SCHEDULE) ?? [];
for (const scenario of SCENARIOS) {
  const runs = rps.get(scenario.name) ?? [];
  const ratio = median(runs.map((r, i) => r / (bareRounds[i] ?? Number.NaN)));
  const sameBytes = scenario.path === schedulePath && scenario.server !== 'bare' && scenario.server !== 'hono-fixed' && scenario.server !== 'bare-schedule'
    ? median(runs.map((r, i) => r / (bareScheduleRounds[i] ?? Number.NaN))).toFixed(2)
    : '';
  console.log(`| ${scenario.name} | ${fmt(median(runs))} | ${runs.map(fmt).join(' / ')} | ${median(p99.get(scenario.name) ?? [])} | ${ratio.toFixed(2)} | ${sameBytes} |`);
}

// In-process: the cost of the WHATWG Request/Response bridge itself, on one GET adjustment.
// Ours (first, the baseline) is the exchange fast path toNodeListener uses; the other builds a
// Request and reads a Response, as any fetch adapter on Node must.
const { compare } = await import('./compare.js');
const { createHandler, createMemoryStore, createStaticAuth } = await import('../src/http/index.js');
const { ANSWER_EXCHANGE } = await import('../src/http/fast-path.js');
const { DEMO_SEED, DEMO_TOKENS } = await import('./http/fixtures.js');
const inProcess = createHandler({ store: createMemoryStore(DEMO_SEED), auth: createStaticAuth(DEMO_TOKENS) });
const fast = (inProcess as unknown as Record<symbol, (e: unknown) => Promise<unknown>>)[ANSWER_EXCHANGE];
const adjustmentPath = `${base}/adjustments/${DEMO_IDS.adjustmentID}`;
const neverAborted = new AbortController().signal;
const exchangeFor = (path: string) => ({
  method: 'GET',
  path,
  mountPath: '',
  header: (name: string) => auth[name],
  readBody: async () => ({ ok: true, bytes: new Uint8Array(0) }),
  signal: neverAborted,
  toRequest: () => new Request(`http://127.0.0.1${path}`),
});
const adjustmentExchange = exchangeFor(adjustmentPath);
const scheduleExchange = exchangeFor(schedulePath);
await compare([
  {
    title: 'GET adjustment in process: exchange fast path vs WHATWG Request/Response',
    contenders: [
      { name: 'ours: exchange fast path (toNodeListener)', fn: () => fast?.(adjustmentExchange) },
      {
        name: 'fetch handler: new Request + Response.text()',
        fn: async () => (await inProcess(new Request(`http://127.0.0.1${adjustmentPath}`, { headers: auth }))).text(),
      },
    ],
  },
  {
    title: 'GET schedule in process: exchange fast path vs WHATWG Request/Response',
    contenders: [
      { name: 'ours: exchange fast path (toNodeListener)', fn: () => fast?.(scheduleExchange) },
      {
        name: 'fetch handler: new Request + Response.text()',
        fn: async () => (await inProcess(new Request(`http://127.0.0.1${schedulePath}`, { headers: auth }))).text(),
      },
    ],
  },
]);
