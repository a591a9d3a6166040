import type { OtelContext, OtelMeter, OtelSpan, OtelTextMapGetter, OtelTracer } from './otel-types.js';

/**
 * What the package needs of `@opentelemetry/api` besides the tracer: pass the module itself
 * (`import * as otel from '@opentelemetry/api'`). Taken from the host rather than imported,
 * so that the package never loads `@opentelemetry/api` (an optional peer) and an edge bundle
 * without it still builds; and so that the host's own copy (its global propagator and context
 * manager) is the one used.
 */
export type OpenTelemetryApi = {
  readonly trace: { setSpan(context: OtelContext, span: OtelSpan): OtelContext };
  readonly context: {
    active(): OtelContext;
    with<T>(context: OtelContext, fn: () => T): T;
  };
  readonly propagation: {
    extract<Carrier>(context: OtelContext, carrier: Carrier, getter?: OtelTextMapGetter<Carrier>): OtelContext;
    inject<Carrier>(context: OtelContext, carrier: Carrier): void;
  };
};

/** The telemetry options `createHandler` and `createEffectDispatcher` accept. */
export type TelemetryOptions = {
  /** An OpenTelemetry `Tracer` (e.g. `trace.getTracer('payments-kit')`); needs {@link TelemetryOptions.openTelemetry}. */
  readonly tracer?: OtelTracer;
  /** An OpenTelemetry `Meter` (e.g. `metrics.getMeter('payments-kit')`). */
  readonly meter?: OtelMeter;
  /** The `@opentelemetry/api` module (its `trace`, `context` and `propagation`); required with `tracer`. */
  readonly openTelemetry?: OpenTelemetryApi;
};

/** Tracing, once checked: a tracer and the API functions it needs. */
export type Tracing = { readonly tracer: OtelTracer; readonly api: OpenTelemetryApi };

/** Messages of the `TypeError`s thrown for malformed telemetry options. */
export const TELEMETRY_MESSAGES = Object.freeze({
  tracer: (owner: string) => `${owner}: tracer must have startSpan(name, options, context)`,
  meter: (owner: string) => `${owner}: meter must have createHistogram, createCounter, createObservableUpDownCounter, createObservableGauge and addBatchObservableCallback`,
  api: (owner: string) =>
    `${owner}: a tracer needs openTelemetry (the @opentelemetry/api module: its trace.setSpan, context.active, context.with, propagation.extract and propagation.inject)`,
});

const isFunction = (value: unknown): boolean => typeof value === 'function';

function hasMethods(value: unknown, path: readonly (readonly string[])[]): boolean {
  return path.every((names) => {
    let current: unknown = value;
    for (const name of names) current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[name] : undefined;
    return isFunction(current);
  });
}

const API_METHODS = [['trace', 'setSpan'], ['context', 'active'], ['context', 'with'], ['propagation', 'extract'], ['propagation', 'inject']] as const;
const METER_METHODS = [['createHistogram'], ['createCounter'], ['createObservableUpDownCounter'], ['createObservableGauge'], ['addBatchObservableCallback']] as const;

/**
 * Checks the tracing options at start-up: `undefined` without a tracer (nothing is traced),
 * else the tracer with its API functions; a tracer without `openTelemetry` is a `TypeError`.
 *
 * @example
 * resolveTracing({}, 'createHandler') // undefined
 * resolveTracing({ tracer, openTelemetry: otel }, 'createHandler') // { tracer, api: otel }
 */
export function resolveTracing(options: TelemetryOptions, owner: string): Tracing | undefined {
  const { tracer, openTelemetry } = options;
  if (tracer === undefined) return undefined;
  if (!hasMethods(tracer, [['startSpan']])) throw new TypeError(TELEMETRY_MESSAGES.tracer(owner));
  if (!hasMethods(openTelemetry, API_METHODS)) throw new TypeError(TELEMETRY_MESSAGES.api(owner));
  return { tracer, api: openTelemetry as OpenTelemetryApi };
}

/**
 * Checks the meter option at start-up: `undefined` without one.
 *
 * @example
 * resolveMeter({ meter: metrics.getMeter('payments-kit') }, 'createHandler') // the meter
 */
export function resolveMeter(options: TelemetryOptions, owner: string): OtelMeter | undefined {
  if (options.meter === undefined) return undefined;
  if (!hasMethods(options.meter, METER_METHODS)) throw new TypeError(TELEMETRY_MESSAGES.meter(owner));
  return options.meter;
}
