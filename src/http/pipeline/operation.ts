import { BadRequestTargetError, type Reply } from '../core/exchange.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { errorReply } from '../core/reply.js';
import { performIdempotent } from '../idempotency/perform.js';
import type { OperationImplementation } from './options.js';
import { withTracedPorts } from '../telemetry/traced-ports.js';
import { tracedStore } from '../telemetry/traced-store.js';
import type { RoutedState } from './request-state.js';

/**
 * The operation step: a specified operation runs its declaration's `run` with the request's
 * store (one deadline for all its store work, from here; the memory store's reads answered at
 * once, `SpecifiedContext.reads`), under `Idempotency-Key` when its
 * declaration says `idempotent: true` (`idempotency/perform.ts`); an operation spec 4.6 only
 * lists runs the host's implementation, or answers 501. Always answers.
 *
 * @example
 * const reply = await runOperation(state);
 */
export function runOperation(state: RoutedState): Reply | Promise<Reply> {
  const { exchange, entry, params, accountID, requestId, options } = state;
  const specified = entry.declaration;
  if (specified === undefined) {
    const { implementation } = state;
    return implementation === undefined ? errorReply(501, HTTP_MESSAGES.notImplemented) : runHostOperation(state, implementation);
  }
  const tracing = options.telemetry?.tracing;
  const parent = state.telemetry?.context;
  const store = options.storeFor();
  const traced = tracing !== undefined && parent !== undefined;
  const ported = traced ? withTracedPorts(options, tracing, parent) : options;
  // A traced request reads through the traced store (its spans), never the settled reads.
  const context = traced
    ? { exchange, params, accountID: accountID ?? '', requestId, options: ported, store: tracedStore(store, tracing, parent), reads: undefined }
    : { exchange, params, accountID: accountID ?? '', requestId, options, store, reads: options.reads };
  return options.idempotency !== undefined && specified.idempotent
    ? performIdempotent(context, specified.run, specified.id, options.idempotency)
    : specified.run(context);
}

/** A host-registered operation (spec 4.6): it gets a WHATWG `Request` and answers a `Response`. */
async function runHostOperation(state: RoutedState, implementation: OperationImplementation): Promise<Reply> {
  const { exchange, entry, params, requestId, version, grant } = state;
  if (grant === undefined) throw new Error('the operation step runs after the authentication step');
  let request: Request;
  try {
    request = exchange.toRequest();
  } catch (error) {
    if (error instanceof BadRequestTargetError) return errorReply(400, error.message);
    throw error;
  }
  const operationContext = { request, params, requestId, version, grant, signal: exchange.signal };
  const tracing = state.options.telemetry?.tracing;
  const parent = state.telemetry?.context;
  // Traced: the host's code runs with the server span active, so its own spans join the trace.
  const response: unknown = await (tracing === undefined || parent === undefined
    ? implementation.handle(operationContext)
    : tracing.api.context.with(parent, () => implementation.handle(operationContext)));
  if (!isResponse(response)) throw new TypeError(`operation ${entry.id} did not return a Response`);
  return { response };
}

/**
 * Whether `value` is a WHATWG `Response`, also one made by the platform's own class when the global
 * is another: `@hono/node-server` puts its own `Response` class on `globalThis`, and an answer of
 * `fetch()` is then no instance of it, though it is a `Response` (its `Symbol.toStringTag` says so).
 */
const isResponse = (value: unknown): value is Response => value instanceof Response || Object.prototype.toString.call(value) === '[object Response]';
