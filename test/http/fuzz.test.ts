import fc from 'fast-check';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A, ADJUSTMENT_ID, DISPUTE_ID, INVOICE_ID, SCHEDULE_ID, SPECIFIED_PATHS, type TestServer, serve } from './helpers.js';

type Raw = { status: number; requestId: string | undefined; body: string };

function send(base: string, method: string, path: string, headers: Record<string, string>, body: Uint8Array | undefined): Promise<Raw> {
  return new Promise((resolve, reject) => {
    // An explicit length: Node's client sends DELETE/OPTIONS bodies unframed otherwise.
    const framed = body === undefined ? headers : { ...headers, 'content-length': String(body.byteLength) };
    const req = httpRequest(`${base}${path}`, { method, headers: framed }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, requestId: res.headers['x-request-id'] as string | undefined, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const segment = fc.oneof(
  fc.constantFrom('accounts', A, 'schedules', SCHEDULE_ID, 'invoices', INVOICE_ID, 'disputes', DISPUTE_ID, 'evidence-text', 'apple-pay', 'sessions', 'adjustments', ADJUSTMENT_ID, '__proto__', 'constructor', '%zz', '%00', '..', '.', '', '%2F'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
const path = fc.oneof(
  fc.array(segment, { minLength: 0, maxLength: 6 }).map((s) => `/${s.join('/')}`),
  fc.constantFrom(...SPECIFIED_PATHS),
).chain((p) => fc.constantFrom(p, `${p}?a=1&b`, `${p}#x`));

const headerText = fc.string({ unit: fc.constantFrom('a', 'Z', '0', ' ', '=', '-', '"', ',', ';', '/', '\t', 'é'), maxLength: 40 });
const headers = fc.record(
  {
    authorization: fc.oneof(fc.constant('Bearer all'), fc.constant('Bearer readOnly'), headerText.map((t) => `Bearer ${t}`), headerText),
    'content-type': fc.oneof(fc.constant('application/json'), fc.constant('application/json; charset=utf-16'), headerText),
    'x-service-version': fc.oneof(fc.constantFrom('v2026.04.00', 'v2024.01.00', 'dev', 'v9999.10.99', 'v0000.01.00'), headerText),
    'x-request-id': headerText,
  },
  { requiredKeys: [] },
);

const hugeNumber = fc.constantFrom('1e400', '-1e400', '123456789012345678901234567890', '-0', '0.0000000001', '9007199254740993');
const nasty = fc.oneof(
  hugeNumber.map((n) => `{"description":${n},"taxAmount":{"currency":"USD","valueDecimal":${n}}}`),
  fc.constantFrom(
    '{"__proto__":{"status":"paid"},"constructor":{"prototype":{"x":1}}}',
    '{"lineItems":{"items":[{"name":"__proto__","basePrice":{"currency":"USD","valueDecimal":"1"},"quantity":1e400}]}}',
    '{"status":"unpaid","status":"canceled"}',
    '{"text":"\\ud800","evidenceType":"receipt"}',
    '{"domain":"shop.example.com","displayName":"\\udfff"}',
    'null',
    '[]',
    '"\\u0000"',
  ),
  fc.integer({ min: 1, max: 5000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
  fc.integer({ min: 1, max: 5000 }).map((d) => `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`),
  fc.json({ depthSize: 'small' }),
);
const body = fc.oneof(
  nasty.map((t) => new TextEncoder().encode(t)),
  fc.uint8Array({ maxLength: 64 }),
  fc.constant(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])),
  fc.constant(undefined),
);
const method = fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND', 'PURGE');

describe('random requests never give a 500 and always carry x-request-id', () => {
  let s: TestServer;
  beforeAll(async () => (s = await serve({ maxBodyBytes: 65_536 })));
  afterAll(() => s.close());

  it('property over methods, paths, headers and bodies', async () => {
    await fc.assert(
      fc.asyncProperty(method, path, headers, body, async (m, p, h, b) => {
        const answer = await send(s.url, m, p, h, m === 'GET' || m === 'HEAD' ? undefined : b);
        expect(answer.status).not.toBe(500);
        expect(answer.status).toBeGreaterThanOrEqual(200);
        expect(answer.requestId).toMatch(/^[A-Za-z0-9_=-]{1,255}$/);
        if (answer.status >= 400 && m !== 'HEAD') expect(Object.keys(JSON.parse(answer.body) as object).length).toBeGreaterThan(0);
      }),
    );
  });

  it('the specified operations answer only their listed statuses under random bodies', async () => {
    const listed: Record<string, number[]> = {
      [`PATCH /accounts/${A}/invoices/${INVOICE_ID}`]: [200, 400, 409, 422],
      [`POST /accounts/${A}/disputes/${DISPUTE_ID}/evidence-text`]: [201, 400, 409],
      [`POST /accounts/${A}/apple-pay/sessions`]: [200, 400, 409, 422],
    };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(listed)), body, async (route, b) => {
        const [m = '', p = ''] = route.split(' ');
        const answer = await send(s.url, m, p, { authorization: 'Bearer all', 'content-type': 'application/json' }, b);
        expect(listed[route]).toContain(answer.status);
      }),
    );
  });
});
