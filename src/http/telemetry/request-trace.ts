import type { Attributes, Context, Span, SpanKind, TextMapGetter } from '@opentelemetry/api';
import type { Exchange } from '../core/exchange.js';
import type { OutboundFetch, OutboundFetchSource } from '../core/ports.js';
import { ATTRIBUTES, conventionalMethod } from './attributes.js';
import type { TelemetryOptions, Tracing } from './api.js';
import { ERROR_STATUS } from './child-span.js';
import { type HttpMetrics, countActive } from './http-metrics.js';
import { tracedFetch } from './traced-fetch.js';

const SERVER_KIND = 1 as SpanKind.SERVER;

/** Reads propagation headers (`traceparent`, `tracestate`, ...) from an exchange. */
const EXCHANGE_GETTER: TextMapGetter<Exchange> = {
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

/**
 * One request's telemetry: the server span (when tracing), the active-request count and the
 * duration (when metered). Created at the request's arrival, {@link RequestTelemetry.routed}
 * after routing, {@link RequestTelemetry.answered} once with the status.
 */
export class RequestTelemetry implements OutboundFetchSource {
  /** The server span, when tracing. */
  readonly span: Span | undefined;
  /** The context with the server span (the client's `traceparent` its parent), for child spans. */
  readonly context: Context | undefined;
  private readonly started = performance.now();
  private readonly attributes: Attributes;
  private readonly release: (() => void) | undefined;

  constructor(
    private readonly telemetry: HandlerTelemetry,
    exchange: Exchange,
  ) {
    const method = conventionalMethod(exchange.method);
    this.attributes = { [ATTRIBUTES.method]: method };
    this.release = telemetry.metrics === undefined ? undefined : countActive(telemetry.metrics, { [ATTRIBUTES.method]: method });
    const { tracing } = telemetry;
    if (tracing === undefined) return;
    const { api, tracer } = tracing;
    const parent = api.propagation.extract(api.context.active(), exchange, EXCHANGE_GETTER);
    const attributes: Attributes = { [ATTRIBUTES.method]: method, [ATTRIBUTES.path]: exchange.path };
    if (method !== exchange.method) attributes[ATTRIBUTES.methodOriginal] = exchange.method;
    this.span = tracer.startSpan(method === '_OTHER' ? 'HTTP' : method, { kind: SERVER_KIND, attributes }, parent);
    this.context = api.trace.setSpan(parent, this.span);
  }

  /** A `fetch` traced as a child of the server span (see {@link tracedFetch}); `undefined` without tracing. */
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
    const method = this.attributes[ATTRIBUTES.method] as string;
    this.attributes[ATTRIBUTES.route] = route;
    this.attributes[ATTRIBUTES.operationId] = operationId;
    if (this.span === undefined) return;
    this.span.updateName(`${method === '_OTHER' ? 'HTTP' : method} ${route}`);
    this.span.setAttribute(ATTRIBUTES.route, route);
    this.span.setAttribute(ATTRIBUTES.operationId, operationId);
    if (accountID !== undefined) this.span.setAttribute(ATTRIBUTES.accountId, accountID);
  }

  /**
   * The answer is ready: the span gets the status and the request id and ends (status Error and
   * `error.type` for a 5xx, unset otherwise, per the HTTP conventions); the duration is recorded.
   */
  answered(status: number, requestId: string): void {
    this.attributes[ATTRIBUTES.status] = status;
    if (status >= 500) this.attributes[ATTRIBUTES.errorType] = String(status);
    this.release?.();
    this.telemetry.metrics?.duration.record((performance.now() - this.started) / 1000, this.attributes);
    const { span } = this;
    if (span === undefined) return;
    span.setAttribute(ATTRIBUTES.status, status);
    span.setAttribute(ATTRIBUTES.requestId, requestId);
    if (status >= 500) {
      span.setAttribute(ATTRIBUTES.errorType, String(status));
      span.setStatus({ code: ERROR_STATUS });
    }
    span.end();
  }
}
