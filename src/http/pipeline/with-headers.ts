import { type Reply, isResponseReply } from '../core/exchange.js';

/**
 * The reply with `headers` added (a plain reply gets a new headers object; a host `Response`
 * gets them set, or is copied when its headers are immutable). A header the reply sets already
 * keeps the reply's value.
 *
 * @example
 * withHeaders({ status: 200 }, { ratelimit: '"default";r=9;t=60' }) // { status: 200, headers: { ratelimit: ... } }
 */
export function withHeaders(reply: Reply, headers: Readonly<Record<string, string>>): Reply {
  if (!isResponseReply(reply)) return { ...reply, headers: { ...headers, ...reply.headers } };
  const { response } = reply;
  const missing = Object.entries(headers).filter(([name]) => !response.headers.has(name));
  try {
    for (const [name, value] of missing) response.headers.set(name, value);
    return reply;
  } catch {
    const copied = new Headers(response.headers);
    for (const [name, value] of missing) copied.set(name, value);
    return { response: new Response(response.body, { status: response.status, statusText: response.statusText, headers: copied }) };
  }
}
