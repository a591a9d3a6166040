import type { OtelAttributes, OtelContext, OtelSpan, OtelTextMapGetter } from './otel-types.js';
import type { Exchange } from '../core/exchange.js';
import type { OutboundFetch, OutboundFetchSource } from '../core/ports.js';
import { ATTRIBUTES, conventionalMethod } from './attributes.js';
import type { TelemetryOptions, Tracing } from './api.js';
import { ERROR_STATUS } from './child-span.js';
import { type HttpMetrics, countActive } from './http-metrics.js';
import { tracedFetch } from './traced-fetch.js';

const SERVER_KIND = 1;

/** Reads propagation headers (`traceparent`, `tracestate`, ...) from an exchange. */
const EXCHANGE_GETTER: OtelTextMapGetter<Exchange> = {
  get: (exchange, key) => exchange.header(key.toLowerCase()),
  keys: () => [],
};

/** The telemetry of one handler: tracing and the HTTP instruments, each when configured. */
export type HandlerTelemetry = {
  readonly tracing: Tracing | undefined;
  readonly metrics: HttpMetrics | undefined;
  /** The same tracer, API and meter for the in-process dispatcher of `onEffect`. */
  readonly dispatcherOptions: TelemetryOptions;
};

/** Where a routed request goes, for the span name and the attributes. */
export type RouteFacts = {
  /** The route template as served, e.g. `/v1/accounts/{accountID}/invoices/{invoiceID}`. */
  readonly route: string;
  readonly operationId: string;
  readonly accountID: string | undefined;
};

/** The ids of a traced request, for the access log. */
export type TraceIds = { readonly traceId: string; readonly spanId: string };

/** The trace id of an invalid span context: what a no-op tracer's span carries without an incoming trace. */
const INVALID_TRACE_ID = '00000000000000000000000000000000';

/**
 * One request's telemetry: the server span (when tracing), the active-request count and the
 * duration (when metered). Created at the request's arrival, {@link RequestTelemetry.routed}
 * after routing, {@link RequestTelemetry.answered} once with the status. A span that neither
 * records nor carries a trace (a no-op tracer's, with no incoming `traceparent`) gets no
 * attributes after its start, and no child spans: {@link RequestTelemetry.context} is then
 * `undefined`, so the ports stay the host's own.
 */
export class RequestTelemetry implements OutboundFetchSource {
  /** The server span, when tracing. */
  readonly span: OtelSpan | undefined;
  /**
   * The context with the server span (the client's `traceparent` its parent), for child spans;
   * `undefined` without tracing, or when the span neither records nor carries a trace.
   */
  readonly context: OtelContext | undefined;
  private readonly method: string;
  private readonly recording: boolean = false;
  private readonly started: number = 0;
  private route: string | undefined;
  private operationId: string | undefined;

  constructor(
    private readonly telemetry: HandlerTelemetry,
    exchange: Exchange,
  ) {
    const method = conventionalMethod(exchange.method);
    this.method = method;
    const { metrics, tracing } = telemetry;
    if (metrics !== undefined) {
      this.started = performance.now();
      countActive(metrics.active, method, 1);
    }
    if (tracing === undefined) return;
    const { api, tracer } = tracing;
    const parent = api.propagation.extract(api.context.active(), exchange, EXCHANGE_GETTER);
    const attributes: OtelAttributes = { [ATTRIBUTES.method]: method, [ATTRIBUTES.path]: exchange.path };
    if (method !== exchange.method) attributes[ATTRIBUTES.methodOriginal] = exchange.method;
    const span = tracer.startSpan(method === '_OTHER' ? 'HTTP' : method, { kind: SERVER_KIND, attributes }, parent);
    this.span = span;
    this.recording = span.isRecording();
    if (this.recording || span.spanContext().traceId !== INVALID_TRACE_ID) this.context = api.trace.setSpan(parent, span);
  }

  /** A `fetch` traced as a child of the server span (see {@link tracedFetch}); `undefined` without a span context. */
  outboundFetch(): OutboundFetch | undefined {
    const { tracing } = this.telemetry;
    return tracing === undefined || this.context === undefined ? undefined : tracedFetch(tracing, this.context);
  }

  /** The ids for the access log (`undefined` without tracing). */
  ids(): TraceIds | undefined {
    if (this.span === undefined) return undefined;
    const { traceId, spanId } = this.span.spanContext();
    return { traceId, spanId };
  }

  /** The request was routed: the span is named `{method} {http.route}` and gets the route, operation and account. */
  routed({ route, operationId, accountID }: RouteFacts): void {
    this.route = route;
    this.operationId = operationId;
    const { span } = this;
    if (span === undefined || !this.recording) return;
    span.updateName(`${this.method === '_OTHER' ? 'HTTP' : this.method} ${route}`);
    span.setAttribute(ATTRIBUTES.route, route);
    span.setAttribute(ATTRIBUTES.operationId, operationId);
    if (accountID !== undefined) span.setAttribute(ATTRIBUTES.accountId, accountID);
  }

  /**
   * The answer is ready: the span gets the status and the request id and ends (status Error and
   * `error.type` for a 5xx, unset otherwise, per the HTTP conventions); the duration is recorded.
   */
  answered(status: number, requestId: string): void {
    const { metrics } = this.telemetry;
    if (metrics !== undefined) {
      countActive(metrics.active, this.method, -1);
      metrics.duration.record((performance.now() - this.started) / 1000, this.durationAttributes(status));
    }
    const { span } = this;
    if (span === undefined) return;
    if (this.recording) {
      span.setAttribute(ATTRIBUTES.status, status);
      span.setAttribute(ATTRIBUTES.requestId, requestId);
      if (status >= 500) {
        span.setAttribute(ATTRIBUTES.errorType, String(status));
        span.setStatus({ code: ERROR_STATUS });
      }
    }
    span.end();
  }

  /** The duration's attributes: method, route and operation (once routed), status, `error.type` for a 5xx. */
  private durationAttributes(status: number): OtelAttributes {
    const attributes: OtelAttributes = { [ATTRIBUTES.method]: this.method };
    if (this.route !== undefined) attributes[ATTRIBUTES.route] = this.route;
    if (this.operationId !== undefined) attributes[ATTRIBUTES.operationId] = this.operationId;
    attributes[ATTRIBUTES.status] = status;
    if (status >= 500) attributes[ATTRIBUTES.errorType] = String(status);
    return attributes;
  }
}
