// createHandler has two entries: the fetch function, and `handler.answerExchange` for adapters
// that carry requests without WHATWG Request/Response. toNodeListener takes the exchange entry
// for a handler of createHandler and the fetch bridge for any other fetch function. This table
// sends the same request through both, each to its own handler made with the same options, and
// compares the answers on the wire: the status line, every header field (name and value) but
// Date and the framing (the bridge streams a Response of unknown length chunked, where the
// exchange entry knows the length), and the body, byte for byte. One row per operation of
// src/operations and per kind of failure.
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type HandlerOptions, StoreUnavailableError, createHandler } from '../../src/http/index.js';
import type { Store } from '../../src/http/store/port.js';
import * as OPERATIONS from '../../src/operations/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { A, ADJUSTMENT_ID, CANCELED_ID, DISPUTE_ID, INVOICE_ID, SCHEDULE_ID, bearer, listen, testOptions } from './helpers.js';

type Row = {
  readonly name: string;
  /** The operation of src/operations the row exercises, when it reaches one. */
  readonly operation?: string;
  readonly status: number;
  readonly method: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Options of both handlers (made afresh per side: each has its own store). */
  readonly options?: () => Partial<HandlerOptions>;
};

const json = { 'content-type': 'application/json' };
const all = { ...bearer('all'), ...json };
const invoice = `/accounts/${A}/invoices/${INVOICE_ID}`;
const schedule = `/accounts/${A}/schedules/${SCHEDULE_ID}`;

/** The memory store of testOptions with `getSchedule` replaced (a failing store; a wrapper is never bypassed). */
const storeWith = (getSchedule: Store['getSchedule']) => (): Partial<HandlerOptions> => ({ store: { ...testOptions().store, getSchedule } });

const ROWS: readonly Row[] = [
  { name: 'get a schedule', operation: 'getSchedule', status: 200, method: 'GET', path: schedule, headers: bearer('all') },
  { name: 'HEAD of a schedule', operation: 'getSchedule', status: 200, method: 'HEAD', path: schedule, headers: bearer('all') },
  {
    name: 'update an invoice under Idempotency-Key',
    operation: 'updateInvoice',
    status: 200,
    method: 'PATCH',
    path: invoice,
    headers: { ...all, 'idempotency-key': 'k-1' },
    body: '{"description":"agreed"}',
  },
  {
    name: 'upload evidence text',
    operation: 'uploadEvidenceText',
    status: 201,
    method: 'POST',
    path: `/accounts/${A}/disputes/${DISPUTE_ID}/evidence-text`,
    headers: all,
    body: '{"evidenceType":"receipt","text":"paid in full"}',
  },
  {
    name: 'create a wallet session',
    operation: 'createWalletSession',
    status: 200,
    method: 'POST',
    path: `/accounts/${A}/apple-pay/sessions`,
    headers: all,
    body: '{"domain":"shop.example.com","displayName":"Shop"}',
  },
  { name: 'get an adjustment', operation: 'getAdjustment', status: 200, method: 'GET', path: `/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, headers: bearer('all') },
  { name: '400 malformed JSON', status: 400, method: 'PATCH', path: invoice, headers: all, body: '{"description":' },
  { name: '400 malformed X-Service-Version', status: 400, method: 'PATCH', path: invoice, headers: { ...all, 'x-service-version': 'v2024.1.0' }, body: '{}' },
  { name: '400 malformed Host', status: 400, method: 'GET', path: schedule, headers: { ...bearer('all'), host: 'bad host' } },
  { name: '401 without a credential', status: 401, method: 'GET', path: schedule },
  { name: '401 unknown token', status: 401, method: 'GET', path: schedule, headers: bearer('nobody') },
  { name: '403 without the scope', status: 403, method: 'PATCH', path: invoice, headers: { ...bearer('readOnly'), ...json }, body: '{}' },
  { name: '404 unknown path', status: 404, method: 'GET', path: '/nowhere', headers: bearer('all') },
  { name: '404 unknown invoice', status: 404, method: 'PATCH', path: `/accounts/${A}/invoices/0b7c1a9e-0000-4000-8000-000000000000`, headers: all, body: '{}' },
  { name: '404 version not served', status: 404, method: 'GET', path: schedule, headers: { ...bearer('all'), 'x-service-version': 'v1999.01.00' } },
  { name: '405 wrong method, with Allow', status: 405, method: 'DELETE', path: schedule, headers: bearer('all') },
  { name: '409 invoice not editable', status: 409, method: 'PATCH', path: `/accounts/${A}/invoices/${CANCELED_ID}`, headers: all, body: '{"description":"late"}' },
  {
    // The API has no 413 or 415 (spec 4 lists neither): a body over the limit or not JSON is 400.
    name: 'a body over maxBodyBytes: 400',
    status: 400,
    method: 'PATCH',
    path: invoice,
    headers: all,
    body: JSON.stringify({ description: 'x'.repeat(300) }),
    options: () => ({ maxBodyBytes: 100 }),
  },
  { name: 'a body that is not JSON (Content-Type): 400', status: 400, method: 'PATCH', path: invoice, headers: { ...bearer('all'), 'content-type': 'text/plain' }, body: 'hello' },
  { name: '422 a field refused', status: 422, method: 'PATCH', path: invoice, headers: all, body: '{"description":5}' },
  {
    name: '429 refused by the rate limiter',
    status: 429,
    method: 'GET',
    path: schedule,
    headers: bearer('all'),
    options: () => ({ rateLimiter: { check: () => ({ allowed: false, retryAfterSeconds: 3, budget: { policy: 'default', quota: 10, remaining: 0, resetSeconds: 3, windowSeconds: 60 } }) } }),
  },
  {
    name: '200 with the rate limiter budget headers',
    operation: 'getSchedule',
    status: 200,
    method: 'GET',
    path: schedule,
    headers: bearer('all'),
    options: () => ({ rateLimiter: { check: async () => ({ allowed: true, budget: { policy: 'default', quota: 10, remaining: 9, resetSeconds: 3, windowSeconds: 60 } }) } }),
  },
  { name: '500 a store that throws', status: 500, method: 'GET', path: schedule, headers: bearer('all'), options: storeWith(() => Promise.reject(new Error('boom'))) },
  { name: '501 listed, not implemented', status: 501, method: 'GET', path: `/accounts/${A}/transfers`, headers: bearer('all') },
  {
    name: '200 from a host operation (its own Response)',
    status: 200,
    method: 'GET',
    path: `/accounts/${A}/transfers`,
    headers: bearer('all'),
    options: () => ({ operations: { listTransfers: { handle: () => Response.json({ transfers: [] }, { headers: { 'x-host': '1' } }) } } }),
  },
  {
    name: '504 store unavailable',
    status: 504,
    method: 'GET',
    path: schedule,
    headers: bearer('all'),
    options: storeWith(() => Promise.reject(new StoreUnavailableError('timeout'))),
  },
  {
    name: 'CORS headers on an allowed origin',
    operation: 'getSchedule',
    status: 200,
    method: 'GET',
    path: schedule,
    headers: { ...bearer('all'), origin: 'https://shop.example.com' },
    options: () => ({ cors: { origins: ['https://shop.example.com'] } }),
  },
  {
    name: 'CORS preflight',
    status: 204,
    method: 'OPTIONS',
    path: invoice,
    headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'PATCH' },
    options: () => ({ cors: { origins: ['https://shop.example.com'] } }),
  },
];

type Wire = { status: number; statusMessage: string; headers: string[]; body: string; contentLength: string | undefined };

/** Header fields that carry no content of the answer: the date, and how the body is framed on this connection. */
const TRANSPORT = new Set(['date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/** One request on a fresh connection; the answer as sent (its header fields sorted by name, less {@link TRANSPORT}). */
function send(url: string, row: Row): Promise<Wire> {
  const target = new URL(row.path, url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname, method: row.method, agent: false, headers: { 'x-request-id': 'entry-paths-1', ...row.headers } as IncomingHttpHeaders },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: string[] = [];
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i]?.toLowerCase() ?? '';
            if (!TRANSPORT.has(name)) headers.push(`${name}: ${res.rawHeaders[i + 1]}`);
          }
          const contentLength = res.headers['content-length'];
          resolve({ status: res.statusCode ?? 0, statusMessage: res.statusMessage ?? '', headers: headers.sort(), body: Buffer.concat(chunks).toString('latin1'), contentLength });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(row.body);
  });
}

describe('both entries of createHandler answer the same bytes (toNodeListener: answerExchange and the fetch bridge)', () => {
  it('the table covers every operation of src/operations', () => {
    expect(new Set(ROWS.flatMap((row) => (row.operation === undefined ? [] : [row.operation])))).toEqual(new Set(Object.values(OPERATIONS).map((operation) => operation.id)));
  });

  it('the table covers every kind of answer: success, each refusal, the server failures', () => {
    expect(new Set(ROWS.map((row) => row.status))).toEqual(new Set([200, 201, 204, 400, 401, 403, 404, 405, 409, 422, 429, 500, 501, 504]));
  });

  for (const row of ROWS) {
    it(`${row.name}: ${row.status}`, async () => {
      const entryHandler = createHandler(testOptions(row.options?.()));
      const bridgedHandler = createHandler(testOptions(row.options?.()));
      expect(typeof entryHandler.answerExchange).toBe('function');
      const throughEntry = await listen(toNodeListener(entryHandler));
      // A plain fetch function: toNodeListener finds no exchange entry and bridges Request/Response.
      const throughFetch = await listen(toNodeListener((request) => bridgedHandler(request)));
      try {
        const [a, b] = [await send(throughEntry.url, row), await send(throughFetch.url, row)];
        expect(a.status).toBe(row.status);
        expect({ ...b, contentLength: undefined }).toEqual({ ...a, contentLength: undefined });
        expect(a.headers).toContain('x-request-id: entry-paths-1');
        // The exchange entry frames every plain answer with its length (HEAD: the GET body's).
        if (row.method !== 'HEAD' && row.operation !== undefined) expect(a.contentLength).toBe(String(Buffer.byteLength(a.body, 'latin1')));
      } finally {
        await Promise.all([throughEntry.close(), throughFetch.close()]);
      }
    });
  }
});
