import { ATTRIBUTES } from './attributes.js';
import type { OtelHistogram, OtelMeter } from './otel-types.js';

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

/**
 * The active requests by method, counted in plain numbers and observed by the meter at each
 * collection (an observable up-down counter): a request costs two additions, no SDK call and
 * no attribute hashing. One count per meter, shared by every handler on it.
 */
export type ActiveRequests = Map<string, number>;

/** The handler's instruments, made once per handler. */
export type HttpMetrics = { readonly duration: OtelHistogram; readonly active: ActiveRequests };

const ACTIVE_BY_METER = new WeakMap<OtelMeter, ActiveRequests>();

/** The active-request counts of `meter`, with the observable instrument that reports them made on first use. */
function activeRequests(meter: OtelMeter): ActiveRequests {
  let counts = ACTIVE_BY_METER.get(meter);
  if (counts !== undefined) return counts;
  const found: ActiveRequests = new Map();
  counts = found;
  ACTIVE_BY_METER.set(meter, found);
  const { active } = HTTP_METRICS;
  const instrument = meter.createObservableUpDownCounter(active.name, { unit: active.unit, description: active.description });
  instrument.addCallback((result) => {
    for (const [method, count] of found) result.observe(count, { [ATTRIBUTES.method]: method });
  });
  return found;
}

/**
 * Adds `delta` (1 on arrival, -1 on the answer) to the active requests of `method`.
 *
 * @example
 * countActive(metrics.active, 'GET', 1);
 */
export function countActive(active: ActiveRequests, method: string, delta: number): void {
  active.set(method, (active.get(method) ?? 0) + delta);
}

/**
 * Creates the handler's HTTP instruments on `meter`.
 *
 * @example
 * const instruments = httpMetrics(metrics.getMeter('payments-kit'));
 */
export function httpMetrics(meter: OtelMeter): HttpMetrics {
  const { duration } = HTTP_METRICS;
  return {
    duration: meter.createHistogram(duration.name, {
      unit: duration.unit,
      description: duration.description,
      advice: { explicitBucketBoundaries: [...HTTP_DURATION_BUCKETS] },
    }),
    active: activeRequests(meter),
  };
}
