import type { OtelAttributes, OtelContext, OtelSpan } from './otel-types.js';
import { ATTRIBUTES, errorType } from './attributes.js';
import type { Tracing } from './api.js';

/** `SpanKind.CLIENT` and `SpanStatusCode.ERROR` by value: the package never loads `@opentelemetry/api`. */
export const CLIENT_KIND = 2;
/** `SpanStatusCode.ERROR` by value. */
export const ERROR_STATUS = 2;

/**
 * Marks a span failed by `error`: status Error and `error.type` set to the error's name. Neither
 * the message nor the stack is recorded (they may hold values: SQL parameters, a token).
 *
 * @example
 * failSpan(span, new TypeError('x')) // status ERROR, error.type 'TypeError'
 */
export function failSpan(span: OtelSpan, error: unknown): void {
  const type = errorType(error);
  span.setAttribute(ATTRIBUTES.errorType, type);
  span.setStatus({ code: ERROR_STATUS, message: type });
}

/**
 * Runs `work` in a child span of `parent` (kind CLIENT): the span ends when the work settles,
 * failed (see {@link failSpan}) when it throws or rejects; the work's result or error passes
 * through unchanged. `work` receives the span; {@link childContext} makes the child's context
 * when the work needs one (to parent spans of its own, or to propagate it).
 *
 * @example
 * const invoice = await inChildSpan(tracing, parent, 'store getInvoice', { 'db.operation.name': 'getInvoice' }, () => store.getInvoice(a, i));
 */
export async function inChildSpan<T>(
  tracing: Tracing,
  parent: OtelContext,
  name: string,
  attributes: OtelAttributes,
  work: (span: OtelSpan) => T | Promise<T>,
): Promise<T> {
  const span = tracing.tracer.startSpan(name, { kind: CLIENT_KIND, attributes }, parent);
  try {
    return await work(span);
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/**
 * The context of a child span: `parent` with `span` as the active span.
 *
 * @example
 * await inChildSpan(tracing, parent, name, attributes, (span) => provider.call(childContext(tracing, parent, span)));
 */
export function childContext(tracing: Tracing, parent: OtelContext, span: OtelSpan): OtelContext {
  return tracing.api.trace.setSpan(parent, span);
}
