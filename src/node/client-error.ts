import type { Duplex } from 'node:stream';
import { freshUuid } from '../shared/fresh-uuid.js';
import { HTTP_MESSAGES } from '../http/core/messages.js';
import { afterPendingAnswers, inFlightResponse } from './pending-answers.js';
import { REQUEST_ID_HEADER } from '../http/core/request-id.js';

/** What Node reports to `clientError`: an error with the parser's (or the timeout's) code. */
export type ClientError = Error & { readonly code?: string };

/** The status and message for each kind of request Node's own parser refuses, as data. */
const CLIENT_ERROR_ANSWERS: Readonly<Record<string, readonly [status: number, reason: string, message: string]>> = Object.freeze({
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', HTTP_MESSAGES.headersTooLarge],
  // Node would say 413; no operation lists 413, and a body over the limit is a 400 in the handler too.
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [400, 'Bad Request', HTTP_MESSAGES.bodyTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', HTTP_MESSAGES.requestTimeout],
});
const UNPARSEABLE = [400, 'Bad Request', HTTP_MESSAGES.unparseable] as const;

/**
 * How many more bytes a client may send after its unparseable request while the answers to
 * its earlier (pipelined) requests are still being written; past it the socket is destroyed.
 */
export const CLIENT_ERROR_READ_LIMIT = 65_536;

/** Sockets whose unparseable request is answered already (or will be, once earlier answers are written), with the bytes read then. */
const REFUSING = new WeakMap<Duplex, number>();

function bytesReadOf(socket: Duplex): number {
  return (socket as { bytesRead?: number }).bytesRead ?? 0;
}

function writeRefusal(socket: Duplex, status: number, reason: string, message: string, requestId: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n${REQUEST_ID_HEADER}: ${requestId}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * A `clientError` listener for a node:http server. Requests that Node's own parser refuses
 * (a malformed request line or header, headers over `maxHeaderSize`, a request timeout)
 * never reach the handler; without this, Node answers them with a bare 400/431/408 and no
 * `x-request-id`. This answers them like the handler does: the status Node would give (400,
 * 431 or 408; chunk extensions over Node's limit are 400, as any body over a limit is here,
 * where Node says 413), a JSON `{ error }` body, a fresh `x-request-id`, and `connection: close`.
 *
 * It never answers in place of a request whose response is pending: when the bytes Node
 * cannot parse follow complete (pipelined) requests, their answers are written first, then
 * this one (a client is never told a committed write failed). Meanwhile the socket may read
 * at most {@link CLIENT_ERROR_READ_LIMIT} more bytes before it is destroyed. A socket that
 * cannot take an answer (reset, or the refused bytes are inside a request whose answer has
 * started) is destroyed, as Node does. Returns the status and request id it answers with
 * (`undefined` when it cannot answer, or already did for this socket), for a log line.
 *
 * @example
 * const server = createServer(toNodeListener(handler));
 * server.on('clientError', answerClientError);
 */
export function answerClientError(error: ClientError, socket: Duplex): { status: number; requestId: string } | undefined {
  const refusedAt = REFUSING.get(socket);
  if (refusedAt !== undefined) {
    // Node reports the parse error again for every later chunk: answered once, then bounded.
    if (bytesReadOf(socket) - refusedAt > CLIENT_ERROR_READ_LIMIT) socket.destroy();
    return undefined;
  }
  const inFlight = inFlightResponse(socket);
  // A request still being received when the error came is the one that is broken.
  const brokenInFlight = inFlight !== undefined && inFlight.req?.complete !== true;
  if (error.code === 'ECONNRESET' || !socket.writable || (brokenInFlight && inFlight.headersSent)) {
    socket.destroy();
    return undefined;
  }
  const [status, reason, message] = (error.code === undefined ? undefined : CLIENT_ERROR_ANSWERS[error.code]) ?? UNPARSEABLE;
  const requestId = freshUuid();
  REFUSING.set(socket, bytesReadOf(socket));
  if (brokenInFlight) writeRefusal(socket, status, reason, message, requestId);
  else afterPendingAnswers(socket, () => writeRefusal(socket, status, reason, message, requestId));
  return { status, requestId };
}
