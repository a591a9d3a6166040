import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS, CORS_MESSAGES, HTTP_MESSAGES, createHandler, createMemoryStore } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { A, ADJUSTMENT_ID, INVOICE_ID, type TestServer, bearer, call, jsonInit, listen, testOptions } from './helpers.js';

const SHOP = 'https://shop.example.com';
const DEV = 'http://localhost:5173';
const corsOptions = () => testOptions({ cors: { origins: [SHOP, DEV], maxAgeSeconds: 120 } });
const CORS_NAMES = ['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers', 'access-control-expose-headers', 'access-control-max-age', 'access-control-allow-credentials'];
const corsHeadersOf = (headers: Headers) => CORS_NAMES.filter((name) => headers.has(name));

const preflight = (origin: string, method = 'PATCH') => ({
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type' },
});

describe.each([
  ['node:http (toNodeListener)', 'node'],
  ['a fetch host (the WHATWG handler)', 'fetch'],
] as const)('CORS through %s', (_name, kind) => {
  let server: TestServer | undefined;
  let base = 'http://h';
  const handler = createHandler(corsOptions());
  const send = async (path: string, init: RequestInit = {}) => {
    if (server !== undefined) return call(`${base}${path}`, init);
    const response = await handler(new Request(`${base}${path}`, init));
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
  };
  beforeAll(async () => {
    if (kind === 'node') {
      server = await listen(toNodeListener(handler));
      base = server.url;
    }
  });
  afterAll(() => server?.close());

  it('answers an allowed preflight with 204 and the allowed origin, methods and headers', async () => {
    const r = await send(`/accounts/${A}/invoices/${INVOICE_ID}`, preflight(SHOP));
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect(r.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(r.headers.get('access-control-allow-methods')).toBe('GET, HEAD, PATCH');
    expect(r.headers.get('access-control-allow-headers')).toBe(CORS_ALLOWED_HEADERS);
    expect(r.headers.get('access-control-max-age')).toBe('120');
    expect(r.headers.get('vary')).toBe('Origin');
    expect(r.headers.get('x-request-id')).toBeTruthy();
    expect(r.headers.has('access-control-allow-credentials')).toBe(false);
    if (kind === 'node') expect(r.headers.has('content-length')).toBe(false);
    for (const name of ['Authorization', 'Content-Type', 'X-Service-Version', 'Idempotency-Key', 'X-Request-Id', 'Traceparent', 'Tracestate']) {
      expect(CORS_ALLOWED_HEADERS.split(', ')).toContain(name);
    }
  });

  it('needs no token for a preflight (browsers send none), and names each path its own methods', async () => {
    const r = await send(`/accounts/${A}/apple-pay/sessions`, preflight(DEV, 'POST'));
    expect([r.status, r.headers.get('access-control-allow-origin'), r.headers.get('access-control-allow-methods')]).toEqual([204, DEV, 'POST']);
  });

  it('adds the allowed origin, exposed headers and Vary to actual answers, errors included', async () => {
    const ok = await send(`/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, { headers: { ...bearer('all'), origin: SHOP } });
    const unauthorized = await send(`/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, { headers: { origin: SHOP } });
    const patched = await send(`/accounts/${A}/invoices/${INVOICE_ID}`, jsonInit('PATCH', { description: 'x' }, { ...bearer('all'), origin: DEV }));
    for (const [r, status, origin] of [[ok, 200, SHOP], [unauthorized, 401, SHOP], [patched, 200, DEV]] as const) {
      expect(r.status).toBe(status);
      expect(r.headers.get('access-control-allow-origin')).toBe(origin);
      expect(r.headers.get('access-control-expose-headers')).toBe(CORS_EXPOSED_HEADERS);
      expect(r.headers.get('vary')).toBe('Origin');
    }
    expect(CORS_EXPOSED_HEADERS.split(', ')).toEqual(['x-request-id', 'retry-after', 'idempotent-replayed', 'x-outcome', 'ratelimit', 'ratelimit-policy']);
  });

  it('gives an origin not on the list no CORS headers: its preflight is the usual 405', async () => {
    for (const origin of ['https://evil.example.com', `${SHOP}.evil.example`, 'https://SHOP.example.com', 'null']) {
      const pre = await send(`/accounts/${A}/invoices/${INVOICE_ID}`, preflight(origin));
      expect([pre.status, pre.headers.get('allow'), pre.json]).toEqual([405, 'GET, HEAD, PATCH', { error: HTTP_MESSAGES.methodNotAllowed }]);
      expect(corsHeadersOf(pre.headers)).toEqual([]);
      const get = await send(`/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, { headers: { ...bearer('all'), origin } });
      expect(get.status).toBe(200);
      expect(corsHeadersOf(get.headers)).toEqual([]);
      expect(get.headers.get('vary')).toBe('Origin');
    }
  });

  it('answers a plain OPTIONS (no Access-Control-Request-Method) as before: 405', async () => {
    const r = await send(`/accounts/${A}/invoices/${INVOICE_ID}`, { method: 'OPTIONS', headers: { origin: SHOP } });
    expect([r.status, r.headers.get('allow')]).toEqual([405, 'GET, HEAD, PATCH']);
  });

  it('answers a preflight for an unknown path 404, with the CORS headers of an answer', async () => {
    const r = await send('/nope', preflight(SHOP));
    expect([r.status, r.headers.get('access-control-allow-origin')]).toEqual([404, SHOP]);
  });
});

describe('CORS is off by default', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await listen(toNodeListener(createHandler(testOptions())));
  });
  afterAll(() => s.close());

  it('sends no CORS header and no Vary, and a preflight is a 405', async () => {
    const get = await call(`${s.url}/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, { headers: { ...bearer('all'), origin: SHOP } });
    expect([get.status, corsHeadersOf(get.headers), get.headers.get('vary')]).toEqual([200, [], null]);
    const pre = await call(`${s.url}/accounts/${A}/invoices/${INVOICE_ID}`, preflight(SHOP));
    expect([pre.status, corsHeadersOf(pre.headers)]).toEqual([405, []]);
  });
});

describe('CORS on host operations', () => {
  it('adds the headers to a host Response, joining its Vary, even when its headers are immutable', async () => {
    const upstream = await listen((_req, res) => res.writeHead(200, { vary: 'Accept', 'content-type': 'application/json' }).end('{"up":true}'));
    try {
      const handler = createHandler(
        testOptions({
          cors: { origins: [SHOP] },
          operations: {
            getAccount: { handle: () => new Response('{}', { headers: { vary: 'Accept' } }) },
            listAccounts: { handle: () => fetch(upstream.url) },
          },
        }),
      );
      for (const path of [`/accounts/${A}`, '/accounts']) {
        const r = await handler(new Request(`http://h${path}`, { headers: { ...bearer('all'), origin: SHOP } }));
        expect([r.status, r.headers.get('vary'), r.headers.get('access-control-allow-origin')]).toEqual([200, 'Accept, Origin', SHOP]);
      }
    } finally {
      await upstream.close();
    }
  });
});

describe('the cors option is checked at construction', () => {
  const store = createMemoryStore();
  it('refuses what is not an origin', () => {
    for (const origin of ['https://shop.example.com/', 'https://shop.example.com/path', 'shop.example.com', '*', 'null', 'HTTPS://shop.example.com', 1]) {
      expect(() => createHandler({ store, cors: { origins: [origin as string] } })).toThrow(new TypeError(CORS_MESSAGES.origin(origin)));
    }
  });
  it('refuses a malformed option and a bad max age', () => {
    expect(() => createHandler({ store, cors: ['https://a.example'] as never })).toThrow(new TypeError(CORS_MESSAGES.shape));
    expect(() => createHandler({ store, cors: { origins: [], maxAgeSeconds: -1 } })).toThrow(new TypeError(CORS_MESSAGES.maxAge));
    expect(() => createHandler({ store, cors: { origins: [], maxAgeSeconds: 1.5 } })).toThrow(new TypeError(CORS_MESSAGES.maxAge));
    expect(() => createHandler({ store, cors: { origins: ['http://127.0.0.1:8080', 'https://[::1]'] } })).not.toThrow();
  });
});
