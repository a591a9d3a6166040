import type { Attributes, Context, Span, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { ATTRIBUTES, errorType } from './attributes.js';
import type { Tracing } from './api.js';

/** `SpanKind.CLIENT` and `SpanStatusCode.ERROR` by value: the package never loads `@opentelemetry/api`. */
export const CLIENT_KIND = 2 as SpanKind.CLIENT;
/** `SpanStatusCode.ERROR` by value. */
export const ERROR_STATUS = 2 as SpanStatusCode.ERROR;

/**
 * Marks a span failed by `error`: status Error and `error.type` set to the error's name. Neither
 * the message nor the stack is recorded (they may hold values: SQL parameters, a token).
 *
 * @example
 * failSpan(span, new TypeError('x')) // status ERROR, error.type 'TypeError'
 */
export function failSpan(span: Span, error: unknown): void {
  const type = errorType(error);
  span.setAttribute(ATTRIBUTES.errorType, type);
  span.setStatus({ code: ERROR_STATUS, message: type });
}

/**
 * Runs `work` in a child span of `parent` (kind CLIENT): the span ends when the work settles,
 * failed (see {@link failSpan}) when it throws or rejects; the work's result or error passes
 * through unchanged. `work` receives the child's context (to parent spans of its own).
 *
 * @example
 * const invoice = await inChildSpan(tracing, parent, 'store getInvoice', { 'db.operation.name': 'getInvoice' }, () => store.getInvoice(a, i));
 */
export async function inChildSpan<T>(
  tracing: Tracing,
  parent: Context,
  name: string,
  attributes: Attributes,
  work: (context: Context, span: Span) => T | Promise<T>,
): Promise<T> {
  const span = tracing.tracer.startSpan(name, { kind: CLIENT_KIND, attributes }, parent);
  try {
    return await work(tracing.api.trace.setSpan(parent, span), span);
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}
