import type { Exchange } from '../http/core/exchange.js';
import { DEFAULT_MAX_BODY_BYTES, type JsonBody, readJsonBody } from '../http/core/json-body.js';

/**
 * Reads `bytes` exactly as the handler reads a JSON request body (UTF-8, size, depth and
 * value-count limits, then JSON), for the checks that run without a request: the CLI's
 * `validate` and the playground page. A body the handler refuses gets the handler's 400 message.
 *
 * @example
 * await readBodyBytes(new TextEncoder().encode('{"a":1}')) // { ok: true, value: { a: 1 } }
 * await readBodyBytes(new TextEncoder().encode('{'))       // { ok: false, error: 'the request body is not valid JSON' }
 */
export function readBodyBytes(bytes: Uint8Array): Promise<JsonBody> {
  const exchange: Exchange = {
    method: 'POST',
    path: '/',
    mountPath: '',
    header: (name) => (name === 'content-type' ? 'application/json' : undefined),
    readBody: async (limit) => (bytes.byteLength > limit ? { ok: false, reason: 'too-large' } : { ok: true, bytes }),
    signal: new AbortController().signal,
    toRequest: () => new Request('http://localhost/', { method: 'POST', body: new Uint8Array(bytes) }),
  };
  return readJsonBody(exchange, DEFAULT_MAX_BODY_BYTES);
}
