import type { Exchange, Reply } from '../core/exchange.js';
import { isResponseReply } from '../core/exchange.js';
import { callGuarded } from '../core/guarded.js';

/** An answer as the pipeline settles it (the pipeline's `Outcome`). */
type Answered = { readonly requestId: string; readonly reply: Reply };

/** One answered request, for access logs (`onResponse` of `createHandler` and of `toNodeListener`). */
export type ResponseLogEntry = {
  readonly method: string;
  /** The path without the query string. */
  readonly path: string;
  readonly status: number;
  readonly requestId: string;
  /** Milliseconds from the request's arrival at the handler to its answer. */
  readonly ms: number;
};

/** An access-log hook: called once per response. */
export type ResponseLogger = (entry: ResponseLogEntry) => void;

/**
 * Wraps a `settle` callback so that `onResponse` hears of each answer once, when the answer
 * is ready (its status and request id decided; a streamed host body may still be flowing).
 * A throwing logger is ignored: it must not change the answer.
 *
 * @example
 * settle = loggedSettle(exchange, onResponse, settle);
 */
export function loggedSettle<E extends Exchange, O extends Answered>(
  exchange: E,
  onResponse: ResponseLogger,
  settle: (exchange: E, outcome: O) => void,
): (exchange: E, outcome: O) => void {
  const started = performance.now();
  return (settled, outcome) => {
    settle(settled, outcome);
    const { reply } = outcome;
    callGuarded(onResponse, {
      method: exchange.method,
      path: exchange.path,
      status: isResponseReply(reply) ? reply.response.status : reply.status,
      requestId: outcome.requestId,
      ms: performance.now() - started,
    });
  };
}
