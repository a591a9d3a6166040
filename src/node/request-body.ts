import type { ServerResponse } from 'node:http';
import type { BodyBytes } from '../http/core/exchange.js';
import { sendContinue } from './continue.js';
import type { FrameworkRequest } from './framework-request.js';

const EMPTY = new Uint8Array(0);
const encoder = new TextEncoder();
const ABORTED: BodyBytes = Object.freeze({ ok: false, reason: 'aborted' });

/** The body a framework parsed already, as bytes; `undefined` when the stream is still unread. */
function parsedBody(req: FrameworkRequest): Uint8Array | undefined {
  if (!req.readableEnded) return undefined;
  const body = req.body;
  if (body === undefined || body === null) return EMPTY;
  if (body instanceof Uint8Array) return body;
  if (typeof body === 'string') return encoder.encode(body);
  return encoder.encode(JSON.stringify(body));
}

/**
 * Reads the request body up to `limit` bytes (sending `100 Continue` first if it is awaited).
 * Over the limit it stops reading, calls `onTooLarge` and answers `too-large`; a client that
 * leaves first answers `aborted`. A body a framework already parsed is taken from `req.body`.
 *
 * @example
 * const body = await readNodeBody(req, res, 1_048_576, () => { closeConnection = true; });
 */
export function readNodeBody(req: FrameworkRequest, res: ServerResponse, limit: number, onTooLarge: () => void): Promise<BodyBytes> {
  const parsed = parsedBody(req);
  if (parsed !== undefined) {
    return Promise.resolve(parsed.byteLength > limit ? { ok: false, reason: 'too-large' } : { ok: true, bytes: parsed });
  }
  // The client went away (or broke the framing) before the body was asked for.
  if (req.destroyed) return Promise.resolve(ABORTED);
  sendContinue(res);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onAbort);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      cleanup();
      req.pause();
      onTooLarge();
      resolve({ ok: false, reason: 'too-large' });
    };
    const onEnd = (): void => {
      cleanup();
      resolve({ ok: true, bytes: chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : Buffer.concat(chunks, size) });
    };
    // 'error' ("aborted") or 'close' before 'end': the client is gone; not a server error.
    const onAbort = (): void => {
      cleanup();
      resolve(ABORTED);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onAbort);
  });
}

/**
 * The request body as a WHATWG stream with back-pressure, for host-registered operations.
 *
 * @example
 * new Request(url, { method, body: bodyStream(req, res), duplex: 'half' });
 */
export function bodyStream(req: FrameworkRequest, res: ServerResponse): ReadableStream<Uint8Array> {
  const parsed = parsedBody(req);
  if (parsed !== undefined) {
    return new ReadableStream({
      start(controller) {
        if (parsed.byteLength > 0) controller.enqueue(parsed);
        controller.close();
      },
    });
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      sendContinue(res);
      req.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.on('end', () => controller.close());
      req.on('error', (error) => controller.error(error));
    },
    pull() {
      req.resume();
    },
    cancel() {
      req.destroy();
    },
  });
}
