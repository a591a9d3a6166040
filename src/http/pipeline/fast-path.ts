import type { Exchange } from '../core/exchange.js';
import type { Outcome } from './pipeline.js';

/**
 * Where `createHandler` attaches its Request-free entry point, so that `toNodeListener`
 * can skip building a WHATWG `Request` and `Response` (most of the cost of a bridge).
 * `Symbol.for`, so that the ESM and CJS builds of the package recognise each other; the
 * name carries the protocol's version, so that two versions of the package never mix.
 */
export const ANSWER_EXCHANGE: unique symbol = Symbol.for('payments-kit/http.answerExchange@2') as never;

/**
 * The Request-free entry point: answers `exchange` and calls `settle(exchange, outcome)`
 * exactly once, with no promise of its own. `settle` must not throw; passing the exchange
 * back lets a caller use one module-level function instead of a closure per request.
 */
export type AnswerExchange = <E extends Exchange>(exchange: E, settle: (exchange: E, outcome: Outcome) => void) => void;

/** A handler that also exposes the Request-free entry point. */
export type FastHandler = ((request: Request) => Promise<Response>) & {
  readonly [ANSWER_EXCHANGE]?: AnswerExchange;
};
