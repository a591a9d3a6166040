import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BodyBytes, Exchange, Reply } from '../http/core/exchange.js';
import { BadRequestTargetError, isResponseReply } from '../http/core/exchange.js';
import { ANSWER_EXCHANGE, type AnswerExchange, type FastHandler } from '../http/pipeline/fast-path.js';
import { freshUuid } from '../http/core/fresh-uuid.js';
import { HTTP_MESSAGES } from '../http/core/messages.js';
import type { Outcome } from '../http/pipeline/pipeline.js';
import { errorReply } from '../http/core/reply.js';
import { REQUEST_ID_HEADER, chooseRequestId } from '../http/core/request-id.js';

/** A Node request as Express (or another framework) may have extended it. */
type FrameworkRequest = IncomingMessage & {
  /** Express: the URL before mount paths were stripped from `url`. */
  readonly originalUrl?: string;
  /** Express: the path the router was mounted on. */
  readonly baseUrl?: string;
  /** A body a framework parser has already read (e.g. `express.json()`). */
  readonly body?: unknown;
};

/** A `(req, res)` listener for node:http, Express, Connect, and Fastify's raw objects. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

const EMPTY = new Uint8Array(0);
const encoder = new TextEncoder();

function pathOfTarget(target: string): string {
  let start = 0;
  if (target.charCodeAt(0) !== 47 /* / */) {
    // absolute-form request target (http://host/path?query): the path starts at the first
    // "/" after the authority; an authority followed by "?", "#" or nothing has path "/".
    const scheme = target.indexOf('://');
    if (scheme < 0) return target; // asterisk-form or garbage: no route starts without "/"
    let end = scheme + 3;
    while (end < target.length) {
      const c = target.charCodeAt(end);
      if (c === 47 /* / */ || c === 63 /* ? */ || c === 35 /* # */) break;
      end += 1;
    }
    if (target.charCodeAt(end) !== 47) return '/';
    start = end;
  }
  const query = target.indexOf('?', start);
  return query < 0 ? (start === 0 ? target : target.slice(start)) : target.slice(start, query);
}

/** The body a framework parsed already, as bytes; `undefined` when the stream is still unread. */
function parsedBody(req: FrameworkRequest): Uint8Array | undefined {
  if (!req.readableEnded) return undefined;
  const body = req.body;
  if (body === undefined || body === null) return EMPTY;
  if (body instanceof Uint8Array) return body;
  if (typeof body === 'string') return encoder.encode(body);
  return encoder.encode(JSON.stringify(body));
}

const ABORTED: BodyBytes = Object.freeze({ ok: false, reason: 'aborted' });

/**
 * Responses whose request carried `Expect: 100-continue` and was handed over by
 * `createNodeServer`'s `checkContinue` listener: `100 Continue` is sent only when the
 * handler starts reading the body, so a refused upload is never sent at all.
 */
const AWAITING_CONTINUE = new WeakSet<ServerResponse>();

/**
 * Marks `res` as awaiting `100 Continue` (see {@link AWAITING_CONTINUE}); for a
 * `checkContinue` listener.
 *
 * @example
 * server.on('checkContinue', (req, res) => { continueOnRead(res); listener(req, res); });
 */
export function continueOnRead(res: ServerResponse): void {
  AWAITING_CONTINUE.add(res);
}

function sendContinue(res: ServerResponse): void {
  if (!AWAITING_CONTINUE.delete(res)) return;
  if (!res.headersSent && !res.destroyed) res.writeContinue();
}

/**
 * True when the request declares a body (`Transfer-Encoding`, or a `Content-Length` other
 * than 0) that has not been received to its end: answering now leaves bytes on the wire,
 * which Node would read and discard to keep the connection, however many there are.
 */
function hasUnreadBody(req: IncomingMessage): boolean {
  if (req.complete || req.readableEnded) return false;
  if (headerOf(req, 'transfer-encoding') !== undefined) return true;
  const length = headerOf(req, 'content-length');
  return length !== undefined && length.trim() !== '0';
}

/**
 * True when the request asks to switch protocols (`Upgrade`, e.g. websocket or h2c). No
 * protocol switch is served, and Node's parser stops at such a request: bytes pipelined
 * behind it in the same packet are dropped unanswered. Closing after the answer tells the
 * client so instead of leaving it waiting for `keepAliveTimeout`.
 */
function asksForUpgrade(req: IncomingMessage): boolean {
  return headerOf(req, 'upgrade') !== undefined;
}

function readNodeBody(req: FrameworkRequest, res: ServerResponse, limit: number, onTooLarge: () => void): Promise<BodyBytes> {
  const parsed = parsedBody(req);
  if (parsed !== undefined) {
    return Promise.resolve(parsed.byteLength > limit ? { ok: false, reason: 'too-large' } : { ok: true, bytes: parsed });
  }
  // The client went away (or broke the framing) before the body was asked for.
  if (req.destroyed) return Promise.resolve(ABORTED);
  sendContinue(res);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onAbort);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      cleanup();
      req.pause();
      onTooLarge();
      resolve({ ok: false, reason: 'too-large' });
    };
    const onEnd = (): void => {
      cleanup();
      resolve({ ok: true, bytes: chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : Buffer.concat(chunks, size) });
    };
    // 'error' ("aborted") or 'close' before 'end': the client is gone; not a server error.
    const onAbort = (): void => {
      cleanup();
      resolve(ABORTED);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onAbort);
  });
}

/** The request body as a WHATWG stream, for host-registered operations. */
function bodyStream(req: FrameworkRequest, res: ServerResponse): ReadableStream<Uint8Array> {
  const parsed = parsedBody(req);
  if (parsed !== undefined) {
    return new ReadableStream({
      start(controller) {
        if (parsed.byteLength > 0) controller.enqueue(parsed);
        controller.close();
      },
    });
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      sendContinue(res);
      req.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.on('end', () => controller.close());
      req.on('error', (error) => controller.error(error));
    },
    pull() {
      req.resume();
    },
    cancel() {
      req.destroy();
    },
  });
}

// Headers Node keeps only the first line of (as `req.headers` does); others are joined with ", ".
// `authorization` is joined too, as fetch's `Headers` joins it, so two credentials are one
// malformed credential (401) on both paths instead of "the first one wins" on this one.
const FIRST_LINE_WINS = new Set(['content-type', 'content-length', 'host']);

/**
 * A header's value (name in lower case), read from `rawHeaders` so that Node need not build
 * the whole `req.headers` object; duplicates follow Node's `req.headers` rules.
 */
function headerOf(req: IncomingMessage, name: string): string | undefined {
  const raw = req.rawHeaders;
  if (!Array.isArray(raw)) {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  let found: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const key = raw[i] ?? '';
    // Most clients send lower-case names: compare as they are before lowering a copy.
    if (key.length !== name.length || (key !== name && key.toLowerCase() !== name)) continue;
    const value = raw[i + 1] ?? '';
    if (found === undefined) {
      found = value;
      if (FIRST_LINE_WINS.has(name)) return found;
    } else found = `${found}, ${value}`;
  }
  return found;
}

function toRequest(req: FrameworkRequest, res: ServerResponse, signal: AbortSignal): Request {
  const target = req.originalUrl ?? req.url ?? '/';
  const encrypted = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  const url = target.startsWith('/') ? `${encrypted ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}${target}` : target;
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] ?? '', raw[i + 1] ?? '');
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  try {
    return new Request(url, {
      method,
      headers,
      signal,
      ...(hasBody ? { body: bodyStream(req, res), duplex: 'half' } : {}),
    } as RequestInit);
  } catch {
    // The URL is what can fail here (a Host such as "a b" or "user@host", a target such as
    // "*"): Node's parser let the request through, but no WHATWG Request can hold it.
    throw new BadRequestTargetError(HTTP_MESSAGES.badTarget);
  }
}

/** What the listener tracks about one request besides the exchange. */
type ListenerState = { closeConnection: boolean; requestId: string };

/**
 * The exchange of one Node request. A class (methods on the prototype, no closures per
 * request); the abort signal is made only when something asks for it.
 */
class NodeExchange implements Exchange {
  readonly method: string;
  readonly path: string;
  readonly mountPath: string;
  /** The response the outcome is written to. */
  readonly res: ServerResponse;
  /** What the listener tracks for this request (request id, whether to close the connection). */
  readonly state: ListenerState;
  readonly #req: FrameworkRequest;
  #controller: AbortController | undefined;

  constructor(req: FrameworkRequest, res: ServerResponse, state: ListenerState) {
    this.#req = req;
    this.res = res;
    this.state = state;
    this.method = req.method ?? '';
    this.path = pathOfTarget(req.originalUrl ?? req.url ?? '/');
    this.mountPath = req.originalUrl !== undefined && typeof req.baseUrl === 'string' ? req.baseUrl : '';
  }

  header(name: string): string | undefined {
    return headerOf(this.#req, name);
  }

  readBody(limit: number): Promise<BodyBytes> {
    return readNodeBody(this.#req, this.res, limit, () => {
      this.state.closeConnection = true;
    });
  }

  /**
   * Whether the answer must close the connection: a body refused mid-stream, one not read to
   * its end (an answer before the body was read: 401, 404, a declared length over the limit),
   * or a request that asked to switch protocols.
   */
  closesConnection(): boolean {
    return this.state.closeConnection || hasUnreadBody(this.#req) || asksForUpgrade(this.#req);
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      const controller = new AbortController();
      const res = this.res;
      const abort = (): void => {
        if (!res.writableEnded) controller.abort();
      };
      if (res.destroyed) abort();
      else res.once('close', abort);
      this.#controller = controller;
    }
    return this.#controller.signal;
  }

  toRequest(): Request {
    return toRequest(this.#req, this.res, this.signal);
  }
}

async function writeResponse(res: ServerResponse, response: Response, closeConnection: boolean): Promise<void> {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && !(closeConnection && name === 'connection')) headers.push([name, value]);
  });
  const cookies = response.headers.getSetCookie();
  const flat: string[] = [];
  for (const [name, value] of headers) flat.push(name, value);
  for (const cookie of cookies) flat.push('set-cookie', cookie);
  if (closeConnection) flat.push('connection', 'close');
  if (response.statusText === '') res.writeHead(response.status, flat);
  else res.writeHead(response.status, response.statusText, flat);
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const onClose = (): void => {
    reader.cancel().catch(() => undefined);
  };
  res.once('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          const go = (): void => {
            res.off('drain', go);
            res.off('close', go);
            resolve();
          };
          res.once('drain', go);
          res.once('close', go);
        });
      }
      if (res.destroyed) break;
    }
  } finally {
    res.off('close', onClose);
    res.end();
  }
}

const byteLengthOf = (body: string | Uint8Array): number => (typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);

function writeReply(res: ServerResponse, requestId: string, reply: Reply, closeConnection: boolean): Promise<void> | void {
  if (isResponseReply(reply)) {
    const headers = new Headers(reply.response.headers);
    headers.set(REQUEST_ID_HEADER, requestId);
    return writeResponse(res, new Response(reply.response.body, { status: reply.response.status, headers }), closeConnection);
  }
  if (reply.headers === undefined) {
    // The common case: one flat [name, value, ...] array, the form Node stores without a key walk.
    const body = reply.body;
    const flat =
      body === undefined
        ? [REQUEST_ID_HEADER, requestId, 'content-length', '0']
        : [REQUEST_ID_HEADER, requestId, 'content-type', 'application/json', 'content-length', String(byteLengthOf(body))];
    if (closeConnection) flat.push('connection', 'close');
    res.writeHead(reply.status, flat);
    res.end(body);
    return;
  }
  const headers: Record<string, string> = { ...reply.headers };
  headers[REQUEST_ID_HEADER] = requestId;
  if (reply.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(byteLengthOf(reply.body));
  } else if (reply.status !== 204) headers['content-length'] = '0'; // RFC 9110 8.6: none on a 204
  if (closeConnection) headers['connection'] = 'close';
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}

function failSafe(res: ServerResponse, requestId: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ error: HTTP_MESSAGES.internal });
  res.writeHead(500, {
    [REQUEST_ID_HEADER]: requestId,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  });
  res.end(body);
}

/**
 * Adapts a handler to a Node `(req, res)` listener for node:http, Express and Connect
 * (and Fastify through `reply.hijack()` and the raw objects). Honours Express's
 * `req.originalUrl` and mount path, a body already parsed by `express.json()` (re-read
 * from `req.body`), ties the abort signal to the response's `close` before it ended, keeps
 * several `Set-Cookie` headers apart and streams response bodies with back-pressure.
 * A handler from `createHandler` is answered without building a `Request`/`Response`.
 *
 * @example
 * import { createServer } from 'node:http';
 * createServer(toNodeListener(createHandler({ store, auth }))).listen(3000, '127.0.0.1');
 * // Express: app.use('/api', toNodeListener(handler));
 */
export function toNodeListener(handler: (request: Request) => Promise<Response>): NodeListener {
  const fast = (handler as FastHandler)[ANSWER_EXCHANGE];
  return (req, res) => {
    const state: ListenerState = { closeConnection: false, requestId: '' };
    const exchange = new NodeExchange(req as FrameworkRequest, res, state);
    // Module-level functions (no closures per request); the fast path makes no promise here.
    if (fast !== undefined) respondFast(fast, exchange);
    else void respondBridged(handler, exchange, res, state);
  };
}

function respondFast(fast: AnswerExchange, exchange: NodeExchange): void {
  try {
    fast(exchange, writeOutcome);
  } catch {
    fail(exchange.res, exchange.state);
  }
}

function writeOutcome(exchange: NodeExchange, outcome: Outcome): void {
  const { res, state } = exchange;
  state.requestId = outcome.requestId;
  try {
    const written = writeReply(res, outcome.requestId, outcome.reply, exchange.closesConnection());
    if (written !== undefined) written.catch(() => fail(res, state));
  } catch {
    fail(res, state);
  }
}

async function respondBridged(
  handler: (request: Request) => Promise<Response>,
  exchange: NodeExchange,
  res: ServerResponse,
  state: ListenerState,
): Promise<void> {
  let request: Request;
  try {
    request = exchange.toRequest();
  } catch {
    // Host and target that form no URL: the client's fault, answered 400 with a request id.
    state.requestId = chooseRequestId(exchange.header(REQUEST_ID_HEADER), freshUuid);
    writeReply(res, state.requestId, errorReply(400, HTTP_MESSAGES.badTarget), true);
    return;
  }
  try {
    const response = await handler(request);
    state.requestId = response.headers.get(REQUEST_ID_HEADER) ?? '';
    await writeResponse(res, response, exchange.closesConnection());
  } catch {
    fail(res, state);
  }
}

function fail(res: ServerResponse, state: ListenerState): void {
  state.requestId = freshUuid();
  failSafe(res, state.requestId);
}
