import { serve as honoServe } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type ResponseLogEntry, createHandler } from '../../src/http/index.js';
import { createNodeServer, toNodeListener } from '../../src/node/index.js';
import { A, ADJUSTMENT_ID, INVOICE_ID, bearer, call, jsonInit, keepFetchGlobals, listen, testOptions } from './helpers.js';

const entryShape = (entry: ResponseLogEntry) => [entry.method, entry.path, entry.status, entry.requestId];

keepFetchGlobals();

describe('createHandler({ onResponse }): an access log for every host', () => {
  it('is called once per answer by the fetch handler, with method, path, status, request id and ms', async () => {
    const entries: ResponseLogEntry[] = [];
    const handler = createHandler(testOptions({ onResponse: (entry) => entries.push(entry) }));
    const ok = await handler(new Request(`http://h/accounts/${A}/adjustments/${ADJUSTMENT_ID}?x=1`, { headers: { ...bearer('all'), 'x-request-id': 'log-1' } }));
    const missing = await handler(new Request('http://h/nope'));
    const head = await handler(new Request(`http://h/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, { method: 'HEAD', headers: bearer('all') }));
    expect(entries.map(entryShape)).toEqual([
      ['GET', `/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, 200, 'log-1'],
      ['GET', '/nope', 404, missing.headers.get('x-request-id')],
      ['HEAD', `/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, 200, head.headers.get('x-request-id')],
    ]);
    expect(ok.status).toBe(200);
    for (const entry of entries) expect(entry.ms).toBeGreaterThanOrEqual(0);
  });

  it('logs host operations and 500s too, and a throwing logger changes no answer', async () => {
    const entries: ResponseLogEntry[] = [];
    const handler = createHandler(
      testOptions({
        onResponse: (entry) => {
          entries.push(entry);
          throw new Error('logger down');
        },
        operations: {
          getAccount: { handle: () => new Response('{}', { status: 202 }) },
          listAccounts: {
            handle: () => {
              throw new Error('boom');
            },
          },
        },
      }),
    );
    const accepted = await handler(new Request(`http://h/accounts/${A}`, { headers: bearer('all') }));
    const failed = await handler(new Request('http://h/accounts', { headers: bearer('all') }));
    expect([accepted.status, failed.status]).toEqual([202, 500]);
    expect(entries.map((e) => e.status)).toEqual([202, 500]);
  });

  it('is called by the Node fast path as well (toNodeListener of a createHandler handler)', async () => {
    const entries: ResponseLogEntry[] = [];
    const s = await listen(toNodeListener(createHandler(testOptions({ onResponse: (entry) => entries.push(entry) }))));
    try {
      const r = await call(`${s.url}/accounts/${A}/invoices/${INVOICE_ID}`, jsonInit('PATCH', '{', { ...bearer('all'), 'x-request-id': 'log-2' }));
      expect(r.status).toBe(400);
      expect(entries.map(entryShape)).toEqual([['PATCH', `/accounts/${A}/invoices/${INVOICE_ID}`, 400, 'log-2']]);
    } finally {
      await s.close();
    }
  });

  it('logs each request once in Hono on @hono/node-server (the fetch hosts case)', async () => {
    const entries: ResponseLogEntry[] = [];
    const handler = createHandler(testOptions({ basePath: '/v1', onResponse: (entry) => entries.push(entry) }));
    const app = new Hono();
    app.all('/v1/*', (c) => handler(c.req.raw));
    const server = honoServe({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const r = await call(`${url}/v1/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, { headers: bearer('all') });
      expect(entries.map(entryShape)).toEqual([['GET', `/v1/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, 200, r.headers.get('x-request-id')]]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('is the one access log: createNodeServer and toNodeListener take no onResponse of their own, so a request is logged once', async () => {
    const entries: ResponseLogEntry[] = [];
    const handler = createHandler(testOptions({ onResponse: (entry) => entries.push(entry) }));
    // A second hook is refused by the types and ignored at run time: nothing logs twice.
    const server = createNodeServer(handler, { onResponse: () => entries.push({ method: 'X', path: '', status: 0, requestId: '', ms: 0 }) } as never);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const r = await call(`http://127.0.0.1:${port}/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, { headers: { ...bearer('all'), 'x-request-id': 'once-1' } });
      expect(r.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(entries.map(entryShape)).toEqual([['GET', `/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, 200, 'once-1']]);
      expect(entries[0]?.ms).toBeGreaterThanOrEqual(0);
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
  });
});
