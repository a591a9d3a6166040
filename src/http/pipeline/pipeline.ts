import type { Exchange, Reply } from '../core/exchange.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { errorReply } from '../core/reply.js';
import { REQUEST_ID_HEADER, chooseRequestId } from '../core/request-id.js';
import { freshUuid } from '../../shared/fresh-uuid.js';
import { storeFailureReply } from '../store/errors.js';
import { answerWith } from './answer.js';
import { runSteps } from './steps.js';
import { type Outcome, RequestState, type Settle } from './request-state.js';
import { isRouted, route } from './route.js';
import { RequestTelemetry } from '../telemetry/request-trace.js';
import type { ResolvedOptions } from './options.js';

export type { Outcome } from './request-state.js';

const INTERNAL_ERROR = errorReply(500, HTTP_MESSAGES.internal);

/** The request id step: the client's `x-request-id` when well formed, else a fresh UUID. */
function requestIdOf(exchange: Exchange): string {
  try {
    return chooseRequestId(exchange.header(REQUEST_ID_HEADER), freshUuid);
  } catch {
    return freshUuid();
  }
}

/**
 * Answers one exchange through the request's steps, in order: the request id (every answer
 * carries it), the route (400, 404, 405), then the routed steps of `steps/index.ts`
 * (authentication 401, scope 403, rate limit 429, version 400/404, the operation or 501), then
 * the steps around the answer of `steps/answer.ts` (listed statuses, CORS, `settle`, access
 * log, telemetry). Calls `settle(exchange, outcome)` exactly once and never throws: a thrown
 * error is reported to `onError` and answered 500 `{ error }` without internals, a store that
 * failed 504 with `Retry-After`. No promise is made here beyond the steps' own (see
 * {@link answer} for one).
 *
 * @example
 * answerThen(exchange, options, (exchange, { requestId, reply }) => write(reply, requestId));
 */
export function answerThen<E extends Exchange>(exchange: E, options: ResolvedOptions, settle: Settle<E>): void {
  const started = options.onResponse === undefined ? 0 : performance.now();
  const telemetry = options.telemetry === undefined ? undefined : new RequestTelemetry(options.telemetry, exchange);
  const state = new RequestState(exchange, options, settle as Settle, requestIdOf(exchange), telemetry, started);
  let pending: Reply | Promise<Reply>;
  try {
    pending = route(state) ?? (isRouted(state) ? runSteps(state) : INTERNAL_ERROR);
  } catch (error) {
    state.report(error);
    // As for a rejection below: a step that answers at once may throw what a promise would reject with.
    answerWith(state, storeFailureReply(error) ?? INTERNAL_ERROR);
    return;
  }
  if (!(pending instanceof Promise)) {
    answerWith(state, pending);
    return;
  }
  pending.then(
    (reply) => answerWith(state, reply),
    (error: unknown) => {
      state.report(error);
      // A slow or absent database is a 504 with Retry-After (listed for every specified operation), not a bug.
      answerWith(state, storeFailureReply(error) ?? INTERNAL_ERROR);
    },
  );
}

/**
 * {@link answerThen} as a promise, which never rejects.
 *
 * @example
 * const { requestId, reply } = await answer(exchange, options);
 */
export function answer(exchange: Exchange, options: ResolvedOptions): Promise<Outcome> {
  return new Promise((resolve) => answerThen(exchange, options, (_exchange, outcome) => resolve(outcome)));
}
