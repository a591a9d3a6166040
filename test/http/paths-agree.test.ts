// toNodeListener answers createHandler's requests through its own exchange path, without a
// WHATWG Request/Response (the fast path). This checks, over random sequences of requests,
// that it answers exactly what the fetch handler answers: same statuses, bodies, headers and
// the same stored state as later answers show it (each side has its own store, seeded alike).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { A, INVOICE_ID, SPECIFIED_PATHS, UUID, listen, testOptions } from './helpers.js';

const COMPARED_HEADERS = ['content-type', 'www-authenticate', 'allow', 'retry-after'];
const VALID_REQUEST_ID = /^[A-Za-z0-9_=-]{1,255}$/;

const path = fc.oneof(
  fc.constantFrom(
    ...SPECIFIED_PATHS,
    `/accounts/${A}/transfers`,
    `/accounts/acc-b/adjustments/adj-b`,
    '/nowhere',
  ),
  fc.array(fc.constantFrom('accounts', A, 'invoices', INVOICE_ID, '__proto__', '%zz', '%2F', 'x'), { maxLength: 5 }).map((s) => `/${s.join('/')}`),
);
const headerText = fc.string({ unit: fc.constantFrom('a', 'Z', '0', ' ', '=', '-', '"', ',', '/', 'é'), maxLength: 30 });
const headers = fc.record(
  {
    authorization: fc.oneof(fc.constantFrom('Bearer all', 'Bearer readOnly', 'Bearer allB', 'Bearer expired', 'bearer all'), headerText),
    'content-type': fc.oneof(fc.constantFrom('application/json', 'application/merge-patch+json', 'text/plain'), headerText),
    'x-service-version': fc.oneof(fc.constantFrom('v2026.04.00', 'v2024.01.00', 'dev'), headerText),
    'x-request-id': fc.oneof(fc.constantFrom('trace-1', 'a'.repeat(255), 'a'.repeat(256)), headerText),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  fc.constantFrom(
    '{"description":"agreed"}',
    '{"status":"unpaid"}',
    '{"status":"canceled"}',
    '{"evidenceType":"receipt","text":"paid in full"}',
    '{"domain":"shop.example.com","displayName":"Shop"}',
    '{"__proto__":{"status":"paid"}}',
    '{"description":',
    '[]',
  ),
  fc.json({ depthSize: 'small' }),
);
const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE'),
  path,
  headers,
  body: fc.option(body, { nil: undefined }),
});

type Seen = { status: number; text: string; headers: Record<string, string | null>; requestId: string | null };

async function seen(response: Response): Promise<Seen> {
  return {
    status: response.status,
    text: await response.text(),
    headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, response.headers.get(name)])),
    requestId: response.headers.get('x-request-id'),
  };
}

describe('toNodeListener answers exactly what the fetch handler answers', () => {
  it('over random sequences of requests (statuses, bodies, headers, request ids, stored state)', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 6 }), async (requests) => {
        const direct = createHandler(testOptions());
        const server = await listen(toNodeListener(createHandler(testOptions())));
        try {
          for (const r of requests) {
            const init: RequestInit = { method: r.method, headers: r.headers, ...(r.body === undefined || r.method === 'GET' ? {} : { body: r.body }) };
            const overHttp = await seen(await fetch(`${server.url}${r.path}`, init));
            const inProcess = await seen(await direct(new Request(`http://127.0.0.1${r.path}`, init)));
            expect({ ...overHttp, requestId: null }).toEqual({ ...inProcess, requestId: null });
            statuses.add(overHttp.status);
            const sent = r.headers['x-request-id']?.trim();
            if (sent !== undefined && VALID_REQUEST_ID.test(sent)) expect([overHttp.requestId, inProcess.requestId]).toEqual([sent, sent]);
            else {
              expect(overHttp.requestId).toMatch(UUID);
              expect(inProcess.requestId).toMatch(UUID);
            }
          }
        } finally {
          await server.close();
        }
      }),
      { numRuns: 40 },
    );
    // The sequences reached the answers that matter, successes included.
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 401, 403, 404, 405]));
  });
});
