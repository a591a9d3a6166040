import type { IncomingMessage, ServerResponse } from 'node:http';
import { BadRequestTargetError } from '../http/core/exchange.js';
import { freshUuid } from '../shared/fresh-uuid.js';
import { HTTP_MESSAGES } from '../http/core/messages.js';
import { errorReply } from '../http/core/reply.js';
import { REQUEST_ID_HEADER, chooseRequestId } from '../http/core/request-id.js';
import type { ExchangeEntry, Handler } from '../http/pipeline/handler.js';
import type { Outcome } from '../http/pipeline/pipeline.js';
import { type NodeExchange, nodeExchange } from './exchange.js';
import type { FrameworkRequest } from './framework-request.js';
import { writeResponse } from './write-response.js';
import { failSafe, writeReply } from './write-reply.js';

/** A `(req, res)` listener for node:http, Express, Connect, and Fastify's raw objects. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Adapts a handler to a Node `(req, res)` listener for node:http, Express and Connect
 * (and Fastify through `reply.hijack()` and the raw objects). Honours Express's
 * `req.originalUrl` and mount path, a body already parsed by `express.json()` (re-read
 * from `req.body`), ties the abort signal to the response's `close` before it ended, keeps
 * several `Set-Cookie` headers apart and streams response bodies with back-pressure.
 * A handler from `createHandler` is answered through its exchange entry (`handler.answerExchange`),
 * without building a `Request`/`Response`; any other fetch handler through the bridge. Both give
 * the same bytes (test/http/entry-paths.test.ts).
 *
 * @example
 * import { createServer } from 'node:http';
 * createServer(toNodeListener(createHandler({ store, auth }))).listen(3000, '127.0.0.1');
 * // Express: app.use('/api', toNodeListener(handler));
 */
export function toNodeListener(handler: (request: Request) => Promise<Response>): NodeListener {
  const entry = exchangeEntryOf(handler);
  return (req, res) => {
    const exchange = nodeExchange(req as FrameworkRequest, res);
    // Module-level functions (no closures per request); the exchange entry makes no promise here.
    if (entry !== undefined) respondThroughEntry(entry, exchange);
    else void respondBridged(handler, exchange, res);
  };
}

/** The handler's exchange entry, when it is a handler from `createHandler` (of this package, ESM or CJS). */
function exchangeEntryOf(handler: (request: Request) => Promise<Response>): ExchangeEntry | undefined {
  const entry = (handler as Partial<Handler>).answerExchange;
  return typeof entry === 'function' ? entry : undefined;
}

/** A handler from `createHandler`: the exchange is answered without a `Request`/`Response`. */
function respondThroughEntry(entry: ExchangeEntry, exchange: NodeExchange): void {
  try {
    entry(exchange, writeOutcome);
  } catch {
    fail(exchange.res);
  }
}

function writeOutcome(exchange: NodeExchange, outcome: Outcome): void {
  const { res } = exchange;
  try {
    const written = writeReply(res, outcome.requestId, outcome.reply, exchange.closesConnection());
    if (written !== undefined) written.catch(() => fail(res));
  } catch {
    fail(res);
  }
}

/** Any other fetch handler: a `Request` in, its `Response` written out. */
async function respondBridged(
  handler: (request: Request) => Promise<Response>,
  exchange: NodeExchange,
  res: ServerResponse,
): Promise<void> {
  let request: Request;
  try {
    request = exchange.toRequest();
  } catch (error) {
    // A malformed Host, or Host and target that form no URL: the client's fault, answered 400 with a request id.
    const message = error instanceof BadRequestTargetError ? error.message : HTTP_MESSAGES.badTarget;
    writeReply(res, chooseRequestId(exchange.header(REQUEST_ID_HEADER), freshUuid), errorReply(400, message), true);
    return;
  }
  try {
    const response = await handler(request);
    await writeResponse(res, response, exchange.closesConnection());
  } catch {
    fail(res);
  }
}

/** Writing the answer threw: a 500 with a fresh request id, or the connection destroyed (see `failSafe`). */
function fail(res: ServerResponse): void {
  failSafe(res, freshUuid());
}
