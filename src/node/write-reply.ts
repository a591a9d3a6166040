import type { ServerResponse } from 'node:http';
import { type Reply, isResponseReply } from '../http/core/exchange.js';
import { HTTP_MESSAGES } from '../http/core/messages.js';
import { REQUEST_ID_HEADER } from '../http/core/request-id.js';
import { writeResponse } from './write-response.js';

const byteLengthOf = (body: string | Uint8Array): number => (typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);

/** The last text body written and its `content-length`: a cached answer (GET schedule) is the same string each time. */
let lastBody: string | Uint8Array | undefined;
let lastLength = '0';

/** The `content-length` value of `body`, counted once for a body sent again. */
function lengthOf(body: string | Uint8Array): string {
  if (body !== lastBody) {
    lastLength = String(byteLengthOf(body));
    lastBody = typeof body === 'string' ? body : undefined;
  }
  return lastLength;
}

/**
 * Writes the pipeline's reply with its request id; a reply that carries a `Response`
 * (a host-registered operation) is streamed, every other reply is written in one go.
 *
 * @example
 * writeReply(res, requestId, { status: 200, body: '{"ok":true}' }, false);
 */
export function writeReply(res: ServerResponse, requestId: string, reply: Reply, closeConnection: boolean): Promise<void> | void {
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
        : [REQUEST_ID_HEADER, requestId, 'content-type', 'application/json', 'content-length', lengthOf(body)];
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

/**
 * The last resort when writing an answer threw: a 500 with the request id and
 * `Connection: close`, or, once headers are out, the connection destroyed.
 *
 * @example
 * try { writeReply(res, id, reply, false); } catch { failSafe(res, id); }
 */
export function failSafe(res: ServerResponse, requestId: string): void {
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
