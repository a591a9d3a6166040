/**
 * The parts of OpenTelemetry the client calls, as structural types of its own (the package never
 * imports `@opentelemetry/api`; the host passes its module and tracer, as to `createHandler`).
 */

/** An attribute value, as OpenTelemetry takes it. */
export type ClientSpanAttribute = string | number | boolean;

/** OpenTelemetry's `Context`: opaque here. */
export interface ClientOtelContext {
  getValue(key: symbol): unknown;
}

/** OpenTelemetry's `Span`: the methods the client calls. */
export interface ClientOtelSpan {
  setAttribute(key: string, value: ClientSpanAttribute): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  end(): void;
}

/** OpenTelemetry's `Tracer` (e.g. `trace.getTracer('billing')`). */
export interface ClientOtelTracer {
  startSpan(name: string, options?: { kind?: number; attributes?: { [key: string]: ClientSpanAttribute | undefined } }, context?: ClientOtelContext): ClientOtelSpan;
}

/** The `@opentelemetry/api` module as the client uses it: `trace.setSpan`, `context.active`, `propagation.inject`. */
export type ClientOpenTelemetry = {
  readonly trace: { setSpan(context: ClientOtelContext, span: ClientOtelSpan): ClientOtelContext };
  readonly context: { active(): ClientOtelContext };
  readonly propagation: { inject<Carrier>(context: ClientOtelContext, carrier: Carrier): void };
};

/** Tracing, once checked. */
export type ClientTracing = { readonly tracer: ClientOtelTracer; readonly api: ClientOpenTelemetry };

/** SpanKind.CLIENT and SpanStatusCode.ERROR of `@opentelemetry/api`. */
const CLIENT_KIND = 2;
const ERROR_STATUS = 2;

const isFunction = (value: unknown): boolean => typeof value === 'function';

/**
 * Checks `tracer` and `openTelemetry` once: `undefined` without a tracer; a `TypeError` for a
 * tracer without `startSpan` or without the API functions it needs.
 *
 * @example
 * resolveClientTracing(undefined, undefined) // undefined
 */
export function resolveClientTracing(tracer: unknown, api: unknown): ClientTracing | undefined {
  if (tracer === undefined) return undefined;
  const t = tracer as Partial<ClientOtelTracer>;
  const a = api as { trace?: { setSpan?: unknown }; context?: { active?: unknown }; propagation?: { inject?: unknown } } | undefined;
  if (typeof tracer !== 'object' || tracer === null || !isFunction(t.startSpan)) throw new TypeError('payments-kit/client: tracer must have startSpan(name, options, context)');
  if (typeof a !== 'object' || a === null || !isFunction(a.trace?.setSpan) || !isFunction(a.context?.active) || !isFunction(a.propagation?.inject)) {
    throw new TypeError('payments-kit/client: a tracer needs openTelemetry (the @opentelemetry/api module: its trace.setSpan, context.active and propagation.inject)');
  }
  return { tracer: tracer as ClientOtelTracer, api: api as ClientOpenTelemetry };
}

/** What an attempt's span needs of the URL: method, `url.full`, host and port. */
export type SpanTarget = { readonly method: string; readonly url: string; readonly host: string; readonly port: number };

/**
 * Starts one attempt's CLIENT span (HTTP client conventions: named by the method,
 * `http.request.method`, `server.address`, `server.port`, `url.full`, and
 * `http.request.resend_count` from the second attempt) under `parent`, and writes the span's
 * trace context (`traceparent`, `tracestate`, whatever the host's propagator writes) to `headers`.
 *
 * @example
 * const span = startAttemptSpan(tracing, parent, target, 1, headers);
 */
export function startAttemptSpan(tracing: ClientTracing, parent: ClientOtelContext, target: SpanTarget, attempt: number, headers: Headers): ClientOtelSpan {
  const span = tracing.tracer.startSpan(
    target.method,
    {
      kind: CLIENT_KIND,
      attributes: {
        'http.request.method': target.method,
        'server.address': target.host,
        'server.port': target.port,
        'url.full': target.url,
        'http.request.resend_count': attempt > 1 ? attempt - 1 : undefined,
      },
    },
    parent,
  );
  const carrier: Record<string, string> = {};
  tracing.api.propagation.inject(tracing.api.trace.setSpan(parent, span), carrier);
  for (const name of Object.keys(carrier)) {
    const value = carrier[name];
    if (value !== undefined && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) && /^[\x20-\x7e]*$/.test(value)) headers.set(name, value);
  }
  return span;
}

/**
 * Ends an attempt's span: `http.response.status_code` when answered; a status of 400 or more,
 * or no answer, sets the span's status to Error with `error.type` (the status code, or the
 * name of what failed: `TimeoutError`, `AbortError`, `TypeError`, `_OTHER`).
 *
 * @example
 * endAttemptSpan(span, 200, undefined)
 */
export function endAttemptSpan(span: ClientOtelSpan, status: number | undefined, failure: string | undefined): void {
  if (status !== undefined) span.setAttribute('http.response.status_code', status);
  const errorType = failure ?? (status !== undefined && status >= 400 ? String(status) : undefined);
  if (errorType !== undefined) {
    span.setAttribute('error.type', errorType);
    span.setStatus({ code: ERROR_STATUS });
  }
  span.end();
}
