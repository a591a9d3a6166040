// The cost of telemetry over HTTP (requests per second), paired in one run. Each server
// is the built package's handler through payments-kit/node's toNodeListener
// (bench/http/telemetry-server.ts), pinned to CPU 1; two servers run at the same time, each
// loaded by its own wrk on CPU 0 (bench/http/pair.ts), and the ratio of their req/s is the
// ratio of their costs. Pairs, for GET schedule and PATCH invoice (50 connections):
//   off / off        two identical servers: the method's own error
//   noop / off       @opentelemetry/api's no-op tracer and meter
//   sdk / off        SDK, BatchSpanProcessor + InMemorySpanExporter emptied after each batch,
//                    MeterProvider + reader (what a production host runs, bar the network)
//   sdk-kept / off   the same, the exporter emptied once a second (the spans it holds: GC)
//   simple / off     SDK, SimpleSpanProcessor + InMemorySpanExporter, MeterProvider + reader
//   floor: one SDK span / none   no handler: node:http answering our handler's bytes, with
//                    and without one SDK server span and one duration record per request
//                    (the least any instrumentation of the request costs with this SDK;
//                    BENCH_FLOOR_PARTS=trace or meter keeps only the span or only the record)
//   off / base       this build without telemetry vs another build (BENCH_BASELINE_DIST,
//                    named BENCH_BASELINE_LABEL; skipped without it): the package built before
//                    telemetry, or this tree with the request path's telemetry hooks removed
//
//   npm run build && npx tsx bench/telemetry-http.bench.ts
//   BENCH_BASELINE_DIST=/tmp/otel-base/dist BENCH_PAIRS=5 BENCH_DURATION=3 npx tsx bench/telemetry-http.bench.ts
// (the baseline builds: docs/performance/history.md, "the cost of telemetry").
// BENCH_ONLY=<regex> runs only the pairs whose label matches. BENCH_STORE=postgres serves from the
// PostgreSQL store (PAYMENTS_KIT_PG_URL; each server its own schema) instead of the memory store;
// there PATCH invoice goes to BENCH_INVOICES (default 1,000) invoices in turn, so that 50
// connections rewrite different rows (on one invoice most answers would be 409 conflicts).
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { BENCH_HEADERS, BENCH_PATCH_BODY, DEMO_IDS, benchInvoiceIDs } from './http/fixtures.js';
import { hasTaskset, pickClient } from './http/load.js';
import { type Request, type Running, median, paired, startServer, stopServer } from './http/pair.js';

const PAIRS = Number(process.env['BENCH_PAIRS'] ?? 5);
const DURATION = Number(process.env['BENCH_DURATION'] ?? 3);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const OURS = resolve(process.env['BENCH_DIST'] ?? 'dist');
const BASELINE = process.env['BENCH_BASELINE_DIST'];
const BASELINE_LABEL = process.env['BENCH_BASELINE_LABEL'] ?? 'base';
if (pickClient() !== 'wrk' || !hasTaskset) throw new Error('this bench needs wrk and taskset');

const CACHE = join('node_modules', '.cache', 'payments-kit-bench');
mkdirSync(CACHE, { recursive: true });
const SERVER = join(CACHE, 'telemetry-server.mjs');
await build({ entryPoints: ['bench/http/telemetry-server.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile: SERVER, logLevel: 'error' });

const account = `/accounts/${DEMO_IDS.accountID}`;
const ON_POSTGRES = process.env['BENCH_STORE'] === 'postgres';
if (ON_POSTGRES) process.env['BENCH_INVOICES'] ??= '1000';
const invoicePaths = ON_POSTGRES ? benchInvoiceIDs(Number(process.env['BENCH_INVOICES'])).map((id) => `${account}/invoices/${id}`) : undefined;
const REQUESTS: Record<string, Request & { readonly route: string }> = {
  'GET schedule': { method: 'GET', path: `${account}/schedules/${DEMO_IDS.scheduleID}`, route: '/accounts/{accountID}/schedules/{scheduleID}', headers: BENCH_HEADERS },
  'PATCH invoice': {
    method: 'PATCH',
    path: `${account}/invoices/${DEMO_IDS.invoiceID}`,
    route: '/accounts/{accountID}/invoices/{invoiceID}',
    headers: { ...BENCH_HEADERS, 'content-type': 'application/json' },
    body: BENCH_PATCH_BODY,
    ...(invoicePaths === undefined ? {} : { paths: invoicePaths }),
  },
};
type Side = { readonly dist: string; readonly variant: string };
const PAIRINGS: { readonly label: string; readonly a: Side; readonly b: Side }[] = [
  { label: 'off / off (method error)', a: { dist: OURS, variant: 'off' }, b: { dist: OURS, variant: 'off' } },
  { label: 'noop / off', a: { dist: OURS, variant: 'off' }, b: { dist: OURS, variant: 'noop' } },
  { label: 'sdk (batch) / off', a: { dist: OURS, variant: 'off' }, b: { dist: OURS, variant: 'sdk' } },
  { label: 'sdk (batch, spans kept 1 s) / off', a: { dist: OURS, variant: 'off' }, b: { dist: OURS, variant: 'sdk-kept' } },
  { label: 'sdk (simple) / off', a: { dist: OURS, variant: 'off' }, b: { dist: OURS, variant: 'simple' } },
  // The SDK's own floor: no handler, node:http answering our bytes, with and without one span.
  { label: 'floor: one SDK span / none', a: { dist: OURS, variant: 'floor-off' }, b: { dist: OURS, variant: 'floor-sdk' } },
  ...(BASELINE === undefined ? [] : [{ label: `off / ${BASELINE_LABEL}`, a: { dist: resolve(BASELINE), variant: 'off' }, b: { dist: OURS, variant: 'off' } }]),
];

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(`telemetry over HTTP, ${ON_POSTGRES ? `PostgreSQL store (PATCH over ${invoicePaths?.length} invoices)` : 'memory store'}: ${PAIRS} pairs x ${DURATION} s, ${CONNECTIONS} connections, wrk on CPU 0, servers on CPU 1; ${new Date().toISOString()}, load average ${load()}`);
console.log('| scenario | pair (b / a) | b/a median | range | b req/s (median) | a req/s (median) |');
console.log('|---|---|---:|---|---:|---:|');
const ONLY = process.env['BENCH_ONLY'];
for (const [scenario, request] of Object.entries(REQUESTS)) {
  for (const { label, a, b } of PAIRINGS.filter((pairing) => ONLY === undefined || new RegExp(ONLY).test(pairing.label))) {
    const servers: Running[] = [];
    Object.assign(process.env, { BENCH_FLOOR_METHOD: request.method, BENCH_FLOOR_PATH: request.path, BENCH_FLOOR_ROUTE: request.route });
    try {
      servers.push(await startServer([SERVER, a.dist, a.variant]), await startServer([SERVER, b.dist, b.variant]));
      const { ratios, aRps, bRps, aBad, bBad } = await paired(servers[0]!, servers[1]!, request, { pairs: PAIRS, seconds: DURATION, connections: CONNECTIONS, cacheDir: CACHE });
      if (aBad + bBad > 0) console.log(`! ${scenario} ${label}: non-2xx responses or socket errors: ${aBad} (a, ${a.variant}), ${bBad} (b, ${b.variant})`);
      const range = `${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)}`;
      console.log(`| ${scenario} | ${label} | ${median(ratios).toFixed(3)} | ${range} | ${fmt(median(bRps))} | ${fmt(median(aRps))} |`);
    } finally {
      await Promise.all(servers.map(stopServer));
    }
  }
}
console.log(`load average after ${load()}`);
