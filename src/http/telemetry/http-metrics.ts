import type { OtelCounter, OtelHistogram, OtelMeter } from './otel-types.js';

/**
 * The bucket boundaries (seconds) the HTTP semantic conventions advise for
 * `http.server.request.duration`.
 */
export const HTTP_DURATION_BUCKETS: readonly number[] = Object.freeze([0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10]);

/** Metric names and units: the stable HTTP server metrics. */
export const HTTP_METRICS = Object.freeze({
  duration: { name: 'http.server.request.duration', unit: 's', description: 'Duration of HTTP server requests.' },
  active: { name: 'http.server.active_requests', unit: '{request}', description: 'Number of active HTTP server requests.' },
});

/** The handler's instruments, made once per handler. */
export type HttpMetrics = { readonly duration: OtelHistogram; readonly active: OtelCounter };

/**
 * Creates the handler's HTTP instruments on `meter`.
 *
 * @example
 * const instruments = httpMetrics(metrics.getMeter('payments-kit'));
 */
export function httpMetrics(meter: OtelMeter): HttpMetrics {
  const { duration, active } = HTTP_METRICS;
  return {
    duration: meter.createHistogram(duration.name, {
      unit: duration.unit,
      description: duration.description,
      advice: { explicitBucketBoundaries: [...HTTP_DURATION_BUCKETS] },
    }),
    active: meter.createUpDownCounter(active.name, { unit: active.unit, description: active.description }),
  };
}
