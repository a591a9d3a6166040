// HTTP throughput, side by side: bare node:http (the ceiling), Hono on @hono/node-server, and
// our handler through toNodeListener (and mounted in Hono). Each server runs in its own child
// process pinned to CPU 1 (`taskset`); the load client (wrk if installed, else autocannon; see
// bench/http/load.ts) runs pinned to CPU 0, on 127.0.0.1. Two measurements, both bounded:
//
// 1. One at a time: scenarios interleaved in rounds; the bare server runs first and last in
//    each round and every scenario is compared with the mean of those two runs; the table
//    gives the median of the per-round ratios. ROUNDS x (scenarios + 1) x (1 s warm-up + DURATION s).
// 2. Paired (wrk only): the bare server and one scenario's server run at the same time on the
//    same CPU, each loaded by its own wrk. The kernel shares the CPU between the two busy
//    servers, so the ratio of their requests per second is the ratio of their costs per
//    request, measured in the same seconds: the machine's drift (this VM's speed moves by
//    +-25% between runs) cancels. PAIRS x DURATION s per scenario.
//
//   npx tsx bench/http.bench.ts                      (5 rounds of 3 s, 6 pairs of 3 s)
//   BENCH_DURATION=2 BENCH_ROUNDS=3 BENCH_PAIRS=4 npx tsx bench/http.bench.ts
//   BENCH_CLIENT=autocannon npx tsx bench/http.bench.ts   (no pairs)
//   BENCH_BASELINE_DIST=<dist/ of another tree> npx tsx bench/http.bench.ts   (also: ours vs an earlier build)
//   BENCH_ONLY='schedule|PATCH' BENCH_ROUNDS=0 npx tsx bench/http.bench.ts   (some scenarios, pairs only)
// With ours' GET schedule and a fixed-answer server (Fastify's, node:http's bytes encoded once,
// or node:http's text with our three headers) selected, ours is also paired with each directly
// (head to head).
import { build } from 'esbuild';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BENCH_HEADERS, BENCH_PATCH_BODY, DEMO_IDS } from './http/fixtures.js';
import { type LoadResult, type Target, hasTaskset, load, pickClient, pinned } from './http/load.js';

const DURATION = Number(process.env['BENCH_DURATION'] ?? 3);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const PAIRS = Number(process.env['BENCH_PAIRS'] ?? 6);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const CLIENT = pickClient();

const base = `/accounts/${DEMO_IDS.accountID}`;
const auth = BENCH_HEADERS;
const schedulePath = `${base}/schedules/${DEMO_IDS.scheduleID}`;

type Scenario = {
  name: string;
  server: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The bare server this scenario is paired with when not the small fixed body (the same bytes as its answer). */
  pairWith?: Scenario;
};

// Every GET scenario sends the same request, our two headers included (the bare and Hono
// servers ignore them): the comparison holds the request fixed and varies only the server.
// The last row shows what those two header lines alone cost a bare server to receive.
const BARE = 'bare node:http, fixed small JSON body';
const BARE_SCHEDULE = 'bare node:http, fixed body = our GET schedule answer';
const invoicePath = `${base}/invoices/${DEMO_IDS.invoiceID}`;
const patchHeaders = { ...auth, 'content-type': 'application/json' };
const patchBody = BENCH_PATCH_BODY;
const bareSchedule: Scenario = { name: BARE_SCHEDULE, server: 'bare-schedule', method: 'GET', path: schedulePath, headers: auth };
const bareInvoice: Scenario = {
  name: 'bare node:http, reads the body, fixed body = our PATCH invoice answer',
  server: 'bare-invoice',
  method: 'PATCH',
  path: invoicePath,
  headers: patchHeaders,
  body: patchBody,
};
const getSchedule = (name: string, server: string): Scenario => ({ name, server, method: 'GET', path: schedulePath, headers: auth, pairWith: bareSchedule });
const patchInvoice = (name: string, server: string): Scenario => ({
  name,
  server,
  method: 'PATCH',
  path: invoicePath,
  headers: patchHeaders,
  body: patchBody,
  pairWith: bareInvoice,
});
const ALL_SCENARIOS: Scenario[] = [
  { name: BARE, server: 'bare', method: 'GET', path: schedulePath, headers: auth },
  bareSchedule,
  bareInvoice,
  { name: 'Hono on @hono/node-server, fixed small JSON body', server: 'hono-fixed', method: 'GET', path: schedulePath, headers: auth },
  getSchedule('ours: GET schedule (payments-kit/node toNodeListener)', 'ours'),
  getSchedule('Fastify 5: GET schedule, route written as a user would', 'fastify-user'),
  getSchedule('Hono on @hono/node-server: GET schedule, route written as a user would', 'hono-user'),
  { name: 'ours: GET adjustment (toNodeListener)', server: 'ours', method: 'GET', path: `${base}/adjustments/${DEMO_IDS.adjustmentID}`, headers: auth },
  patchInvoice('ours: PATCH invoice (payments-kit/node toNodeListener)', 'ours'),
  patchInvoice('Fastify 5: PATCH invoice, route written as a user would', 'fastify-user'),
  patchInvoice('Hono on @hono/node-server: PATCH invoice, route written as a user would', 'hono-user'),
  getSchedule('ours in Hono: GET schedule (fetch Request/Response bridge)', 'hono-ours'),
  getSchedule('Fastify 5: GET schedule, fixed body = our answer (the framework alone)', 'fastify-fixed'),
  // The same answer as a Buffer encoded once (node:http then writes headers and body with
  // writev instead of one write of text): how much the form of the body alone weighs.
  getSchedule('bare node:http, fixed body = our GET schedule answer encoded once (a Buffer)', 'bare-schedule-bytes'),
  getSchedule('Fastify 5: GET schedule, fixed body = our answer encoded once (a Buffer)', 'fastify-fixed-bytes'),
  // The same text with the three headers every answer of ours carries (a fresh x-request-id,
  // content-type, content-length, in our flat-array form): node:http's own cost of our headers,
  // so that ours against it is our code alone.
  getSchedule('bare node:http, fixed body = our GET schedule answer, with our three headers', 'bare-schedule-our-headers'),
  getSchedule('ours on Bun (Bun.serve, dist/): GET schedule', 'bun'),
  getSchedule('ours on Deno (Deno.serve, dist/): GET schedule', 'deno'),
  patchInvoice('ours on Bun (Bun.serve, dist/): PATCH invoice', 'bun'),
  patchInvoice('ours on Deno (Deno.serve, dist/): PATCH invoice', 'deno'),
  { name: 'bare node:http, fixed small JSON body, request without our two headers', server: 'bare', method: 'GET', path: schedulePath },
];
// BENCH_ONLY=<regex>: only the scenarios whose name matches (the bare baseline always runs).
const ONLY = process.env['BENCH_ONLY'];
const SCENARIOS = ALL_SCENARIOS.filter((s, i) => i === 0 || ONLY === undefined || ONLY === '' || new RegExp(ONLY, 'i').test(s.name));
const BARE_SCENARIO = SCENARIOS[0]!;

// Every server loads our code from the built package (dist/, `npm run build` first): what a user
// installs. The harness around it (bench/http/servers.ts, the frameworks' routes) runs as one
// esbuild bundle, not through tsx, whose keepNames transform adds a call to every closure
// created per request; it lives in node_modules/.cache so that it resolves hono and Fastify.
const CACHE = join('node_modules', '.cache', 'payments-kit-bench');
mkdirSync(CACHE, { recursive: true });
const SERVERS = join(CACHE, 'servers.mjs');
await build({ entryPoints: ['bench/http/servers.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile: SERVERS, logLevel: 'error' });

type Running = { child: ChildProcess; port: number };

// Bun and Deno serve the built package (dist/, `npm run build` first) through the runtime
// suite's servers (test/runtimes/servers/), which print {"port":N}.
const RUNTIME_SERVERS = join('test', 'runtimes', 'servers');
const RUNTIMES: Record<string, { bin: string; args: string[]; env?: Record<string, string> }> = {
  bun: { bin: join('node_modules', '.bin', 'bun'), args: ['run', 'bun.mjs'] },
  deno: {
    bin: join('node_modules', '.bin', 'deno'),
    args: ['run', '--quiet', '--no-prompt', '--allow-net=127.0.0.1', `--allow-read=${process.cwd()}`, 'deno.mjs'],
    env: { DENO_DIR: join(process.cwd(), CACHE, 'deno'), NO_COLOR: '1' },
  },
};

const OURS = resolve('dist');
if (!existsSync(join(OURS, 'node', 'index.js'))) throw new Error('no dist/: run `npm run build` first (the servers load the built package)');

function startServer(kind: string, dist = OURS): Promise<Running> {
  const runtime = RUNTIMES[kind];
  const [command, args] =
    runtime === undefined ? pinned(1, process.execPath, [SERVERS, kind, dist]) : pinned(1, join(process.cwd(), runtime.bin), runtime.args);
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    ...(runtime === undefined ? {} : { cwd: RUNTIME_SERVERS, env: { ...process.env, ...runtime.env } }),
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /READY (\d+)|"port":\s*(\d+)/.exec(out);
      if (m !== null) resolve({ child, port: Number(m[1] ?? m[2]) });
    });
    child.once('exit', (code) => reject(new Error(`server ${kind} exited with ${code}`)));
  });
}

async function stopServer({ child }: Running): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

const targetOf = (scenario: Scenario, port: number): Target => ({
  url: `http://127.0.0.1:${port}${scenario.path}`,
  method: scenario.method,
  ...(scenario.headers === undefined ? {} : { headers: scenario.headers }),
  ...(scenario.body === undefined ? {} : { body: scenario.body }),
});

const run = (scenario: Scenario, server: Running, seconds: number): Promise<LoadResult> =>
  load(CLIENT, targetOf(scenario, server.port), { seconds, connections: CONNECTIONS, serverPid: server.child.pid, cacheDir: CACHE });

function check(scenario: Scenario, r: LoadResult): void {
  if (r.bad > 0) console.warn(`! ${scenario.name}: ${r.bad} non-2xx responses or socket errors`);
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (n: number) => (Number.isFinite(n) ? `${Math.round(n * 100)}%` : 'n/a');
const range = (xs: number[]) => `${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)}`;

// 1. One at a time, in rounds.
const rps = new Map<string, number[]>();
const p99 = new Map<string, number[]>();
const busy = new Map<string, number[]>();
const bareBaseline: number[] = [];
const push = (map: Map<string, number[]>, key: string, value: number) => map.set(key, [...(map.get(key) ?? []), value]);
for (let round = 1; round <= ROUNDS; round++) {
  const firstBare: number[] = [];
  for (const scenario of [...SCENARIOS, BARE_SCENARIO]) {
    const server = await startServer(scenario.server);
    try {
      await run(scenario, server, 1); // warm-up (JIT)
      const r = await run(scenario, server, DURATION);
      check(scenario, r);
      if (scenario === BARE_SCENARIO && firstBare.length === 1) bareBaseline.push(((firstBare[0] ?? 0) + r.rps) / 2);
      else {
        if (scenario === BARE_SCENARIO) firstBare.push(r.rps);
        push(rps, scenario.name, r.rps);
        push(p99, scenario.name, r.p99Ms);
        push(busy, scenario.name, r.serverBusy);
      }
      console.error(`round ${round}: ${scenario.name}: ${fmt(r.rps)} req/s, server busy ${pct(r.serverBusy)}`);
    } finally {
      await stopServer(server);
    }
  }
}

const where = `${CONNECTIONS} connections, 127.0.0.1, client ${CLIENT}, ${hasTaskset ? 'server pinned to CPU 1, client to CPU 0' : 'not pinned'}`;
if (ROUNDS > 0) {
  console.log(`\n## HTTP throughput, one server at a time (${ROUNDS} rounds x ${DURATION} s; ${where})`);
  console.log('| scenario | median req/s | req/s per round | median p99 (ms) | server busy | vs bare (median of per-round ratios) | vs bare, same bytes |');
  console.log('|---|---:|---|---:|---:|---:|---:|');
  console.log(`| (bare baseline per round: mean of its first and last run) | ${fmt(median(bareBaseline))} | ${bareBaseline.map(fmt).join(' / ')} | | | | |`);
  const bareScheduleRounds = rps.get(BARE_SCHEDULE) ?? [];
  const servesScheduleAnswer = (s: Scenario) => s.pairWith === bareSchedule;
  for (const scenario of SCENARIOS) {
    const runs = rps.get(scenario.name) ?? [];
    const ratio = median(runs.map((r, i) => r / (bareBaseline[i] ?? Number.NaN)));
    const sameBytes = servesScheduleAnswer(scenario) ? median(runs.map((r, i) => r / (bareScheduleRounds[i] ?? Number.NaN))).toFixed(2) : '';
    console.log(
      `| ${scenario.name} | ${fmt(median(runs))} | ${runs.map(fmt).join(' / ')} | ${median(p99.get(scenario.name) ?? []).toFixed(2)} | ` +
        `${pct(median(busy.get(scenario.name) ?? []))} | ${ratio.toFixed(2)} | ${sameBytes} |`,
    );
  }
}

// 2. Paired on one CPU (wrk only: two autocannon clients would be the bottleneck).
type Side = { scenario: Scenario; dist?: string };

/** Runs `a` and `b` at the same time, PAIRS times (alternating which client starts first); b/a per pair. */
async function paired(a: Side, b: Side): Promise<{ ratios: number[]; aRps: number[]; bRps: number[] }> {
  const serverA = await startServer(a.scenario.server, a.dist);
  const serverB = await startServer(b.scenario.server, b.dist);
  try {
    await Promise.all([run(a.scenario, serverA, 1), run(b.scenario, serverB, 1)]);
    const ratios: number[] = [];
    const aRps: number[] = [];
    const bRps: number[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const runA = () => run(a.scenario, serverA, DURATION);
      const runB = () => run(b.scenario, serverB, DURATION);
      const [ra, rb] = pair % 2 === 0 ? await Promise.all([runA(), runB()]) : await Promise.all([runB(), runA()]).then(([y, x]) => [x, y] as const);
      check(b.scenario, rb);
      ratios.push(rb.rps / ra.rps);
      aRps.push(ra.rps);
      bRps.push(rb.rps);
      console.error(`pair ${pair + 1}: ${b.scenario.name}: ${fmt(rb.rps)} vs ${a.scenario.name}: ${fmt(ra.rps)} req/s`);
    }
    return { ratios, aRps, bRps };
  } finally {
    await Promise.all([stopServer(serverA), stopServer(serverB)]);
  }
}

if (CLIENT === 'wrk' && hasTaskset && PAIRS > 0) {
  console.log(`\n## HTTP throughput, paired with a bare server on CPU 1 (${PAIRS} pairs x ${DURATION} s; ${where})`);
  console.log('| scenario | paired with | vs bare: median | vs bare: range | scenario req/s (median) | bare req/s (median) |');
  console.log('|---|---|---:|---|---:|---:|');
  for (const scenario of [BARE_SCENARIO, ...SCENARIOS.slice(1)]) {
    const bare = scenario.pairWith ?? BARE_SCENARIO;
    const { ratios, aRps, bRps } = await paired({ scenario: bare }, { scenario });
    const label = scenario === BARE_SCENARIO ? `${scenario.name} (a second one: the method's own error)` : scenario.name;
    console.log(`| ${label} | ${bare.server} | ${median(ratios).toFixed(2)} | ${range(ratios)} | ${fmt(median(bRps))} | ${fmt(median(aRps))} |`);
  }

  // Head to head: our GET schedule paired directly with each server sending its fixed bytes
  // (Fastify's own cost, the bytes-encoded-once ceiling, node:http with our headers), so that
  // "at or above Fastify's share" is one ratio measured in the same seconds rather than two
  // from different pairs.
  const oursSchedule = SCENARIOS.find((s) => s.server === 'ours' && s.path === schedulePath);
  const rivals = SCENARIOS.filter((s) => ['fastify-fixed', 'fastify-fixed-bytes', 'bare-schedule-bytes', 'bare-schedule-our-headers'].includes(s.server));
  if (oursSchedule !== undefined && rivals.length > 0) {
    console.log(`\n## Head to head on CPU 1: ${oursSchedule.name} vs each server sending its fixed bytes (${PAIRS} pairs x ${DURATION} s)`);
    console.log('| paired with | ours / it: median | range | ours req/s (median) | its req/s (median) |');
    console.log('|---|---:|---|---:|---:|');
    for (const rival of rivals) {
      const { ratios, aRps, bRps } = await paired({ scenario: rival }, { scenario: oursSchedule });
      console.log(`| ${rival.name} | ${median(ratios).toFixed(2)} | ${range(ratios)} | ${fmt(median(bRps))} | ${fmt(median(aRps))} |`);
    }
  }

  // Before/after: BENCH_BASELINE_DIST names the dist/ of another tree (e.g. an earlier commit,
  // built there; see docs/performance.md); our scenarios are paired with it.
  const baseline = process.env['BENCH_BASELINE_DIST'];
  if (baseline !== undefined && baseline !== '') {
    console.log(`\n## This tree vs the baseline build ${baseline}, paired on CPU 1 (${PAIRS} pairs x ${DURATION} s)`);
    console.log('| scenario | this tree vs baseline: median | range | this tree req/s (median) | baseline req/s (median) |');
    console.log('|---|---:|---|---:|---:|');
    for (const scenario of SCENARIOS.filter((s) => s.server === 'ours')) {
      const { ratios, aRps, bRps } = await paired({ scenario, dist: resolve(baseline) }, { scenario });
      console.log(`| ${scenario.name} | ${median(ratios).toFixed(2)} | ${range(ratios)} | ${fmt(median(bRps))} | ${fmt(median(aRps))} |`);
    }
  }
}

// BENCH_IN_PROCESS=0 skips the in-process comparisons below.
if (process.env['BENCH_IN_PROCESS'] === '0') process.exit(0);

// In-process: the cost of the WHATWG Request/Response bridge itself, on one GET adjustment.
// Ours (first, the baseline) is the exchange fast path toNodeListener uses; the other builds a
// Request and reads a Response, as any fetch adapter on Node must.
const { compare } = await import('./compare.js');
const { createHandler, createMemoryStore, createStaticAuth } = await import('../src/http/index.js');
const { freshUuid } = await import('../src/shared/fresh-uuid.js');
const { DEMO_SEED, DEMO_TOKENS } = await import('./http/fixtures.js');
const inProcess = createHandler({ store: createMemoryStore({ seed: DEMO_SEED }), auth: createStaticAuth(DEMO_TOKENS) });
const fast = (exchange: Parameters<typeof inProcess.answerExchange>[0]) => new Promise((resolve) => inProcess.answerExchange(exchange, (_e, outcome) => resolve(outcome)));
const adjustmentPath = `${base}/adjustments/${DEMO_IDS.adjustmentID}`;
const neverAborted = new AbortController().signal;
const exchangeFor = (path: string) => ({
  method: 'GET' as string,
  path,
  mountPath: '',
  header: (name: string) => auth[name],
  readBody: async () => ({ ok: true as const, bytes: new Uint8Array(0) }),
  signal: neverAborted,
  toRequest: () => new Request(`http://127.0.0.1${path}`),
});
const adjustmentExchange = exchangeFor(adjustmentPath);
const scheduleExchange = exchangeFor(schedulePath);
await compare([
  {
    title: 'GET adjustment in process: handler.answerExchange vs WHATWG Request/Response',
    contenders: [
      { name: 'ours: handler.answerExchange (toNodeListener)', fn: () => fast(adjustmentExchange) },
      {
        name: 'fetch handler: new Request + Response.text()',
        fn: async () => (await inProcess(new Request(`http://127.0.0.1${adjustmentPath}`, { headers: auth }))).text(),
      },
    ],
  },
  {
    title: 'GET schedule in process: handler.answerExchange vs WHATWG Request/Response',
    contenders: [
      { name: 'ours: handler.answerExchange (toNodeListener)', fn: () => fast(scheduleExchange) },
      {
        name: 'fetch handler: new Request + Response.text()',
        fn: async () => (await inProcess(new Request(`http://127.0.0.1${schedulePath}`, { headers: auth }))).text(),
      },
    ],
  },
  {
    title: 'A fresh request id (every response without a valid x-request-id needs one)',
    contenders: [
      { name: 'ours: freshUuid (256 formatted per random fill)', fn: () => freshUuid() },
      { name: 'crypto.randomUUID()', fn: () => globalThis.crypto.randomUUID() },
    ],
  },
]);
