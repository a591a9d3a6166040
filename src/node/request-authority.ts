import type { IncomingMessage } from 'node:http';

// RFC 3986 3.2.2: reg-name (unreserved and sub-delims; percent-encoding is refused: no real
// host name needs it, and WHATWG URL decodes it), IPv4 (a reg-name's characters cover it) or a
// bracketed IPv6 address; then an optional port (RFC 3986 3.2.3). Never "/", "?", "#", "@",
// backslash or a space: nothing in a Host can reach the path or query.
const HOST = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=]*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{0,5})?$/;
/** Longer than any DNS name (253) with brackets and a port: refused without a regex run. */
const MAX_HOST_LENGTH = 270;
/** An absolute-form target: `http://` or `https://` (any case), then the authority. */
const ABSOLUTE_FORM = /^https?:\/\//i;
/**
 * A target that opens with a scheme (RFC 3986 3.1: a letter, then letters, digits, `+`, `-`,
 * `.`, then `:`): absolute-form. Any scheme but http(s) (`ws://evil.example/openapi.json`,
 * `file:///x`) names nothing this server answers for. An authority-form target (`host:port`, a
 * CONNECT's) is not a scheme: it is routed (and refused) as before.
 */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const AUTHORITY_FORM = /^[A-Za-z0-9.-]+:[0-9]*$/;
/** Hosts found well formed lately (most requests repeat one): checked once, not per request. */
const KNOWN_GOOD = new Set<string>();
const MAX_KNOWN_GOOD = 64;
/** The last Host found good (validity is a pure function of the text: never stale). */
let lastGood: string | undefined;

/**
 * Whether `value` is a valid `host[:port]`: RFC 3986 (reg-name, IPv4 or bracketed IPv6, an
 * optional port) without percent-encoding, and a host and port WHATWG URL accepts too (an
 * IPv4-like name such as `1.2.3.256`, a bad IPv6 address or a port above 65535 is not), so
 * that the fast path and a `Request` agree. The only shape a `Host` header or an
 * absolute-form authority may have here. The empty string is not (an empty Host means "no
 * authority" and is handled by the caller).
 *
 * @example
 * isHostAndPort('api.example.com:8443') // true
 * isHostAndPort('[::1]:3000')           // true
 * isHostAndPort('x/accounts/a#')        // false
 */
export function isHostAndPort(value: string): boolean {
  // The last good Host first: a comparison of text, where the set hashes each request's fresh
  // copy. Kept as first seen (no store per request: a young string into a module slot costs a
  // write barrier).
  if (value === lastGood) return true;
  if (KNOWN_GOOD.has(value)) {
    lastGood = value;
    return true;
  }
  if (value === '' || value.length > MAX_HOST_LENGTH || !HOST.test(value) || !URL.canParse(`http://${value}/`)) return false;
  if (KNOWN_GOOD.size >= MAX_KNOWN_GOOD) KNOWN_GOOD.clear();
  KNOWN_GOOD.add(value);
  lastGood = value;
  return true;
}

/** What {@link hostOf} found: no Host, one (its value), or more than one line. */
const REPEATED = Symbol('repeated Host');

/** The request's one `Host` value from `rawHeaders` (not `req.headers`, which Node builds on first use), or {@link REPEATED}. */
function hostOf(req: IncomingMessage): string | undefined | typeof REPEATED {
  const raw = req.rawHeaders;
  if (!Array.isArray(raw)) return req.headers.host;
  let host: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? '';
    if (name.length !== 4 || (name !== 'host' && name !== 'Host' && name.toLowerCase() !== 'host')) continue;
    if (host !== undefined) return REPEATED;
    host = raw[i + 1] ?? '';
  }
  return host;
}

/** The end of an absolute-form target's authority (the first `/`, `?` or `#` after `start`, or its length). */
function authorityEnd(target: string, start: number): number {
  let end = start;
  while (end < target.length) {
    const c = target.charCodeAt(end);
    if (c === 47 /* / */ || c === 63 /* ? */ || c === 35 /* # */) break;
    end += 1;
  }
  return end;
}

/** Absent or empty (no authority: RFC 9110 7.2), or `host[:port]`. */
const emptyOrValid = (host: string | undefined): boolean => host === undefined || host === '' || isHostAndPort(host);

/**
 * Whether the request's authority is malformed: a `Host` that is not `host[:port]` (or an
 * absolute-form target's authority that is not), a target with a scheme other than `http` or
 * `https` (it would skip the Host rules and be routed by its path), or `Host` sent more than
 * once (RFC 9112 3.2). Such a request is answered 400 on every path, before routing.
 *
 * @example
 * if (badAuthority(req, req.url ?? '/')) answer400();
 */
export function badAuthority(req: IncomingMessage, target: string): boolean {
  const host = hostOf(req);
  return host === REPEATED ? true : badAuthorityOf(host, target);
}

/**
 * {@link badAuthority} for a request whose one `Host` value (or none) is already known:
 * `toNodeListener` finds it in its one walk of the headers, and a repeated `Host` is bad
 * before this is asked.
 *
 * @example
 * badAuthorityOf('api.example.com', '/x') // false
 * badAuthorityOf('a/b', '/x')             // true
 */
export function badAuthorityOf(host: string | undefined, target: string): boolean {
  if (!emptyOrValid(host)) return true;
  if (target.charCodeAt(0) === 47 /* / */) return false;
  if (!ABSOLUTE_FORM.test(target)) return SCHEME.test(target) && !AUTHORITY_FORM.test(target);
  const start = target.indexOf('://') + 3;
  return !isHostAndPort(target.slice(start, authorityEnd(target, start)));
}

/**
 * The URL a Node request names: the scheme of the connection, the authority of an
 * absolute-form target or else of the `Host` header (`localhost` when it is absent or empty),
 * then the path and query of the target, never anything of the Host. `undefined` when the
 * authority is malformed ({@link badAuthority}), a scheme other than http(s) included. A target
 * that starts with neither `/` nor a scheme (asterisk-form, garbage) is returned as it is: it
 * forms no URL.
 *
 * @example
 * requestUrl(req, '/invoices?limit=2') // 'http://api.example.com/invoices?limit=2' (Host: api.example.com)
 * requestUrl(req, '/x')                // undefined when Host is '127.0.0.1/docs/#'
 */
export function requestUrl(req: IncomingMessage, target: string): string | undefined {
  if (badAuthority(req, target)) return undefined;
  if (target.charCodeAt(0) !== 47 /* / */) {
    if (!ABSOLUTE_FORM.test(target)) return target;
    // RFC 9112 3.2.2: an absolute-form target's authority is the one used, not Host's.
    const start = target.indexOf('://') + 3;
    const end = authorityEnd(target, start);
    const rest = target.slice(end);
    return `${target.slice(0, start).toLowerCase()}${target.slice(start, end)}${rest.charCodeAt(0) === 47 ? rest : `/${rest}`}`;
  }
  const encrypted = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  const host = hostOf(req) as string | undefined;
  return `${encrypted ? 'https' : 'http'}://${host === undefined || host === '' ? 'localhost' : host}${target}`;
}
