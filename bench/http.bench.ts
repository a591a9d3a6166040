// HTTP throughput, side by side: bare node:http (the ceiling), Hono on @hono/node-server,
// and our handler through toNodeListener (and mounted in Hono). Each server runs in its own
// child process; autocannon runs here, on 127.0.0.1. Bounded: DURATION seconds per run,
// ROUNDS rounds, the scenarios interleaved within each round.
//   npx tsx bench/http.bench.ts            (5 s x 2 rounds)
//   BENCH_DURATION=3 BENCH_ROUNDS=1 npx tsx bench/http.bench.ts
import { build } from 'esbuild';
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BENCH_IDS } from './http/fixtures.js';

type AutocannonResult = { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number; timeouts: number };
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const DURATION = Number(process.env['BENCH_DURATION'] ?? 5);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 2);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);

const base = `/accounts/${BENCH_IDS.accountID}`;
const auth = { authorization: 'Bearer bench', 'x-service-version': 'v2026.04.00' };

type Scenario = { name: string; server: string; method: string; path: string; headers?: Record<string, string>; body?: string };

const SCENARIOS: Scenario[] = [
  { name: 'bare node:http, fixed JSON body (ceiling)', server: 'bare', method: 'GET', path: `${base}/schedules/${BENCH_IDS.scheduleID}` },
  { name: 'Hono on @hono/node-server, fixed JSON body', server: 'hono-fixed', method: 'GET', path: `${base}/schedules/${BENCH_IDS.scheduleID}` },
  { name: 'ours: GET schedule (toNodeListener)', server: 'ours', method: 'GET', path: `${base}/schedules/${BENCH_IDS.scheduleID}`, headers: auth },
  { name: 'ours: GET adjustment (toNodeListener)', server: 'ours', method: 'GET', path: `${base}/adjustments/${BENCH_IDS.adjustmentID}`, headers: auth },
  {
    name: 'ours: PATCH invoice (toNodeListener)',
    server: 'ours',
    method: 'PATCH',
    path: `${base}/invoices/${BENCH_IDS.invoiceID}`,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ description: 'benchmark update', dueDate: '2026-05-01T00:00:00Z' }),
  },
  { name: 'ours in Hono: GET schedule (Request/Response bridge)', server: 'hono-ours', method: 'GET', path: `${base}/schedules/${BENCH_IDS.scheduleID}`, headers: auth },
];

// The servers run as one esbuild bundle (as a consumer's build would ship them), not through
// tsx, whose keepNames transform adds a call to every closure created per request.
// Inside node_modules/.cache so that the bundle resolves hono and @hono/node-server.
const SERVERS = join('node_modules', '.cache', 'payments-kit-bench', 'servers.mjs');
await build({ entryPoints: ['bench/http/servers.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile: SERVERS, logLevel: 'error' });

function startServer(kind: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [SERVERS, kind], { stdio: ['ignore', 'pipe', 'inherit'] });
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
  const url = `http://127.0.0.1:${port}${scenario.path}`;
  // Warm up (JIT), then measure.
  await autocannon({ url, method: scenario.method, headers: scenario.headers, body: scenario.body, connections: CONNECTIONS, duration: 1 });
  return autocannon({ url, method: scenario.method, headers: scenario.headers, body: scenario.body, connections: CONNECTIONS, duration: DURATION });
}

const results = new Map<string, AutocannonResult[]>();
for (let round = 1; round <= ROUNDS; round++) {
  for (const scenario of SCENARIOS) {
    const { child, port } = await startServer(scenario.server);
    try {
      const r = await measure(scenario, port);
      if (r.non2xx > 0 || r.errors > 0) console.warn(`! ${scenario.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      results.set(scenario.name, [...(results.get(scenario.name) ?? []), r]);
      console.error(`round ${round}: ${scenario.name}: ${Math.round(r.requests.average)} req/s`);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const bare = mean((results.get(SCENARIOS[0]!.name) ?? []).map((r) => r.requests.average));
console.log(`\n## HTTP throughput (${CONNECTIONS} connections, ${DURATION} s x ${ROUNDS} rounds, 127.0.0.1)`);
console.log('| scenario | req/s (mean of rounds) | per round | p99 latency (ms) | vs bare |');
console.log('|---|---:|---|---:|---:|');
for (const scenario of SCENARIOS) {
  const runs = results.get(scenario.name) ?? [];
  const rps = mean(runs.map((r) => r.requests.average));
  const rounds = runs.map((r) => Math.round(r.requests.average).toLocaleString('en-US')).join(' / ');
  const p99 = Math.max(...runs.map((r) => r.latency.p99));
  console.log(`| ${scenario.name} | ${Math.round(rps).toLocaleString('en-US')} | ${rounds} | ${p99} | ${(rps / bare).toFixed(2)} |`);
}
