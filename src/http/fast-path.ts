import type { Exchange } from './exchange.js';
import type { Outcome } from './pipeline.js';

/**
 * Where `createHandler` attaches its Request-free entry point, so that `toNodeListener`
 * can skip building a WHATWG `Request` and `Response` (most of the cost of a bridge).
 * `Symbol.for`, so that the ESM and CJS builds of the package recognise each other.
 */
export const ANSWER_EXCHANGE: unique symbol = Symbol.for('payments-kit/http.answerExchange') as never;

/** A handler that also exposes the Request-free entry point. */
export type FastHandler = ((request: Request) => Promise<Response>) & {
  readonly [ANSWER_EXCHANGE]?: (exchange: Exchange) => Promise<Outcome>;
};
