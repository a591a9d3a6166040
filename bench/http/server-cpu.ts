// CPU time per request of whole server processes (node:http included), GET schedule under wrk:
// the servers of bench/http/servers.ts (built package), one at a time on CPU 1, wrk on CPU 0,
// rounds alternating between the kinds. The server's CPU time comes from /proc/<pid>/task/*/schedstat
// (nanoseconds on a CPU), divided by the requests wrk completed. A neighbour's work is not counted,
// but contention still slows each request (caches, the kernel's share of loopback): on a loaded
// machine (load 27) the rounds spread by +-30%, so only medians of interleaved rounds compare, and
// the instruction counts of bench/http/listener-cpu.ts under callgrind are the robust figure.
//   npm run build && npx tsx bench/http/server-cpu.ts ours bare-schedule fastify-fixed
//   BENCH_BASELINE_DIST=<dist of another tree> npx tsx bench/http/server-cpu.ts ours   (adds "ours@baseline")
//   BENCH_ROUNDS=7 BENCH_DURATION=3 npx tsx bench/http/server-cpu.ts ...
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BENCH_HEADERS, DEMO_IDS } from './fixtures.js';
import { pinned } from './load.js';
import { median, startServer, stopServer } from './pair.js';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const DURATION = Number(process.env['BENCH_DURATION'] ?? 3);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const CACHE = join('node_modules', '.cache', 'payments-kit-bench');
mkdirSync(CACHE, { recursive: true });
const SERVERS = join(CACHE, 'servers.mjs');
await build({ entryPoints: ['bench/http/servers.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile: SERVERS, logLevel: 'error' });

const path = `/accounts/${DEMO_IDS.accountID}/schedules/${DEMO_IDS.scheduleID}`;
const script = join(CACHE, 'server-cpu.lua');
writeFileSync(script, Object.entries(BENCH_HEADERS).map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}\n`).join(''));

type Side = { readonly label: string; readonly kind: string; readonly dist: string };
const sides: Side[] = process.argv.slice(2).map((kind) => ({ label: kind, kind, dist: resolve('dist') }));
const baseline = process.env['BENCH_BASELINE_DIST'];
if (baseline !== undefined && baseline !== '') sides.push({ label: 'ours@baseline', kind: 'ours', dist: resolve(baseline) });
if (sides.length === 0) throw new Error('usage: server-cpu.ts <server kind>... (see bench/http/servers.ts)');

/** Nanoseconds the process has spent on a CPU (all its threads: /proc/<pid>/task/*). */
function cpuNs(pid: number): number {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
  return ns;
}

function wrk(port: number, seconds: number): Promise<number> {
  const [command, args] = pinned(0, 'wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '-s', script, `http://127.0.0.1:${port}${path}`]);
  return new Promise((ok, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('close', (code) => {
      const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
      if (code !== 0 || !Number.isFinite(requests) || /Non-2xx/.test(out)) fail(new Error(`wrk (${code}):\n${out}`));
      else ok(requests);
    });
  });
}

const perRequest = new Map<string, number[]>(sides.map((s) => [s.label, []]));
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? sides : [...sides].reverse();
  for (const side of order) {
    const server = await startServer([SERVERS, side.kind, side.dist]);
    try {
      await wrk(server.port, 1); // warm-up
      const pid = server.child.pid as number;
      // taskset execs node: the pid is node's own.
      const before = cpuNs(pid);
      const requests = await wrk(server.port, DURATION);
      perRequest.get(side.label)?.push((cpuNs(pid) - before) / 1000 / requests);
    } finally {
      await stopServer(server);
    }
  }
}
const first = median(perRequest.get(sides[0]?.label ?? '') ?? []);
console.log(`| server (GET schedule, ${ROUNDS} rounds x ${DURATION} s) | CPU µs/request, median | range | vs ${sides[0]?.label} |`);
console.log('|---|---:|---|---:|');
for (const side of sides) {
  const xs = perRequest.get(side.label) ?? [];
  console.log(`| ${side.label} | ${median(xs).toFixed(2)} | ${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)} | ${(median(xs) / first).toFixed(3)} |`);
}
