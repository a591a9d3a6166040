import type { ServerResponse } from 'node:http';
import type { BodyBytes, Exchange } from '../http/core/exchange.js';
import { HTTP_MESSAGES } from '../http/core/messages.js';
import { REQUEST_ID_HEADER } from '../http/core/request-id.js';
import { VERSION_HEADER_NAME } from '../http/core/versions.js';
import type { FrameworkRequest } from './framework-request.js';
import { badAuthority, badAuthorityOf } from './request-authority.js';
import { pathOfTarget } from './request-target.js';
import { readNodeBody } from './request-body.js';
import { type HeaderScan, headerOf, scanHeaders, scannedUnreadBodyOrUpgrade, unreadBodyOrUpgrade } from './request-headers.js';
import { toRequest } from './to-request.js';

/**
 * The exchange of one Node request. A class (methods on the prototype, no closures per
 * request); the abort signal is made only when something asks for it.
 *
 * @example
 * const exchange = nodeExchange(req, res);
 */
export class NodeExchange implements Exchange {
  readonly method: string;
  readonly path: string;
  readonly mountPath: string;
  /** Set when Host (or an absolute-form target's authority) is malformed or Host is repeated: answered 400. */
  readonly malformed: string | undefined;
  /** The response the outcome is written to. */
  readonly res: ServerResponse;
  readonly #req: FrameworkRequest;
  /** The headers every answer reads, found in one walk (`undefined` when `rawHeaders` is not an array). */
  readonly #headers: HeaderScan | undefined;
  /** Set when a body was refused mid-stream: the rest of it is still on the wire. */
  #closeConnection = false;
  #controller: AbortController | undefined;

  /** Takes what {@link nodeExchange} found: a constructor small enough for V8 to build the object inline. */
  constructor(req: FrameworkRequest, res: ServerResponse, path: string, headers: HeaderScan | undefined, malformed: string | undefined) {
    this.#req = req;
    this.res = res;
    this.method = req.method ?? '';
    this.path = path;
    this.#headers = headers;
    this.malformed = malformed;
    this.mountPath = req.originalUrl !== undefined && typeof req.baseUrl === 'string' ? req.baseUrl : '';
  }

  header(name: string): string | undefined {
    const headers = this.#headers;
    if (headers !== undefined) {
      // The pipeline's names are the same interned strings: compared by identity first.
      if (name === 'authorization') return headers.authorization;
      if (name === REQUEST_ID_HEADER) return headers.requestId;
      if (name === VERSION_HEADER_NAME) return headers.version;
    }
    return headerOf(this.#req, name);
  }

  readBody(limit: number): Promise<BodyBytes> {
    return readNodeBody(this.#req, this.res, limit, () => {
      this.#closeConnection = true;
    });
  }

  /**
   * Whether the answer must close the connection: a body refused mid-stream, one not read to
   * its end (an answer before the body was read: 401, 404, a declared length over the limit),
   * or a request that asked to switch protocols.
   */
  closesConnection(): boolean {
    if (this.#closeConnection) return true;
    const headers = this.#headers;
    if (headers === undefined) return unreadBodyOrUpgrade(this.#req);
    const req = this.#req;
    return scannedUnreadBodyOrUpgrade(headers, req.complete || req.readableEnded);
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      const controller = new AbortController();
      const res = this.res;
      const abort = (): void => {
        if (!res.writableEnded) controller.abort();
      };
      if (res.destroyed) abort();
      else res.once('close', abort);
      this.#controller = controller;
    }
    return this.#controller.signal;
  }

  toRequest(): Request {
    return toRequest(this.#req, this.res, this.signal);
  }
}

/**
 * The exchange of `req`: its path, its headers found in one walk, and whether its authority is
 * malformed.
 *
 * @example
 * const exchange = nodeExchange(req, res);
 */
export function nodeExchange(req: FrameworkRequest, res: ServerResponse): NodeExchange {
  const target = req.originalUrl ?? req.url ?? '/';
  const raw = req.rawHeaders;
  const headers = Array.isArray(raw) ? scanHeaders(raw) : undefined;
  const bad = headers === undefined ? badAuthority(req, target) : headers.hostLines > 1 || badAuthorityOf(headers.host, target);
  return new NodeExchange(req, res, pathOf(target), headers, bad ? HTTP_MESSAGES.badHost : undefined);
}

/**
 * The last request target and its path (a pure function of it). A repeated target is one
 * comparison instead of a search for `?`, and its path is then the very string the router
 * remembered, which it compares by identity. Kept as first seen (no store per repeated request).
 */
let lastTarget = '';
let lastPath = '';

/** {@link pathOfTarget}, the last target first. */
function pathOf(target: string): string {
  if (target === lastTarget) return lastPath;
  const path = pathOfTarget(target);
  if (target.length <= MAX_REMEMBERED_TARGET) {
    lastTarget = target;
    lastPath = path;
  }
  return path;
}

/** Longer targets are not kept (a client cannot make the comparison of every request long). */
const MAX_REMEMBERED_TARGET = 256;
