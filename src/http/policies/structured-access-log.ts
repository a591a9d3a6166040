import type { ResponseLogEntry, ResponseLogger } from './access-log.js';

/**
 * One access-log entry in the shape pino-http writes (`req`, `res`, `responseTime`, `reqId`),
 * plus `traceId` and `spanId` when the handler traces. `req.url` is the path without the query
 * string (a query may carry values that do not belong in a log).
 */
export type AccessLogEntry = {
  readonly req: { readonly id: string; readonly method: string; readonly url: string };
  readonly res: { readonly statusCode: number };
  /** Milliseconds from the request's arrival at the handler to its answer. */
  readonly responseTime: number;
  readonly reqId: string;
  readonly traceId?: string;
  readonly spanId?: string;
};

/** A pino-compatible logger: anything with pino's `info(object, message)`. */
export type PinoLikeLogger = { info(object: object, message?: string): void };

/** Where access-log entries go: a callback, or a pino-compatible logger (written at `info`). */
export type AccessLogSink = ((entry: AccessLogEntry) => void) | PinoLikeLogger;

/** The message of each entry written to a pino-compatible logger (pino-http's). */
export const ACCESS_LOG_MESSAGE = 'request completed';

/**
 * The pino-http shape of one answered request.
 *
 * @example
 * accessLogEntry({ method: 'GET', path: '/a', status: 200, requestId: 'r1', ms: 2 })
 * // { req: { id: 'r1', method: 'GET', url: '/a' }, res: { statusCode: 200 }, responseTime: 2, reqId: 'r1' }
 */
export function accessLogEntry(entry: ResponseLogEntry): AccessLogEntry {
  const { method, path, status, requestId, ms, traceId, spanId } = entry;
  const shaped: AccessLogEntry = { req: { id: requestId, method, url: path }, res: { statusCode: status }, responseTime: ms, reqId: requestId };
  return traceId === undefined || spanId === undefined ? shaped : { ...shaped, traceId, spanId };
}

/**
 * An `onResponse` logger that writes the pino-http shape to `sink` (a callback, or a logger's
 * `info`), after the host's own `onResponse` when there is one.
 *
 * @example
 * createHandler({ store, auth, accessLog: pino() }) // uses accessLogger(pino(), undefined)
 */
export function accessLogger(sink: AccessLogSink, onResponse: ResponseLogger | undefined): ResponseLogger {
  const write = typeof sink === 'function' ? sink : (entry: AccessLogEntry) => sink.info(entry, ACCESS_LOG_MESSAGE);
  return (entry) => {
    try {
      onResponse?.(entry);
    } finally {
      write(accessLogEntry(entry));
    }
  };
}
