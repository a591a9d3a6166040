// Child-process server for bench/telemetry-http.bench.ts: a built package's handler through its
// payments-kit/node toNodeListener, with one telemetry variant. Usage (bundled by the bench):
//   node telemetry-server.mjs <dist directory> <off|noop|sdk|sdk-kept|simple>
// Prints "READY <port>" once listening on 127.0.0.1 (ephemeral port).
//   off       no tracer, no meter
//   noop      @opentelemetry/api's no-op tracer and meter (no SDK registered)
//   sdk       TracerProvider + BatchSpanProcessor + InMemorySpanExporter (emptied after each
//             batch it receives, as a network exporter releases the spans it sent), and a
//             MeterProvider with a reader
//   sdk-kept  the same, the exporter emptied once a second (it holds ~35,000 spans: GC work)
//   simple    as sdk with SimpleSpanProcessor (one export per span)
import * as otel from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BatchSpanProcessor, InMemorySpanExporter, SimpleSpanProcessor, type SpanExporter, TracerProvider } from '@opentelemetry/sdk-trace';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEMO_SEED, DEMO_TOKENS } from './fixtures.js';

type HttpModule = typeof import('../../src/http/index.js');
type NodeModule = typeof import('../../src/node/index.js');

const [dist = 'dist', variant = 'off'] = process.argv.slice(2);
const load = async <M>(path: string): Promise<M> => (await import(pathToFileURL(resolve(dist, path)).href)) as M;
const http = await load<HttpModule>('http/index.js');
const node = await load<NodeModule>('node/index.js');

class Reader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

function telemetry(): Record<string, unknown> {
  if (variant === 'off') return {};
  if (variant === 'noop') return { tracer: otel.trace.getTracer('bench'), meter: otel.metrics.getMeter('bench'), openTelemetry: otel };
  if (variant !== 'sdk' && variant !== 'sdk-kept' && variant !== 'simple') throw new Error(`unknown variant "${variant}"`);
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

const handler = http.createHandler({ store: http.createMemoryStore(DEMO_SEED), auth: http.createStaticAuth(DEMO_TOKENS), ...telemetry() });
const server = createServer(node.toNodeListener(handler));
server.listen(0, '127.0.0.1', () => console.log(`READY ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
