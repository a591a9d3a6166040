import { type IncomingMessage, type Server, ServerResponse, createServer } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { CLIENT_ERROR_READ_LIMIT, type ClientError, answerClientError } from './client-error.js';
import { afterPendingAnswers } from './pending-answers.js';
import { continueOnRead } from './continue.js';
import { type NodeListener, toNodeListener } from './listener.js';

/** The limits and timeouts of {@link createNodeServer}, in milliseconds and counts. */
export type NodeServerLimits = {
  /** Time to receive a request's headers, from its first byte (a new connection's from its start). */
  readonly headersTimeout: number;
  /** Time to receive a whole request, headers and body; at least `headersTimeout`. */
  readonly requestTimeout: number;
  /** Time an idle keep-alive connection is kept open between requests. */
  readonly keepAliveTimeout: number;
  /** How often the two request timeouts are checked (a request is cut at most this much after its timeout). */
  readonly connectionsCheckingInterval: number;
  /** Open connections at most; a connection beyond it is closed as soon as it is accepted. */
  readonly maxConnections: number;
  /** Bytes of request line and headers at most (431 beyond). */
  readonly maxHeaderSize: number;
};

/**
 * The defaults of {@link createNodeServer}; docs/http.md "Running it in production" and
 * docs/http.md's rules give the reasons.
 *
 * @example
 * DEFAULT_NODE_SERVER_LIMITS.headersTimeout // 10000
 */
export const DEFAULT_NODE_SERVER_LIMITS: NodeServerLimits = Object.freeze({
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
  maxConnections: 1_000,
  maxHeaderSize: 16_384,
});

/** A request Node's parser refused, as {@link answerClientError} answered it (for a log line). */
export type ClientErrorLogEntry = {
  readonly status: number;
  readonly requestId: string;
  /** The parser's or the timeout's code, e.g. `HPE_INVALID_METHOD`, `ERR_HTTP_REQUEST_TIMEOUT`. */
  readonly code: string | undefined;
};

/**
 * Options of {@link createNodeServer}: any limit of {@link NodeServerLimits}, and a log hook for
 * the requests Node's own parser refuses (the handler's `onResponse` logs every other answer).
 */
export type NodeServerOptions = Partial<NodeServerLimits> & {
  /** Called once per request Node's own parser refused and `answerClientError` answered. */
  readonly onClientError?: (entry: ClientErrorLogEntry) => void;
};

/** Messages for options `createNodeServer` refuses. */
export const NODE_SERVER_MESSAGES = Object.freeze({
  positive: (name: string) => `createNodeServer: ${name} must be a positive safe integer`,
  headersAfterRequest: 'createNodeServer: headersTimeout must not exceed requestTimeout',
});

const LIMIT_NAMES = Object.keys(DEFAULT_NODE_SERVER_LIMITS) as (keyof NodeServerLimits)[];

/**
 * The limits with every default filled in, checked (each a positive safe integer, and
 * `headersTimeout <= requestTimeout`); a bad one throws a `TypeError`.
 *
 * @example
 * resolveNodeServerLimits({ requestTimeout: 60_000 }).requestTimeout // 60000
 */
export function resolveNodeServerLimits(options: Partial<NodeServerLimits> = {}): NodeServerLimits {
  const resolved: Record<keyof NodeServerLimits, number> = { ...DEFAULT_NODE_SERVER_LIMITS };
  for (const name of LIMIT_NAMES) {
    const value = options[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value <= 0) throw new TypeError(NODE_SERVER_MESSAGES.positive(name));
    resolved[name] = value;
  }
  if (resolved.headersTimeout > resolved.requestTimeout) throw new TypeError(NODE_SERVER_MESSAGES.headersAfterRequest);
  return Object.freeze(resolved);
}

/**
 * Answers a `CONNECT` request through the listener (Node hands it to `connect` listeners
 * only, and destroys the socket without a word when there is none), after the answers to any
 * requests pipelined before it. The socket is a tunnel candidate, never reused: the answer
 * closes it, and at most {@link CLIENT_ERROR_READ_LIMIT} bytes sent after the CONNECT are read.
 */
function answerConnect(listener: NodeListener, req: IncomingMessage, socket: Duplex): void {
  // What the client sends after its CONNECT is not a request: dropped, up to a bound.
  let dropped = 0;
  socket.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > CLIENT_ERROR_READ_LIMIT) socket.destroy();
  });
  // Requests pipelined before the CONNECT are answered first, in order.
  afterPendingAnswers(socket, () => {
    if (socket.destroyed) return;
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket as Socket);
    res.once('finish', () => {
      res.detachSocket(socket as Socket);
      socket.end();
    });
    listener(req, res);
  });
}

/**
 * A node:http `Server` (not yet listening) that serves `handler` through
 * {@link toNodeListener} with hardened defaults ({@link DEFAULT_NODE_SERVER_LIMITS}):
 * every request gets the handler's answer with `x-request-id`, a `Host`-less one and a
 * `CONNECT` included; requests Node's parser refuses get {@link answerClientError}'s;
 * silent, slow and idle connections are cut by the timeouts; connections are capped;
 * `100 Continue` is sent only when the handler reads the body; an answer given before the
 * body was read (401, 404, a declared length over the limit) closes the connection instead
 * of reading the rest of the upload.
 *
 * @example
 * const server = createNodeServer(createHandler({ store, auth }), { requestTimeout: 60_000 });
 * server.listen(3000, '127.0.0.1');
 */
export function createNodeServer(handler: (request: Request) => Promise<Response>, options: NodeServerOptions = {}): Server {
  const limits = resolveNodeServerLimits(options);
  const { onClientError } = options;
  const listener = toNodeListener(handler);
  const server = createServer(
    {
      requireHostHeader: false,
      headersTimeout: limits.headersTimeout,
      requestTimeout: limits.requestTimeout,
      keepAliveTimeout: limits.keepAliveTimeout,
      connectionsCheckingInterval: limits.connectionsCheckingInterval,
      maxHeaderSize: limits.maxHeaderSize,
    },
    listener,
  );
  server.maxConnections = limits.maxConnections;
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    continueOnRead(res);
    listener(req, res);
  });
  // An expectation other than 100-continue: RFC 9110 lets a server ignore it (Node would answer a bare 417).
  server.on('checkExpectation', listener);
  server.on('connect', (req: IncomingMessage, socket: Duplex) => answerConnect(listener, req, socket));
  server.on('clientError', (error: ClientError, socket: Duplex) => {
    const answered = answerClientError(error, socket);
    if (answered === undefined || onClientError === undefined) return;
    try {
      onClientError({ ...answered, code: error.code });
    } catch {
      // A failing logger must not break the server.
    }
  });
  return server;
}
