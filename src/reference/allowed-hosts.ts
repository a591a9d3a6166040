import { freshUuid } from '../shared/fresh-uuid.js';
import { REQUEST_ID_HEADER, chooseRequestId } from '../http/core/request-id.js';

/** Messages of the reference server's Host check, as data. */
export const ALLOWED_HOST_MESSAGES = Object.freeze({
  refused: 'this server answers only for its own host names (the address it listens on, localhost, and those given with --allowed-host)',
  badName: (name: string) => `an allowed host must be a host name or an IP address without a port, got ${JSON.stringify(name)}`,
});

// A DNS name (letters, digits, hyphens, dots), an IPv4 address, or an IPv6 address with or without brackets.
const NAME = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[?[0-9a-f:.]+\]?)$/;
const UNSPECIFIED = new Set(['0.0.0.0', '[::]']);

/**
 * A host name as the Host check compares it: lower case, an IPv6 address in brackets. Throws
 * a `TypeError` for anything but a host name or IP address without a port.
 *
 * @example
 * allowedHostName('API.example.com') // 'api.example.com'
 * allowedHostName('::1')             // '[::1]'
 */
export function allowedHostName(name: string): string {
  const lower = typeof name === 'string' ? name.toLowerCase() : '';
  const bracketed = lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
  if (!NAME.test(lower) || !URL.canParse(`http://${bracketed}/`) || new URL(`http://${bracketed}/`).port !== '') {
    throw new TypeError(ALLOWED_HOST_MESSAGES.badName(String(name)));
  }
  return bracketed;
}

/**
 * The names a server bound to `bound` answers for: that address, `localhost`, the loopback
 * addresses when it listens on every address (`0.0.0.0`, `::`), and `extra` (the operator's).
 *
 * @example
 * allowedHostNames('127.0.0.1', ['payments.test']) // Set { '127.0.0.1', 'localhost', 'payments.test' }
 */
export function allowedHostNames(bound: string, extra: readonly string[] = []): ReadonlySet<string> {
  const names = new Set([allowedHostName(bound), 'localhost', ...extra.map(allowedHostName)]);
  if ([...names].some((name) => UNSPECIFIED.has(name))) names.add('127.0.0.1').add('[::1]');
  return names;
}

/** The host name of a `host[:port]` authority, lower case (an IPv6 address keeps its brackets). */
function hostnameOf(authority: string): string {
  const lower = authority.toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  const colon = lower.indexOf(':');
  return colon < 0 ? lower : lower.slice(0, colon);
}

/**
 * A fetch handler that answers `421 Misdirected Request` (`{ error }`, with `x-request-id`)
 * to a request whose `Host` (or absolute-form target) names a host outside `names`, and
 * passes every other request, pages included, to `handler`. Against DNS rebinding: a web page
 * whose name was pointed at 127.0.0.1 reaches the server with its own name as Host. A request
 * without Host (HTTP/1.0, or an empty Host) names no host and is answered. `onRefused` gets
 * each refusal, for a log line.
 *
 * @example
 * createNodeServer(withAllowedHosts(handler, allowedHostNames('127.0.0.1', ['payments.test'])))
 */
export function withAllowedHosts(
  handler: (request: Request) => Promise<Response>,
  names: ReadonlySet<string>,
  onRefused?: (request: Request, requestId: string) => void,
): (request: Request) => Promise<Response> {
  return (request) => {
    const host = request.headers.get('host');
    const url = new URL(request.url);
    const named = [host === null || host === '' ? undefined : hostnameOf(host), url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname : undefined];
    if (named.every((name) => name === undefined || names.has(name))) return handler(request);
    const requestId = chooseRequestId(request.headers.get(REQUEST_ID_HEADER) ?? undefined, freshUuid);
    onRefused?.(request, requestId);
    return Promise.resolve(Response.json({ error: ALLOWED_HOST_MESSAGES.refused }, { status: 421, headers: { [REQUEST_ID_HEADER]: requestId, connection: 'close' } }));
  };
}
