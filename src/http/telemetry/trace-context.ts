import type { OtelContext } from './otel-types.js';
import type { OpenTelemetryApi } from './api.js';

/** Longest stored trace context read back (a W3C `traceparent` plus a full `tracestate` fits in 700 characters). */
export const MAX_TRACE_CONTEXT_LENGTH = 4096;

/**
 * The trace context of `context` as text to store with an effect: the host propagator's
 * headers (W3C `traceparent`, `tracestate`, ...) as a JSON object, or `undefined` when the
 * propagator wrote nothing (no span, or no propagator registered).
 *
 * @example
 * serializeTraceContext(otel, context) // '{"traceparent":"00-0af7...-b7ad...-01"}'
 */
export function serializeTraceContext(api: OpenTelemetryApi, context: OtelContext): string | undefined {
  const carrier: Record<string, string> = {};
  api.propagation.inject(context, carrier);
  return Object.keys(carrier).length === 0 ? undefined : JSON.stringify(carrier);
}

/**
 * The stored trace context as headers, or `undefined` when absent, too long or not a JSON
 * object of strings (a damaged row must not break delivery; it is delivered untraced).
 *
 * @example
 * traceCarrierOf('{"traceparent":"00-..."}') // { traceparent: '00-...' }
 */
export function traceCarrierOf(text: string | undefined): Readonly<Record<string, string>> | undefined {
  if (text === undefined || text.length > MAX_TRACE_CONTEXT_LENGTH) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const carrier: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') return undefined;
    carrier[key] = value;
  }
  return carrier;
}
