import type { Duplex } from 'node:stream';
import { freshUuid } from './fresh-uuid.js';
import { HTTP_MESSAGES } from './messages.js';
import { REQUEST_ID_HEADER } from './request-id.js';

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
 * A `clientError` listener for a node:http server. Requests that Node's own parser refuses
 * (a malformed request line or header, headers over `maxHeaderSize`, a request timeout)
 * never reach the handler; without this, Node answers them with a bare 400/431/408 and no
 * `x-request-id`. This answers them like the handler does: the status Node would give (400,
 * 431 or 408; chunk extensions over Node's limit are 400, as any body over a limit is here,
 * where Node says 413), a JSON `{ error }` body, a fresh `x-request-id`, and `connection: close`. A socket that
 * cannot take an answer (reset, or a response already under way) is destroyed, as Node does.
 * Returns the status and request id it answered with (`undefined` when it could not
 * answer), for a log line.
 *
 * @example
 * const server = createServer(toNodeListener(handler));
 * server.on('clientError', answerClientError);
 */
export function answerClientError(error: ClientError, socket: Duplex): { status: number; requestId: string } | undefined {
  const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent === true) {
    socket.destroy();
    return undefined;
  }
  const [status, reason, message] = (error.code === undefined ? undefined : CLIENT_ERROR_ANSWERS[error.code]) ?? UNPARSEABLE;
  const requestId = freshUuid();
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n${REQUEST_ID_HEADER}: ${requestId}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
  return { status, requestId };
}
