import type { ServerResponse } from 'node:http';
import { BadRequestTargetError } from '../http/core/exchange.js';
import { HTTP_MESSAGES } from '../http/core/messages.js';
import type { FrameworkRequest } from './framework-request.js';
import { requestUrl } from './request-authority.js';
import { bodyStream } from './request-body.js';

/**
 * A WHATWG `Request` for a Node request (for handlers that are not from `createHandler`):
 * the URL's path and query from the request target only, its authority from an absolute-form
 * target or a well-formed `Host` (see `requestUrl`), every raw header line, the body as a
 * stream. Throws `BadRequestTargetError` when Host is malformed or repeated, or when Host and
 * target form no URL.
 *
 * @example
 * const response = await handler(toRequest(req, res, signal));
 */
export function toRequest(req: FrameworkRequest, res: ServerResponse, signal: AbortSignal): Request {
  const url = requestUrl(req, req.originalUrl ?? req.url ?? '/');
  if (url === undefined) throw new BadRequestTargetError(HTTP_MESSAGES.badHost);
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] ?? '', raw[i + 1] ?? '');
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  try {
    return new Request(url, {
      method,
      headers,
      signal,
      ...(hasBody ? { body: bodyStream(req, res), duplex: 'half' } : {}),
    } as RequestInit);
  } catch {
    // The URL is what can fail here (a target such as "*", a port above 65535): Node's
    // parser let the request through, but no WHATWG Request can hold it.
    throw new BadRequestTargetError(HTTP_MESSAGES.badTarget);
  }
}
