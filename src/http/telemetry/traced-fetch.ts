import type { OtelContext } from './otel-types.js';
import type { OutboundFetch } from '../core/ports.js';
import { ATTRIBUTES, conventionalMethod } from './attributes.js';
import type { Tracing } from './api.js';
import { ERROR_STATUS, inChildSpan } from './child-span.js';

/** What replaces a credential or a query value in `url.full`. */
export const REDACTED = 'REDACTED';

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

/**
 * A URL as `url.full` may show it: user name and password replaced by `REDACTED`, every query
 * value replaced by `REDACTED` (the names stay), no fragment. A URL a client signs (a JWKS URL
 * with an access key in its query) keeps its shape and loses its secrets.
 *
 * @example
 * scrubbedUrl(new URL('https://u:p@id.example/jwks?key=s3cret#x')) // 'https://REDACTED:REDACTED@id.example/jwks?key=REDACTED'
 */
export function scrubbedUrl(url: URL): string {
  const copy = new URL(url.href);
  if (copy.username !== '') copy.username = REDACTED;
  if (copy.password !== '') copy.password = REDACTED;
  copy.hash = '';
  if (copy.search !== '') {
    const names = [...copy.searchParams.keys()];
    copy.search = names.map((name) => `${encodeURIComponent(name)}=${REDACTED}`).join('&');
  }
  return copy.href;
}

/**
 * A `fetch` whose every call is a client span (kind CLIENT, named by the method as the HTTP
 * client conventions say) child of `parent`: `http.request.method`, `url.full` (scrubbed, see
 * {@link scrubbedUrl}), `server.address`, `server.port`, then `http.response.status_code`; a
 * status of 400 or more sets the span's status to Error with `error.type` the status code, and
 * a failed fetch (network error, timeout) with `error.type` the error's name. The span ends
 * when the response's head arrives; the response is handed back unread.
 *
 * @example
 * const fetch = tracedFetch(tracing, requestContext);
 * await fetch('https://id.example.com/jwks.json'); // a span `GET`, child of the request's
 */
export function tracedFetch(tracing: Tracing, parent: OtelContext): OutboundFetch {
  return (input, init) => {
    const url = new URL(String(input));
    const method = conventionalMethod((init?.method ?? 'GET').toUpperCase());
    const attributes = {
      [ATTRIBUTES.method]: method,
      [ATTRIBUTES.urlFull]: scrubbedUrl(url),
      [ATTRIBUTES.serverAddress]: url.hostname,
      [ATTRIBUTES.serverPort]: url.port === '' ? (DEFAULT_PORTS[url.protocol] ?? 0) : Number(url.port),
    };
    return inChildSpan(tracing, parent, method === '_OTHER' ? 'HTTP' : method, attributes, async (span) => {
      const response = await fetch(input, init);
      span.setAttribute(ATTRIBUTES.status, response.status);
      if (response.status >= 400) {
        span.setAttribute(ATTRIBUTES.errorType, String(response.status));
        span.setStatus({ code: ERROR_STATUS });
      }
      return response;
    });
  };
}
