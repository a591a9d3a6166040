import type { ServerResponse } from 'node:http';
import type { BodyBytes, Exchange } from '../http/core/exchange.js';
import type { FrameworkRequest } from './framework-request.js';
import { pathOfTarget } from './request-target.js';
import { readNodeBody } from './request-body.js';
import { asksForUpgrade, hasUnreadBody, headerOf } from './request-headers.js';
import { toRequest } from './to-request.js';

/** What the listener tracks about one request besides the exchange. */
export type ListenerState = { closeConnection: boolean; requestId: string };

/**
 * The exchange of one Node request. A class (methods on the prototype, no closures per
 * request); the abort signal is made only when something asks for it.
 *
 * @example
 * const exchange = new NodeExchange(req, res, { closeConnection: false, requestId: '' });
 */
export class NodeExchange implements Exchange {
  readonly method: string;
  readonly path: string;
  readonly mountPath: string;
  /** The response the outcome is written to. */
  readonly res: ServerResponse;
  /** What the listener tracks for this request (request id, whether to close the connection). */
  readonly state: ListenerState;
  readonly #req: FrameworkRequest;
  #controller: AbortController | undefined;

  constructor(req: FrameworkRequest, res: ServerResponse, state: ListenerState) {
    this.#req = req;
    this.res = res;
    this.state = state;
    this.method = req.method ?? '';
    this.path = pathOfTarget(req.originalUrl ?? req.url ?? '/');
    this.mountPath = req.originalUrl !== undefined && typeof req.baseUrl === 'string' ? req.baseUrl : '';
  }

  header(name: string): string | undefined {
    return headerOf(this.#req, name);
  }

  readBody(limit: number): Promise<BodyBytes> {
    return readNodeBody(this.#req, this.res, limit, () => {
      this.state.closeConnection = true;
    });
  }

  /**
   * Whether the answer must close the connection: a body refused mid-stream, one not read to
   * its end (an answer before the body was read: 401, 404, a declared length over the limit),
   * or a request that asked to switch protocols.
   */
  closesConnection(): boolean {
    return this.state.closeConnection || hasUnreadBody(this.#req) || asksForUpgrade(this.#req);
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
