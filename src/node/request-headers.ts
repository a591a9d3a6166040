import type { IncomingMessage } from 'node:http';

// Headers Node keeps only the first line of (as `req.headers` does); others are joined with ", ".
// `authorization` is joined too, as fetch's `Headers` joins it, so two credentials are one
// malformed credential (401) on both paths instead of "the first one wins" on this one.
const FIRST_LINE_WINS = new Set(['content-type', 'content-length', 'host']);

/**
 * A header's value (name in lower case), read from `rawHeaders` so that Node need not build
 * the whole `req.headers` object; duplicates follow Node's `req.headers` rules.
 *
 * @example
 * headerOf(req, 'x-request-id'); // '0b6e…' or undefined
 */
export function headerOf(req: IncomingMessage, name: string): string | undefined {
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

/**
 * True when the request declares a body (`Transfer-Encoding`, or a `Content-Length` other
 * than 0) that has not been received to its end: answering now leaves bytes on the wire,
 * which Node would read and discard to keep the connection, however many there are.
 *
 * @example
 * if (hasUnreadBody(req)) headers.connection = 'close';
 */
export function hasUnreadBody(req: IncomingMessage): boolean {
  if (req.complete || req.readableEnded) return false;
  if (headerOf(req, 'transfer-encoding') !== undefined) return true;
  const length = headerOf(req, 'content-length');
  return length !== undefined && length.trim() !== '0';
}

/**
 * {@link hasUnreadBody} or {@link asksForUpgrade}, in one walk of `rawHeaders` (what every
 * answer asks, so the names are told apart by their length first).
 *
 * @example
 * if (unreadBodyOrUpgrade(req)) headers.connection = 'close';
 */
export function unreadBodyOrUpgrade(req: IncomingMessage): boolean {
  const raw = req.rawHeaders;
  if (!Array.isArray(raw)) return hasUnreadBody(req) || asksForUpgrade(req);
  const bodyDone = req.complete || req.readableEnded;
  let length: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const key = raw[i] ?? '';
    const size = key.length;
    if (size === 7) {
      if (key === 'upgrade' || key.toLowerCase() === 'upgrade') return true;
    } else if (!bodyDone && size === 17) {
      if (key === 'transfer-encoding' || key.toLowerCase() === 'transfer-encoding') return true;
    } else if (!bodyDone && size === 14 && length === undefined && (key === 'content-length' || key.toLowerCase() === 'content-length')) {
      // The first line wins, as in `headerOf`.
      length = raw[i + 1] ?? '';
    }
  }
  return length !== undefined && length.trim() !== '0';
}

/**
 * True when the request asks to switch protocols (`Upgrade`, e.g. websocket or h2c). No
 * protocol switch is served, and Node's parser stops at such a request: bytes pipelined
 * behind it in the same packet are dropped unanswered. Closing after the answer tells the
 * client so instead of leaving it waiting for `keepAliveTimeout`.
 *
 * @example
 * if (asksForUpgrade(req)) headers.connection = 'close';
 */
export function asksForUpgrade(req: IncomingMessage): boolean {
  return headerOf(req, 'upgrade') !== undefined;
}
