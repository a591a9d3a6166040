import * as otel from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { MeterProvider, MetricReader, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

// The real OpenTelemetry SDKs (no hand-made fakes): an in-memory span exporter, a metric
// reader collected on demand, and the W3C propagator registered as the global one.
otel.propagation.setGlobalPropagator(new W3CTraceContextPropagator());

/** A tracer whose finished spans can be read. */
export function createTracing(): { tracer: otel.Tracer; spans: () => Promise<ReadableSpan[]>; reset: () => void } {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  return {
    tracer: provider.getTracer('payments-kit-test'),
    spans: async () => {
      await provider.forceFlush();
      return exporter.getFinishedSpans();
    },
    reset: () => exporter.reset(),
  };
}

class CollectingReader extends MetricReader {
  protected override onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected override onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** One collected metric: its descriptor and data points. */
export type Collected = ResourceMetrics['scopeMetrics'][number]['metrics'][number];

/** A meter whose metrics can be collected by name. */
export function createMetering(): { meter: otel.Meter; collect: () => Promise<Map<string, Collected>> } {
  const reader = new CollectingReader();
  const provider = new MeterProvider({ readers: [reader] });
  return {
    meter: provider.getMeter('payments-kit-test'),
    collect: async () => {
      const { resourceMetrics } = await reader.collect();
      return new Map(resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics).map((metric) => [metric.descriptor.name, metric]));
    },
  };
}

/** The API functions the package takes from the host. */
export const openTelemetry = otel;

/** A fresh W3C `traceparent` (random ids, sampled). */
export function traceparent(): { header: string; traceId: string; spanId: string } {
  const hex = (bytes: number) => [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
  const traceId = hex(16);
  const spanId = hex(8);
  return { header: `00-${traceId}-${spanId}-01`, traceId, spanId };
}

/** The span a test expects exactly one of. */
export function only(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const found = spans.filter((span) => span.name === name);
  if (found.length !== 1) throw new Error(`expected one span "${name}", found ${found.length} among ${spans.map((s) => s.name).join(', ')}`);
  return found[0] as ReadableSpan;
}
