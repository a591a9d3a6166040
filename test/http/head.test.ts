import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { A, ADJUSTMENT_ID, SCHEDULE_ID, type TestServer, bearer, call, listen, testOptions } from './helpers.js';

// Headers that differ between any two answers whatever the method.
const VOLATILE = new Set(['date', 'keep-alive', 'connection']);
const headersOf = (headers: Headers) => [...headers].filter(([name]) => !VOLATILE.has(name));

const GET_PATHS = [
  `/accounts/${A}/schedules/${SCHEDULE_ID}`, // 200, a long body
  `/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, // 200
  `/accounts/${A}/adjustments/missing`, // 404
  `/accounts/${A}/payment-links`, // 501, a listed operation
];

const hostOperations = testOptions({
  operations: {
    getAccount: {
      handle: ({ request }) =>
        new Response(JSON.stringify({ method: request.method }), { headers: { 'content-type': 'application/json', 'x-host': 'yes' } }),
    },
  },
});

describe('HEAD on the GET operations', () => {
  let node: TestServer;
  const handler = createHandler(hostOperations);
  beforeAll(async () => {
    node = await listen(toNodeListener(createHandler(hostOperations)));
  });
  afterAll(() => node.close());

  for (const path of GET_PATHS) {
    it(`answers ${path} with GET's status and headers and no body, over node:http`, async () => {
      const init = { headers: { ...bearer('all'), 'x-request-id': 'head-1' } };
      const get = await call(`${node.url}${path}`, init);
      const head = await call(`${node.url}${path}`, { ...init, method: 'HEAD' });
      expect(head.status).toBe(get.status);
      expect(headersOf(head.headers)).toEqual(headersOf(get.headers));
      expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(get.text)));
      expect(head.text).toBe('');
    });

    it(`answers ${path} with GET's status and headers and no body, as a fetch handler`, async () => {
      const init = { headers: { ...bearer('all'), 'x-request-id': 'head-2' } };
      const get = await handler(new Request(`http://h${path}`, init));
      const head = await handler(new Request(`http://h${path}`, { ...init, method: 'HEAD' }));
      const getText = await get.text();
      expect(head.status).toBe(get.status);
      expect(head.body).toBeNull();
      expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(getText)));
      expect(headersOf(head.headers).filter(([n]) => n !== 'content-length')).toEqual(headersOf(get.headers));
    });
  }

  it('authenticates HEAD like GET (401 without a token, with the challenge)', async () => {
    const head = await call(`${node.url}${GET_PATHS[1]}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('www-authenticate'), head.text]).toEqual([401, 'Bearer', '']);
    expect(head.headers.get('x-request-id')).toBeTruthy();
  });

  it('gives a host GET operation the HEAD request, and drops its body', async () => {
    const head = await handler(new Request(`http://h/accounts/${A}`, { method: 'HEAD', headers: bearer('all') }));
    expect([head.status, head.body, head.headers.get('x-host')]).toEqual([200, null, 'yes']);
    const get = await call(`${node.url}/accounts/${A}`, { headers: bearer('all') });
    expect(get.json).toEqual({ method: 'GET' });
    const overNode = await call(`${node.url}/accounts/${A}`, { method: 'HEAD', headers: bearer('all') });
    expect([overNode.status, overNode.text, overNode.headers.get('x-host')]).toEqual([200, '', 'yes']);
  });

  it('lists HEAD in Allow wherever GET is, and only there', async () => {
    const r = await call(`${node.url}/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, { method: 'DELETE', headers: bearer('all') });
    expect([r.status, r.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const post = await call(`${node.url}/accounts/${A}/apple-pay/sessions`, { method: 'HEAD', headers: bearer('all') });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'POST']);
  });
});
