import { OPERATION_CATALOG, isSpecifiedOperation } from '../operations/catalog.js';
import type { BodyBytes, Exchange, Reply } from '../core/exchange.js';
import { isResponseReply } from '../core/exchange.js';
import type { EffectDispatcher } from '../effects/dispatcher.js';
import { withInProcessEffects } from '../effects/in-process.js';
import { headOf } from './head.js';
import { type HandlerOptions, resolveOptions } from './options.js';
import { type Outcome, answer, answerThen } from './pipeline.js';
import { REQUEST_ID_HEADER } from '../core/request-id.js';

/** A WHATWG fetch handler: what `createHandler` returns. */
export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * The handler's entry for an adapter that carries requests without WHATWG `Request` and
 * `Response` objects (`toNodeListener` of `payments-kit/node` uses it; building them is most of
 * the cost of a bridge). It runs the same steps as the fetch function: `exchange` is the request
 * as the steps read it (method, path, headers, a bounded body reader, an abort signal, and a
 * `Request` built on demand for host operations); `settle(exchange, outcome)` is called exactly
 * once with the reply and its request id, and must not throw; the entry itself never throws and
 * makes no promise of its own. The adapter writes `outcome.reply` with `x-request-id`, and
 * `content-type: application/json` when it has a body. Passing the exchange back lets an adapter
 * use one module-level `settle` rather than a closure per request.
 *
 * @example
 * handler.answerExchange(exchange, (exchange, { requestId, reply }) => write(exchange, requestId, reply));
 */
export type ExchangeEntry = <E extends Exchange>(exchange: E, settle: (exchange: E, outcome: Outcome) => void) => void;

/**
 * What `createHandler` returns: the fetch handler, its exchange entry for adapters, and the
 * in-process effect dispatcher of `onEffect`.
 */
export type Handler = FetchHandler & {
  /** The same handler without `Request`/`Response`: see {@link ExchangeEntry}. */
  readonly answerExchange: ExchangeEntry;
  /**
   * The dispatcher that delivers effects to `onEffect` (`undefined` without `onEffect`): on
   * shutdown, `await handler.effects?.stop()` waits for the deliveries under way; `drain()`
   * delivers what is pending now.
   */
  readonly effects: EffectDispatcher | undefined;
};

const LISTED_IDS: ReadonlySet<string> = new Set(
  OPERATION_CATALOG.filter((entry) => !isSpecifiedOperation(entry.id)).map((entry) => entry.id),
);

/** The path of an absolute URL, without query or fragment, still percent-encoded. */
function pathOf(url: string): string {
  const scheme = url.indexOf('://');
  const start = url.indexOf('/', scheme < 0 ? 0 : scheme + 3);
  if (start < 0) return '/';
  let end = url.length;
  const query = url.indexOf('?', start);
  if (query >= 0) end = query;
  const hash = url.indexOf('#', start);
  if (hash >= 0 && hash < end) end = hash;
  return url.slice(start, end);
}

/**
 * Reads a WHATWG body stream up to `limit` bytes; past the limit it cancels the stream
 * and refuses, without reading the rest. A stream that errors (the client went away) is
 * `aborted`, never a rejection.
 *
 * @example
 * await readStreamLimited(request.body, 1024) // { ok: true, bytes } or { ok: false, reason: 'too-large' }
 */
export async function readStreamLimited(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<BodyBytes> {
  if (stream === null) return { ok: true, bytes: new Uint8Array(0) };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      // The transport failed mid-body (the client went away): the client's doing, not ours.
      return { ok: false, reason: 'aborted' };
    }
    const { done, value } = next;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, reason: 'too-large' };
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0] !== undefined) return { ok: true, bytes: chunks[0] };
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

function exchangeOf(request: Request): Exchange {
  return {
    method: request.method,
    path: pathOf(request.url),
    mountPath: '',
    header: (name) => request.headers.get(name) ?? undefined,
    readBody: (limit) => readStreamLimited(request.body, limit),
    signal: request.signal,
    toRequest: () => request,
  };
}

function withRequestId(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  } catch {
    // Immutable headers (e.g. a Response from fetch()): copy them.
    const headers = new Headers(response.headers);
    headers.set(REQUEST_ID_HEADER, requestId);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/**
 * Turns an outcome into a WHATWG `Response`, with `x-request-id` and, for a JSON body,
 * `content-type: application/json`.
 *
 * @example
 * toResponse({ requestId: 'r1', reply: { status: 404, body: '{"error":"..."}' } }).headers.get('x-request-id') // 'r1'
 */
export function toResponse({ requestId, reply }: { requestId: string; reply: Reply }): Response {
  if (isResponseReply(reply)) return withRequestId(reply.response, requestId);
  const headers: Record<string, string> = { ...reply.headers, [REQUEST_ID_HEADER]: requestId };
  if (reply.body !== undefined) headers['content-type'] = 'application/json';
  return new Response(reply.body ?? null, { status: reply.status, headers });
}

/**
 * Creates the request handler: a WHATWG fetch handler for the five specified operations
 * (spec 4.1-4.5) and every operation spec 4.6 lists (501 unless `options.operations`
 * implements it). It never rejects, and every response carries `x-request-id`.
 * Options are checked once, here (a bad option throws `TypeError`).
 *
 * @example
 * const handler = createHandler({
 *   store: createMemoryStore({ seed }),
 *   auth: createStaticAuth({ 'demo-token': { scopes: ['/accounts/acc_1/transfers.read'] } }),
 * });
 * const response = await handler(new Request('http://localhost/accounts/acc_1/schedules/sch_1', {
 *   headers: { authorization: 'Bearer demo-token' },
 * }));
 */
export function createHandler(options: HandlerOptions): Handler {
  const { options: resolved, dispatcher } = withInProcessEffects(resolveOptions(options, LISTED_IDS));
  const answerExchange: ExchangeEntry = (exchange, settle) => answerThen(exchange, resolved, settle);
  const handler = async (request: Request): Promise<Response> => {
    let outcome: Outcome;
    try {
      outcome = await answer(exchangeOf(request), resolved);
    } catch {
      // Only reachable if the request object itself is unusable.
      outcome = await answer(brokenRequest(), resolved);
    }
    const response = toResponse(outcome);
    return request.method === 'HEAD' ? headOf(response, outcome.reply) : response;
  };
  return Object.assign(handler, { answerExchange, effects: dispatcher });
}

/**
 * The exchange answered when the `Request` itself is unusable. Built on demand: a Worker
 * refuses `new AbortController()` at module scope, and nothing here runs at import.
 */
const brokenRequest = (): Exchange => ({
  method: '',
  path: '',
  mountPath: '',
  header: () => undefined,
  readBody: async () => ({ ok: true, bytes: new Uint8Array(0) }),
  signal: new AbortController().signal,
  toRequest: () => new Request('http://invalid/'),
});
