/**
 * The parts of `@opentelemetry/api` this package uses, as structural types of its own: the
 * declarations it ships then name no `@opentelemetry/api` type, so a TypeScript user without
 * that optional peer installed type-checks (with `skipLibCheck: false` too). The real
 * `Tracer`, `Meter` and the API module are assignable to these (checked at compile time in
 * test/types/otel-types.ts); only what is called here is listed.
 */

/** An attribute value, as OpenTelemetry takes it. */
export type OtelAttributeValue = string | number | boolean | readonly (string | null | undefined)[] | readonly (number | null | undefined)[] | readonly (boolean | null | undefined)[];

/** Span or metric attributes. */
export type OtelAttributes = { [key: string]: OtelAttributeValue | undefined };

/** OpenTelemetry's `Context`: opaque here, made and read by the host's API. */
export interface OtelContext {
  getValue(key: symbol): unknown;
}

/** The ids of a span (OpenTelemetry's `SpanContext`, the part read here). */
export type OtelSpanContext = { readonly traceId: string; readonly spanId: string };

/** OpenTelemetry's `Span`: the methods this package calls. */
export interface OtelSpan {
  spanContext(): OtelSpanContext;
  setAttribute(key: string, value: OtelAttributeValue): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  updateName(name: string): unknown;
  isRecording(): boolean;
  end(): void;
}

/** The options of `startSpan` this package passes: the kind (a `SpanKind` value) and the attributes. */
export type OtelSpanOptions = { kind?: number; attributes?: OtelAttributes };

/** OpenTelemetry's `Tracer` (e.g. `trace.getTracer('payments-kit')`). */
export interface OtelTracer {
  startSpan(name: string, options?: OtelSpanOptions, context?: OtelContext): OtelSpan;
}

/** Reads propagation headers from a carrier (OpenTelemetry's `TextMapGetter`). */
export interface OtelTextMapGetter<Carrier> {
  keys(carrier: Carrier): string[];
  get(carrier: Carrier, key: string): undefined | string | string[];
}

/** A histogram: `record`. */
export interface OtelHistogram {
  record(value: number, attributes?: OtelAttributes): void;
}

/** A counter or an up-down counter: `add`. */
export interface OtelCounter {
  add(value: number, attributes?: OtelAttributes): void;
}

/** An observable instrument, handed back to `addBatchObservableCallback` and its observer. */
export interface OtelObservable {
  addCallback(callback: never): void;
}

/** What an observable instrument's callback is given: `observe`. */
export interface OtelObservableResult {
  observe(value: number, attributes?: OtelAttributes): void;
}

/** An observable instrument whose own callback reports its values. */
export interface OtelObservableWithCallback {
  addCallback(callback: (result: OtelObservableResult) => void | Promise<void>): void;
}

/** What a batch observable callback is given: `observe`. */
export interface OtelBatchObservableResult {
  observe(observable: OtelObservable, value: number, attributes?: OtelAttributes): void;
}

/** The options of an instrument this package passes. */
export type OtelInstrumentOptions = { description?: string; unit?: string; advice?: { explicitBucketBoundaries?: number[] } };

/** OpenTelemetry's `Meter` (e.g. `metrics.getMeter('payments-kit')`): the instruments made here. */
export interface OtelMeter {
  createHistogram(name: string, options?: OtelInstrumentOptions): OtelHistogram;
  createCounter(name: string, options?: OtelInstrumentOptions): OtelCounter;
  createObservableGauge(name: string, options?: OtelInstrumentOptions): OtelObservable;
  createObservableUpDownCounter(name: string, options?: OtelInstrumentOptions): OtelObservableWithCallback;
  addBatchObservableCallback(callback: (observer: OtelBatchObservableResult) => void | Promise<void>, observables: OtelObservable[]): void;
}
