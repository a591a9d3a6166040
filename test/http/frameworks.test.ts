import { serve as honoServe } from '@hono/node-server';
import express from 'express';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, createHandler } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { A, ADJUSTMENT_ID, INVOICE_ID, type TestServer, UUID, adjustment, bearer, call, draftInvoice, jsonInit, keepFetchGlobals, listen, testOptions } from './helpers.js';

keepFetchGlobals();

describe('mounted in Express under a mount path, after express.json()', () => {
  let s: TestServer;
  const seen: string[] = [];
  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    app.use(
      '/api',
      toNodeListener(
        createHandler(
          testOptions({
            operations: {
              getAccount: {
                handle: ({ request }) => {
                  seen.push(request.url);
                  return Response.json({ url: new URL(request.url).pathname });
                },
              },
            },
          }),
        ),
      ),
    );
    app.get('/health', (_req, res) => void res.send('ok'));
    s = await listen(app);
  });
  afterAll(() => s.close());

  it('serves GET under the mount path', async () => {
    const r = await call(`${s.url}/api/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, { headers: bearer('all') });
    expect([r.status, r.json]).toEqual([200, adjustment]);
    expect(r.headers.get('x-request-id')).toMatch(UUID);
  });

  it('uses the body express.json() already parsed', async () => {
    const r = await call(`${s.url}/api/accounts/${A}/invoices/${INVOICE_ID}`, jsonInit('PATCH', { description: 'via express' }));
    expect([r.status, r.json]).toEqual([200, { ...draftInvoice, description: 'via express' }]);
  });

  it('reads the stream itself when express.json() skipped a non-JSON body (400 from the handler)', async () => {
    const r = await call(`${s.url}/api/accounts/${A}/invoices/${INVOICE_ID}`, {
      method: 'PATCH',
      headers: { ...bearer('all'), 'content-type': 'text/plain', 'x-request-id': 'ex-1' },
      body: '{"description":"x"}',
    });
    expect([r.status, r.json, r.headers.get('x-request-id')]).toEqual([400, { error: HTTP_MESSAGES.contentType }, 'ex-1']);
  });

  it('answers 404 with a request id inside the mount, and leaves other Express routes alone', async () => {
    const r = await call(`${s.url}/api/nope`);
    expect([r.status, r.json]).toEqual([404, { error: HTTP_MESSAGES.notFound }]);
    expect(r.headers.get('x-request-id')).toMatch(UUID);
    expect((await call(`${s.url}/health`)).text).toBe('ok');
  });

  it('gives host operations the full original URL, mount path included', async () => {
    const r = await call(`${s.url}/api/accounts/${A}?q=1`, { headers: bearer('all') });
    expect([r.status, r.json]).toEqual([200, { url: `/api/accounts/${A}` }]);
    expect(seen).toEqual([`${s.url}/api/accounts/${A}?q=1`]);
  });
});

describe('mounted in Hono on @hono/node-server', () => {
  let url: string;
  let upstream: TestServer;
  let close: () => Promise<void>;
  beforeAll(async () => {
    upstream = await listen((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"up":true}'));
    const handler = createHandler(testOptions({ basePath: '/v1', operations: { listAccounts: { handle: () => fetch(upstream.url) } } }));
    const app = new Hono();
    app.get('/hello', (c) => c.text('hono'));
    app.all('/v1/*', (c) => handler(c.req.raw));
    const server = honoServe({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
  });
  afterAll(() => Promise.all([close(), upstream.close()]));

  it('serves the specified operations with basePath', async () => {
    const r = await call(`${url}/v1/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, { headers: { ...bearer('all'), 'x-request-id': 'h-1' } });
    expect([r.status, r.json, r.headers.get('x-request-id')]).toEqual([200, adjustment, 'h-1']);
    const patch = await call(`${url}/v1/accounts/${A}/invoices/${INVOICE_ID}`, jsonInit('PATCH', { description: 'via hono' }));
    expect([patch.status, patch.json]).toEqual([200, { ...draftInvoice, description: 'via hono' }]);
    expect((await call(`${url}/hello`)).text).toBe('hono');
  });

  it('answers errors with the request id: 401, 405, 404 and bad JSON', async () => {
    const unauth = await call(`${url}/v1/accounts/${A}/adjustments/${ADJUSTMENT_ID}`);
    expect([unauth.status, unauth.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
    const wrong = await call(`${url}/v1/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, { method: 'DELETE' });
    expect([wrong.status, wrong.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const missing = await call(`${url}/v1/nope`);
    expect(missing.status).toBe(404);
    const bad = await call(`${url}/v1/accounts/${A}/invoices/${INVOICE_ID}`, jsonInit('PATCH', '{'));
    expect([bad.status, bad.json]).toEqual([400, { error: HTTP_MESSAGES.malformedJson }]);
    for (const r of [unauth, wrong, missing, bad]) expect(r.headers.get('x-request-id')).toMatch(UUID);
  });

  it("takes a host operation's fetch() answer, though Hono put its own Response class on globalThis", async () => {
    const r = await call(`${url}/v1/accounts`, { headers: bearer('all') });
    expect([r.status, r.json]).toEqual([200, { up: true }]);
    expect(r.headers.get('x-request-id')).toMatch(UUID);
  });
});
