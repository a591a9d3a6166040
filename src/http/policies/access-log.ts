import type { Exchange, Reply } from '../core/exchange.js';
import { isResponseReply } from '../core/exchange.js';
import { callGuarded } from '../core/guarded.js';

/** One answered request, for access logs (`onResponse` of `createHandler` and of `toNodeListener`). */
export type ResponseLogEntry = {
  readonly method: string;
  /** The path without the query string. */
  readonly path: string;
  readonly status: number;
  readonly requestId: string;
  /** Milliseconds from the request's arrival at the handler to its answer. */
  readonly ms: number;
  /** The request's trace and server span, when the handler has a tracer. */
  readonly traceId?: string;
  readonly spanId?: string;
};

/** An access-log hook: called once per response. */
export type ResponseLogger = (entry: ResponseLogEntry) => void;

/**
 * Tells `onResponse` of one answer, once it is written (its status and request id decided; a
 * streamed host body may still be flowing). `started` is `performance.now()` at the request's
 * arrival. A throwing logger is ignored: it must not change the answer.
 *
 * @example
 * logResponse(onResponse, exchange, requestId, reply, started, telemetry?.ids());
 */
export function logResponse(
  onResponse: ResponseLogger,
  exchange: Exchange,
  requestId: string,
  reply: Reply,
  started: number,
  traceIds: { readonly traceId: string; readonly spanId: string } | undefined,
): void {
  callGuarded(onResponse, {
    method: exchange.method,
    path: exchange.path,
    status: isResponseReply(reply) ? reply.response.status : reply.status,
    requestId,
    ms: performance.now() - started,
    ...traceIds,
  });
}
