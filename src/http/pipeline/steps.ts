import type { Reply } from '../core/exchange.js';
import { authenticate } from './authenticate.js';
import { runOperation } from './operation.js';
import { rateLimit } from './rate-limit.js';
import type { RoutedState } from './request-state.js';
import { checkScope } from './scope.js';
import { checkVersion } from './version.js';
import { withHeaders } from './with-headers.js';

/**
 * One step of a routed request: `undefined` to go on to the next step, or the reply that ends
 * the request here; a promise only when the step waits for a port (auth, rate limiter, store).
 */
export type Step = (state: RoutedState) => Reply | undefined | Promise<Reply | undefined>;

/**
 * The steps of a routed request, in order (docs/architecture.md, "The path of a PATCH"). The
 * last one, the operation, always answers.
 */
export const ROUTED_STEPS: readonly Step[] = Object.freeze([
  authenticate, // 401, 504: auth/authenticate.ts through the `auth` port
  checkScope, // 403
  rateLimit, // 429 (with a `rateLimiter`)
  checkVersion, // 400, 404: X-Service-Version
  runOperation, // the operation (under Idempotency-Key where declared), or 501
]);

/**
 * Runs {@link ROUTED_STEPS} from `from` until one answers, without a promise while the steps
 * answer at once; the headers a step set for every answer (the rate limiter's budget) are added.
 *
 * @example
 * const reply = await runSteps(state);
 */
export function runSteps(state: RoutedState, from = 0): Reply | Promise<Reply> {
  if (from === 0 && IN_ORDER) {
    // The same steps called by name: each call site sees one function, which V8 inlines, where
    // the loop's one call site sees five (a generic call each). `IN_ORDER` checks, at load, that
    // these are ROUTED_STEPS in their order; any other list runs through the loop below.
    let result = authenticate(state);
    if (result !== undefined) return after(state, 0, result);
    result = checkScope(state);
    if (result !== undefined) return after(state, 1, result);
    result = rateLimit(state);
    if (result !== undefined) return after(state, 2, result);
    result = checkVersion(state);
    if (result !== undefined) return after(state, 3, result);
    return after(state, LAST, runOperation(state));
  }
  for (let at = from; at < STEPS.length; at++) {
    const step = STEPS[at] as Step;
    const result = step(state);
    if (result !== undefined) return after(state, at, result);
  }
  throw new Error('no step answered');
}

/** What follows a step's answer `result` (at index `at`): the reply with the state's headers, or the steps after it once its promise settles. */
function after(state: RoutedState, at: number, result: Reply | Promise<Reply | undefined>): Reply | Promise<Reply> {
  if (!(result instanceof Promise)) return withStateHeaders(state, result);
  // The operation's own promise is passed on as it is (no further promise) when there is nothing to add.
  if (at === LAST && state.headers === undefined) return result as Promise<Reply>;
  return result.then((reply) => (reply === undefined ? runSteps(state, at + 1) : withStateHeaders(state, reply)));
}

/**
 * The steps as a plain array: an element of a frozen array was read through V8's generic keyed
 * load (a builtin call per step, about 75 instructions each), one of this array inline.
 */
const STEPS: Step[] = [...ROUTED_STEPS];
const LAST = STEPS.length - 1;
/** Whether {@link ROUTED_STEPS} are the five steps `runSteps` calls by name, in that order. */
const IN_ORDER = [authenticate, checkScope, rateLimit, checkVersion, runOperation].every((step, at) => STEPS[at] === step) && STEPS.length === 5;

const withStateHeaders = (state: RoutedState, reply: Reply): Reply => (state.headers === undefined ? reply : withHeaders(reply, state.headers));
