import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '../http/core/request-id.js';
import { VERSION_HEADER_NAME } from '../http/core/versions.js';

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
 * {@link hasUnreadBody} or {@link asksForUpgrade}, in one walk of `rawHeaders`
 * ({@link scanHeaders}; `req.headers` when there are no raw headers).
 *
 * @example
 * if (unreadBodyOrUpgrade(req)) headers.connection = 'close';
 */
export function unreadBodyOrUpgrade(req: IncomingMessage): boolean {
  const raw = req.rawHeaders;
  if (!Array.isArray(raw)) return hasUnreadBody(req) || asksForUpgrade(req);
  return scannedUnreadBodyOrUpgrade(scanHeaders(raw), req.complete || req.readableEnded);
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

/** Whether `key` is `name` (lower case) in any case: as written first, a lowered copy only when it differs. */
const isName = (key: string, name: string): boolean => key === name || key.toLowerCase() === name;

/** `value` after what was found before (a repeated line joined with ", ", as `headerOf` joins it). */
const joined = (found: string | undefined, value: string): string => (found === undefined ? value : `${found}, ${value}`);

/**
 * The headers every answer of `toNodeListener` reads, found in one walk of `rawHeaders` when
 * the exchange is made, rather than a walk per question (`Host`, the request id, the
 * credential, the version, and "must this answer close the connection?"). Values follow {@link headerOf}'s
 * rules; any other header is read by {@link headerOf} when asked for.
 */
export type HeaderScan = {
  /** The first `Host` line's value, and how many `Host` lines there were. */
  readonly host: string | undefined;
  readonly hostLines: number;
  readonly authorization: string | undefined;
  readonly requestId: string | undefined;
  readonly version: string | undefined;
  readonly upgrade: boolean;
  readonly transferEncoding: boolean;
  /** The first `Content-Length` line's value. */
  readonly contentLength: string | undefined;
};

/**
 * The {@link HeaderScan} of `raw` (a plain object literal: V8 allocates it inline, where a
 * class instance is built by a generic construct call).
 *
 * @example
 * scanHeaders(req.rawHeaders).authorization // 'Bearer …' or undefined
 */
export function scanHeaders(raw: readonly string[]): HeaderScan {
  let host: string | undefined;
  let hostLines = 0;
  let authorization: string | undefined;
  let requestId: string | undefined;
  let version: string | undefined;
  let upgrade = false;
  let transferEncoding = false;
  let contentLength: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const key = raw[i] ?? '';
    // Told apart by length first: most lines are none of these.
    switch (key.length) {
      case 4:
        if (key === 'Host' || isName(key, 'host')) {
          if (hostLines === 0) host = raw[i + 1] ?? '';
          hostLines += 1;
        }
        break;
      case 7:
        if (isName(key, 'upgrade')) upgrade = true;
        break;
      case 12:
        if (isName(key, REQUEST_ID_HEADER)) requestId = joined(requestId, raw[i + 1] ?? '');
        break;
      case 13:
        if (isName(key, 'authorization')) authorization = joined(authorization, raw[i + 1] ?? '');
        break;
      case 14:
        if (contentLength === undefined && isName(key, 'content-length')) contentLength = raw[i + 1] ?? '';
        break;
      case 17:
        if (isName(key, VERSION_HEADER_NAME)) version = joined(version, raw[i + 1] ?? '');
        else if (isName(key, 'transfer-encoding')) transferEncoding = true;
        break;
    }
  }
  return { host, hostLines, authorization, requestId, version, upgrade, transferEncoding, contentLength };
}

/**
 * {@link unreadBodyOrUpgrade} from a {@link HeaderScan}: `Upgrade`, or a declared body (when
 * `bodyDone` is false) that is not all received.
 *
 * @example
 * scannedUnreadBodyOrUpgrade(scanHeaders(req.rawHeaders), req.complete || req.readableEnded)
 */
export function scannedUnreadBodyOrUpgrade(scan: HeaderScan, bodyDone: boolean): boolean {
  if (scan.upgrade) return true;
  if (bodyDone) return false;
  if (scan.transferEncoding) return true;
  const length = scan.contentLength;
  return length !== undefined && length.trim() !== '0';
}
