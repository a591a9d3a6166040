// The cost of telemetry on the handler, paired in one process: GET schedule and PATCH invoice
// through the handler's Request-free entry point (what toNodeListener calls), for
//   base     the built package of the commit before telemetry (BENCH_BASELINE_DIST),
//   off      this build without tracer and meter,
//   noop     this build with @opentelemetry/api's no-op tracer and meter (no SDK registered),
//   sdk      this build with the SDK: TracerProvider + BatchSpanProcessor (what a production host
//            uses) + InMemorySpanExporter, and a MeterProvider with a reader,
//   simple   the same with SimpleSpanProcessor (one export call per span) instead.
// Each round runs every variant for BENCH_SLICE_MS, in a rotated order, and divides each one's
// requests per CPU second by base's (or off's, without a baseline) in the same round: the
// machine's drift (other processes on the 2 shared cores) hits both sides of a ratio alike, and
// CPU time (process.cpuUsage) leaves out the time the process waited for a core. The table gives
// the median ratio and the range over the rounds, plus the load average.
//
//   npm run build && git worktree add --detach /tmp/pk-base <commit> && ln -s "$PWD/node_modules" /tmp/pk-base/ \
//     && (cd /tmp/pk-base && npx tsup) && BENCH_BASELINE_DIST=/tmp/pk-base/dist npx tsx bench/telemetry.bench.ts
//   BENCH_ROUNDS=15 BENCH_SLICE_MS=400 ...   (defaults)
import * as otel from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BatchSpanProcessor, InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_HEADERS, DEMO_IDS, DEMO_SEED, DEMO_TOKENS } from './http/fixtures.js';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 15);
const SLICE_MS = Number(process.env['BENCH_SLICE_MS'] ?? 400);
const OURS = resolve(process.env['BENCH_DIST'] ?? 'dist');
const BASELINE = process.env['BENCH_BASELINE_DIST'];

type HttpModule = typeof import('../src/http/index.js');
type Exchange = {
  method: string; path: string; mountPath: string; header(name: string): string | undefined;
  readBody(limit: number): Promise<{ ok: true; bytes: Uint8Array }>; signal: AbortSignal; toRequest(): Request;
};
type Answer = (exchange: Exchange, settle: (exchange: Exchange, outcome: { reply: { status?: number } }) => void) => void;
// Builds before the exchange entry had its name kept it under this symbol (BENCH_BASELINE_DIST may be one).
const OLD_ANSWER_EXCHANGE = Symbol.for('payments-kit/http.answerExchange@2');

const load = async (dist: string): Promise<HttpModule> => (await import(pathToFileURL(resolve(dist, 'http/index.js')).href)) as HttpModule;

otel.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
const exporter = new InMemorySpanExporter();
const sdkTracer = new TracerProvider({ spanProcessors: [new BatchSpanProcessor({ exporter, maxQueueSize: 1_000_000, maxExportBatchSize: 512 })] }).getTracer('bench');
const simpleTracer = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }).getTracer('bench');
class Reader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}
const sdkMeter = new MeterProvider({ readers: [new Reader()] }).getMeter('bench');

function answerOf(module: HttpModule, telemetry: Record<string, unknown>): Answer {
  const { createHandler, createMemoryStore, createStaticAuth } = module;
  const handler = createHandler({ store: createMemoryStore({ seed: DEMO_SEED }), auth: createStaticAuth(DEMO_TOKENS), idempotency: false, ...telemetry });
  const named = (handler as unknown as { answerExchange?: Answer }).answerExchange;
  return named ?? ((handler as unknown as Record<symbol, Answer>)[OLD_ANSWER_EXCHANGE] as Answer);
}

const base = `/accounts/${DEMO_IDS.accountID}`;
const patchBody = new TextEncoder().encode(JSON.stringify({ description: 'benchmark update', dueDate: '2026-05-01T00:00:00Z' }));
const signal = new AbortController().signal;
const exchangeOf = (method: string, path: string, headers: Record<string, string>, body: Uint8Array): Exchange => ({
  method, path, mountPath: '', header: (name) => headers[name], readBody: async () => ({ ok: true, bytes: body }), signal,
  toRequest: () => { throw new Error('not used'); },
});
// GET: 64 requests in flight, as a busy server has. PATCH: one at a time, because concurrent
// PATCHes of the one demo invoice conflict (compare-and-set) instead of measuring the write.
const SCENARIOS: Record<string, { make: () => Exchange; inFlight: number }> = {
  'GET schedule': { make: () => exchangeOf('GET', `${base}/schedules/${DEMO_IDS.scheduleID}`, BENCH_HEADERS, new Uint8Array(0)), inFlight: 64 },
  'PATCH invoice': {
    make: () => exchangeOf('PATCH', `${base}/invoices/${DEMO_IDS.invoiceID}`, { ...BENCH_HEADERS, 'content-type': 'application/json', 'content-length': String(patchBody.byteLength) }, patchBody),
    inFlight: 1,
  },
};

/** Requests per second of `answer` over `ms`, with `inFlight` requests at a time. */
async function throughput(answer: Answer, { make, inFlight }: { make: () => Exchange; inFlight: number }, ms: number): Promise<number> {
  let done = 0;
  let failed = 0;
  const end = performance.now() + ms;
  const one = () => new Promise<void>((resolve) => answer(make(), (_e, outcome) => {
    if (outcome.reply.status !== 200) failed += 1;
    done += 1;
    resolve();
  }));
  const worker = async () => {
    while (performance.now() < end) await one();
  };
  const started = process.cpuUsage();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const used = process.cpuUsage(started);
  if (failed > 0) throw new Error(`${failed} answers were not 200`);
  // Per CPU second of this process, not per wall second: time the shared machine gives to other
  // processes (load average above 20 here) is not counted against either side of a ratio.
  return done / ((used.user + used.system) / 1e6);
}

const ours = await load(OURS);
const variants: Record<string, Answer> = {
  ...(BASELINE === undefined ? {} : { base: answerOf(await load(BASELINE), {}) }),
  off: answerOf(ours, {}),
  noop: answerOf(ours, { tracer: otel.trace.getTracer('bench'), meter: otel.metrics.getMeter('bench'), openTelemetry: otel }),
  sdk: answerOf(ours, { tracer: sdkTracer, meter: sdkMeter, openTelemetry: otel }),
  simple: answerOf(ours, { tracer: simpleTracer, meter: sdkMeter, openTelemetry: otel }),
};
const names = Object.keys(variants);
const reference = BASELINE === undefined ? 'off' : 'base';
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2; };

console.log(`telemetry bench: ${ROUNDS} rounds x ${names.length} variants x ${SLICE_MS} ms, load average before ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
for (const [scenario, make] of Object.entries(SCENARIOS)) {
  for (const name of names) await throughput(variants[name]!, make, 200); // warm-up
  const ratios: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const rates: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = names.map((_, i) => names[(i + round) % names.length]!);
    const perRound: Record<string, number> = {};
    for (const name of order) {
      perRound[name] = await throughput(variants[name]!, make, SLICE_MS);
      // The batch processor exports on a timer: let it run between slices (its export of the
      // in-memory spans, an array push, falls outside the timed slice), then drop the spans.
      await new Promise((resolve) => setTimeout(resolve, 5));
      exporter.reset();
    }
    for (const name of names) {
      rates[name]!.push(perRound[name]!);
      ratios[name]!.push(perRound[name]! / perRound[reference]!);
    }
  }
  console.log(`\n${scenario} (ratio to ${reference}: median [min, max]; requests per CPU second, median)`);
  for (const name of names) {
    const r = ratios[name]!;
    console.log(`  ${name.padEnd(6)} ${median(r).toFixed(3)} [${Math.min(...r).toFixed(3)}, ${Math.max(...r).toFixed(3)}]  ${Math.round(median(rates[name]!))}/s`);
  }
}
console.log(`\nload average after ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
