/**
 * The outcome of reading a request body under a byte limit: the bytes, or why there are none
 * (`too-large`: past the limit; `aborted`: the client went away, or broke the body's framing,
 * before the body ended).
 */
export type BodyBytes =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly reason: 'too-large' | 'aborted' };

/**
 * The request as the pipeline sees it, whatever carried it (a fetch `Request` or a Node
 * `IncomingMessage`). Kept small so that the Node adapter need not build a `Request`.
 */
export interface Exchange {
  /** Upper-case method. */
  readonly method: string;
  /** The URL path without the query string, still percent-encoded. */
  readonly path: string;
  /** A prefix the framework already routed on (Express's mount path), stripped before `basePath`. */
  readonly mountPath: string;
  /** A header's value (name in lower case), or `undefined`. */
  header(name: string): string | undefined;
  /**
   * Reads the whole body, refusing (and no longer reading) once it exceeds `limit` bytes;
   * never rejects (a client that goes away mid-body is `aborted`).
   */
  readBody(limit: number): Promise<BodyBytes>;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
  /** A WHATWG `Request` for host-registered operations (built on demand). */
  toRequest(): Request;
  /**
   * Set by an adapter that found the request itself malformed where the runtime did not
   * refuse it (Node: a `Host` that is not `host[:port]`, or sent twice): the message of the
   * 400 answered before routing.
   */
  readonly malformed?: string | undefined;
}

/** An answer built by the pipeline: status, extra headers and a body already serialized. */
export type PlainReply = {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Serialized JSON, as text or as its UTF-8 bytes; sent with `content-type: application/json`. */
  readonly body?: string | Uint8Array<ArrayBuffer>;
};

/** An answer: a plain reply, or a host operation's own `Response`. */
export type Reply = PlainReply | { readonly response: Response };

/**
 * True when the reply carries a host's `Response`.
 *
 * @example
 * isResponseReply({ response: new Response('ok') }) // true
 * isResponseReply({ status: 404 })                  // false
 */
export function isResponseReply(reply: Reply): reply is { readonly response: Response } {
  return 'response' in reply;
}

/**
 * Thrown by `Exchange.toRequest()` when the request's target and `Host` header form no URL,
 * so no WHATWG `Request` can exist; the pipeline answers it 400 `{ error }`.
 *
 * @example
 * try { exchange.toRequest() } catch (e) { if (e instanceof BadRequestTargetError) answer400() }
 */
export class BadRequestTargetError extends Error {
  override readonly name = 'BadRequestTargetError';
}
