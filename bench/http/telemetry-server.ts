// Child-process server for bench/telemetry-http.bench.ts: a built package's handler through its
// payments-kit/node toNodeListener, with one telemetry variant. Usage (bundled by the bench):
//   node telemetry-server.mjs <dist directory> <off|noop|sdk|sdk-kept|simple>
// Prints "READY <port>" once listening on 127.0.0.1 (ephemeral port).
// BENCH_STORE=postgres (with PAYMENTS_KIT_PG_URL): the PostgreSQL store (a node-postgres pool
// of 10, a schema of this process's own, dropped at exit) instead of the memory store, seeded
// with BENCH_INVOICES extra copies of the demo invoice (benchInvoiceIDs, so that concurrent
// PATCHes rewrite different rows instead of conflicting on one).
//   off       no tracer, no meter
//   noop      @opentelemetry/api's no-op tracer and meter (no SDK registered)
//   sdk       TracerProvider + BatchSpanProcessor + InMemorySpanExporter (emptied after each
//             batch it receives, as a network exporter releases the spans it sent), and a
//             MeterProvider with a reader
//   sdk-kept  the same, the exporter emptied once a second (it holds ~35,000 spans: GC work)
//   simple    as sdk with SimpleSpanProcessor (one export per span)
//   floor-off   no handler: node:http answering, fixed, the bytes our handler answers the
//               request with (its status and body, taken from the handler at start)
//   floor-sdk   the same, plus what the thinnest instrumentation does per request with the sdk
//               variant's providers: extract the parent, start one server span with the HTTP
//               attributes, name it by route, set the status, end it, record the duration
//               (the request: BENCH_FLOOR_METHOD, BENCH_FLOOR_PATH, BENCH_FLOOR_ROUTE, set by the bench)
import * as otel from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BatchSpanProcessor, InMemorySpanExporter, SimpleSpanProcessor, type SpanExporter, TracerProvider } from '@opentelemetry/sdk-trace';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import { BENCH_HEADERS, BENCH_PATCH_BODY, DEMO_SEED, DEMO_TOKENS, withBenchInvoices } from './fixtures.js';
import { importBuilt } from './built-package.js';

type HttpModule = typeof import('../../src/http/index.js');
type NodeModule = typeof import('../../src/node/index.js');

const [dist = 'dist', variant = 'off'] = process.argv.slice(2);
const load = <M>(path: string): Promise<M> => importBuilt<M>(dist, path);
const http = await load<HttpModule>('http/index.js');
const node = await load<NodeModule>('node/index.js');

class Reader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

function telemetry(): Record<string, unknown> {
  if (variant === 'off') return {};
  if (variant === 'noop') return { tracer: otel.trace.getTracer('bench'), meter: otel.metrics.getMeter('bench'), openTelemetry: otel };
  if (variant !== 'sdk' && variant !== 'sdk-kept' && variant !== 'simple' && variant !== 'floor-sdk') throw new Error(`unknown variant "${variant}"`);
  otel.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const memory = new InMemorySpanExporter();
  const kept = variant === 'sdk-kept';
  if (kept) setInterval(() => memory.reset(), 1000).unref();
  const exporter: SpanExporter = kept
    ? memory
    : {
        export: (spans, done) => {
          memory.export(spans, done);
          memory.reset();
        },
        shutdown: () => memory.shutdown(),
        forceFlush: () => memory.forceFlush(),
      };
  const processor = variant === 'simple' ? new SimpleSpanProcessor({ exporter }) : new BatchSpanProcessor({ exporter });
  const tracer = new TracerProvider({ spanProcessors: [processor] }).getTracer('bench');
  const meter = new MeterProvider({ readers: [new Reader()] }).getMeter('bench');
  return { tracer, meter, openTelemetry: otel };
}

type PostgresModule = typeof import('../../src/postgres/index.js');
const onPostgres = process.env['BENCH_STORE'] === 'postgres';
const schema = `bench_telemetry_${process.pid}`;
const pool = onPostgres ? new pg.Pool({ connectionString: process.env['PAYMENTS_KIT_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test', max: 10 }) : undefined;
const store =
  pool === undefined
    ? http.createMemoryStore({ seed: DEMO_SEED })
    : await (await load<PostgresModule>('postgres/index.js')).createPostgresStore({ client: pool, schema, seed: withBenchInvoices(Number(process.env['BENCH_INVOICES'] ?? 0)) });
const floor = variant.startsWith('floor-');
const handler = http.createHandler({ store, auth: http.createStaticAuth(DEMO_TOKENS), ...(floor ? {} : telemetry()) });
const server = createServer(floor ? await floorListener() : node.toNodeListener(handler));

/** The floor: node:http answering our handler's bytes, with (floor-sdk) one SDK span and one histogram record per request. */
async function floorListener(): Promise<(req: IncomingMessage, res: ServerResponse) => void> {
  const method = process.env['BENCH_FLOOR_METHOD'] ?? 'GET';
  const path = process.env['BENCH_FLOOR_PATH'] ?? '/';
  const init: RequestInit = method === 'GET' ? { headers: BENCH_HEADERS } : { method, headers: { ...BENCH_HEADERS, 'content-type': 'application/json' }, body: BENCH_PATCH_BODY };
  const answer = await handler(new Request(`http://127.0.0.1${path}`, init));
  const status = answer.status;
  const body = await answer.text();
  const length = String(Buffer.byteLength(body));
  const route = process.env['BENCH_FLOOR_ROUTE'] ?? path;
  const write = (res: ServerResponse) => {
    res.writeHead(status, ['content-type', 'application/json', 'content-length', length]);
    res.end(body);
  };
  const plain = (req: IncomingMessage, res: ServerResponse) => {
    req.on('data', () => undefined);
    req.on('end', () => write(res));
  };
  if (variant === 'floor-off') return plain;
  const { tracer, meter } = telemetry() as { tracer: otel.Tracer; meter: otel.Meter };
  const duration = meter.createHistogram('http.server.request.duration', { unit: 's' });
  const getter: otel.TextMapGetter<IncomingMessage> = { get: (req, key) => req.headers[key], keys: (req) => Object.keys(req.headers) };
  // BENCH_FLOOR_PARTS=trace or meter: only the span, or only the duration record.
  const parts = process.env['BENCH_FLOOR_PARTS'] ?? 'both';
  const traced = parts !== 'meter';
  const metered = parts !== 'trace';
  return (req, res) => {
    const started = performance.now();
    let span: otel.Span | undefined;
    if (traced) {
      const parent = otel.propagation.extract(otel.context.active(), req, getter);
      span = tracer.startSpan(method, { kind: otel.SpanKind.SERVER, attributes: { 'http.request.method': method, 'url.path': req.url ?? '/' } }, parent);
      span.updateName(`${method} ${route}`);
      span.setAttribute('http.route', route);
    }
    req.on('data', () => undefined);
    req.on('end', () => {
      write(res);
      span?.setAttribute('http.response.status_code', status);
      span?.end();
      if (metered) duration.record((performance.now() - started) / 1000, { 'http.request.method': method, 'http.route': route, 'http.response.status_code': status });
    });
  };
}
server.listen(0, '127.0.0.1', () => console.log(`READY ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => {
  server.close(() => {
    if (pool === undefined) process.exit(0);
    else
      void pool
        .query(`DROP SCHEMA ${schema} CASCADE`)
        .catch((error: unknown) => console.error(`telemetry-server: schema ${schema} not dropped: ${String(error)}`))
        .finally(() => process.exit(0));
  });
  server.closeAllConnections();
});
