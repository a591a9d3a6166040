import { type Reply, isResponseReply } from '../core/exchange.js';
import { callGuarded } from '../core/guarded.js';
import { logResponse } from '../policies/access-log.js';
import { withCorsHeaders } from '../policies/cors.js';
import { checkListed } from './listed-status.js';
import type { RequestState } from './request-state.js';

/**
 * The steps around the answer, once a reply is decided, in order: the listed-status check
 * (500 for a status the operation may not answer), the CORS headers (with `cors`), the
 * adapter's `settle` (it writes the answer; should it throw, the error is reported), the
 * access-log entry (`onResponse`), and the end of the request's span and its duration metric.
 * Never throws.
 *
 * @example
 * answerWith(state, { status: 200, body: '{}' });
 */
export function answerWith(state: RequestState, decided: Reply): void {
  const { exchange, options, requestId, telemetry } = state;
  let reply = checkListed(state, decided);
  if (options.cors !== undefined) reply = withCorsHeaders(exchange, options.cors, reply);
  try {
    state.settle(exchange, { requestId, reply });
  } catch (error) {
    callGuarded(options.onError, error, { requestId });
  }
  if (options.onResponse !== undefined) logResponse(options.onResponse, exchange, requestId, reply, state.started, telemetry?.ids());
  telemetry?.answered(isResponseReply(reply) ? reply.response.status : reply.status, requestId);
}
