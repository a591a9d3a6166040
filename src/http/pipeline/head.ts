import type { Reply } from '../core/exchange.js';
import { isResponseReply } from '../core/exchange.js';

const encoder = new TextEncoder();
const byteLength = (body: string | Uint8Array): number => (typeof body === 'string' ? encoder.encode(body).byteLength : body.byteLength);

/**
 * The answer to a `HEAD` request as a fetch host sends it: the GET answer's status and
 * headers, no body. For the handler's own replies `content-length` is the GET body's length
 * (a fetch host would have computed it from the body); a host operation's `Response` keeps
 * the headers it has and its body is cancelled unread.
 *
 * @example
 * const get = toResponse(outcome);
 * headOf(get, outcome.reply).body // null
 */
export function headOf(response: Response, reply: Reply): Response {
  const headers = new Headers(response.headers);
  if (!isResponseReply(reply)) headers.set('content-length', String(reply.body === undefined ? 0 : byteLength(reply.body)));
  if (response.body !== null) response.body.cancel().catch(() => undefined);
  return new Response(null, { status: response.status, statusText: response.statusText, headers });
}
