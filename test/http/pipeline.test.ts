import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, OPERATION_CATALOG, createHandler, createMemoryStore } from '../../src/http/index.js';
import { CONFLICTING_VERSION_HEADERS_MESSAGE, VERSION_MESSAGE } from '../../src/version/index.js';
import {
  A,
  ADJUSTMENT_ID,
  B,
  DISPUTE_ID,
  INVOICE_ID,
  SCHEDULE_ID,
  type TestServer,
  UUID,
  bearer,
  call,
  jsonInit,
  seed,
  serve,
  testOptions,
} from './helpers.js';

const fill = (path: string, account = A) =>
  path.replace('{accountID}', account).replace(/\{[A-Za-z]+\}/g, 'x1');

/** One request per specified operation, valid in every way but the one a test changes. */
const SPECIFIED = [
  { id: 'getSchedule', method: 'GET', path: `/accounts/${A}/schedules/${SCHEDULE_ID}`, scope: `/accounts/${A}/transfers.read` },
  { id: 'updateInvoice', method: 'PATCH', path: `/accounts/${A}/invoices/${INVOICE_ID}`, scope: `/accounts/${A}/invoices.write`, body: { description: 'x' } },
  { id: 'uploadEvidenceText', method: 'POST', path: `/accounts/${A}/disputes/${DISPUTE_ID}/evidence-text`, scope: `/accounts/${A}/transfers.write`, body: { evidenceType: 'receipt', text: 'x' } },
  { id: 'createWalletSession', method: 'POST', path: `/accounts/${A}/apple-pay/sessions`, scope: `/accounts/${A}/apple-pay.write`, body: { domain: 'shop.example.com', displayName: 'x' } },
  { id: 'getAdjustment', method: 'GET', path: `/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, scope: `/accounts/${A}/wallets.read` },
] as const;

const init = (op: (typeof SPECIFIED)[number], headers: Record<string, string>): RequestInit =>
  'body' in op ? jsonInit(op.method, op.body, headers) : { method: op.method, headers };

let s: TestServer;
beforeAll(async () => (s = await serve()));
afterAll(() => s.close());

describe('routing', () => {
  it('routes every catalog operation by method and path (no 404 or 405 for any of them)', async () => {
    for (const entry of OPERATION_CATALOG) {
      const r = await call(`${s.url}${fill(entry.path)}`, { method: entry.method, headers: { authorization: 'Bearer unknown' } });
      expect([entry.id, r.status]).toEqual([entry.id, 401]);
    }
  });

  it('404 {error} for unknown paths, empty segments, trailing slashes and bad percent-encoding', async () => {
    for (const path of ['/', '/nope', '/accounts/a/schedules', `/accounts/${A}/schedules/x/`, '/accounts//schedules/x', '/accounts/%E0%A4%A/schedules/x', '/accounts/a/schedules/x/extra']) {
      const r = await call(`${s.url}${path}`, { headers: bearer('all') });
      expect([path, r.status, r.json]).toEqual([path, 404, { error: HTTP_MESSAGES.notFound }]);
      expect(r.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it('405 {error} with Allow for a known path and another method', async () => {
    const cases: [string, string, string][] = [
      ['DELETE', `/accounts/${A}/schedules/s`, 'GET, HEAD'],
      ['GET', `/accounts/${A}/apple-pay/sessions`, 'POST'],
      ['PUT', `/accounts/${A}/invoices/i`, 'GET, HEAD, PATCH'],
      ['DELETE', `/accounts/${A}/underwriting`, 'GET, HEAD, POST, PUT'],
      ['HEAD', `/accounts/${A}/apple-pay/sessions`, 'POST'],
      ['OPTIONS', `/accounts/${A}/adjustments/a`, 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const r = await call(`${s.url}${path}`, { method, headers: bearer('all') });
      expect(r.status).toBe(405);
      expect(r.headers.get('allow')).toBe(allow);
      if (method !== 'HEAD') expect(r.json).toEqual({ error: HTTP_MESSAGES.methodNotAllowed });
    }
  });

  it('501 {error} for a listed operation without an implementation, after auth', async () => {
    const r = await call(`${s.url}/accounts/${A}/payment-links`, { headers: bearer('all') });
    expect(r.status).toBe(501);
    expect(r.json).toEqual({ error: HTTP_MESSAGES.notImplemented });
    expect((await call(`${s.url}/accounts/${A}/payment-links`)).status).toBe(401);
    expect((await call(`${s.url}/accounts/${B}/payment-links`, { headers: bearer('all') })).status).toBe(403);
    expect((await call(`${s.url}/tos-token`, { headers: bearer('all') })).status).toBe(501);
  });

  it('a host implementation of a listed operation gets auth, scope, version, params, request id and a real Request', async () => {
    const seen: unknown[] = [];
    const t = await serve({
      basePath: '/v1',
      operations: {
        getPaymentLink: {
          scope: '/accounts/{accountID}/payment-links.read',
          handle: async ({ request, params, requestId, version }) => {
            seen.push({ url: request.url, method: request.method, params, requestId, version: version?.text });
            const headers = new Headers({ 'content-type': 'text/plain' });
            headers.append('set-cookie', 'a=1');
            headers.append('set-cookie', 'b=2');
            return new Response('link', { status: 202, headers });
          },
        },
        createPaymentLink: { handle: async ({ request }) => Response.json(await request.json(), { status: 201 }) },
      },
      auth: { verify: (t) => (t === 'links' ? { scopes: [`/accounts/${A}/payment-links.read`] } : t === 'any' ? { scopes: [`/accounts/${A}/x`] } : undefined) },
    });
    try {
      const r = await call(`${t.url}/v1/accounts/${A}/payment-links/c%2Fd?x=1`, {
        headers: { authorization: 'Bearer links', 'x-request-id': 'abc', 'x-service-version': 'v2026.04.00' },
      });
      expect([r.status, r.text, r.headers.get('x-request-id')]).toEqual([202, 'link', 'abc']);
      expect(r.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
      expect(seen).toEqual([
        { url: `${t.url}/v1/accounts/${A}/payment-links/c%2Fd?x=1`, method: 'GET', params: { accountID: A, paymentLinkCode: 'c/d' }, requestId: 'abc', version: 'v2026.04.00' },
      ]);
      expect((await call(`${t.url}/v1/accounts/${A}/payment-links/c`, { headers: { authorization: 'Bearer any' } })).status).toBe(403);
      const echo = await call(`${t.url}/v1/accounts/${A}/payment-links`, jsonInit('POST', { a: [1, 2] }, { authorization: 'Bearer any' }));
      expect([echo.status, echo.json]).toEqual([201, { a: [1, 2] }]);
      expect((await call(`${t.url}/accounts/${A}/payment-links/c`, { headers: { authorization: 'Bearer links' } })).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('refuses unknown operation ids and bad options at start-up', () => {
    const store = createMemoryStore();
    expect(() => createHandler({ store, operations: { getSchedule: { handle: () => new Response() } } })).toThrow(TypeError);
    expect(() => createHandler({ store, operations: { nope: { handle: () => new Response() } } })).toThrow(TypeError);
    expect(() => createHandler({ store, maxBodyBytes: 0 })).toThrow(TypeError);
    expect(() => createHandler({ store, downstreamTimeoutMs: Number.NaN })).toThrow(TypeError);
    expect(() => createHandler({ store, basePath: 'v1' })).toThrow(TypeError);
    expect(() => createHandler({} as never)).toThrow(TypeError);
  });
});

describe('authentication and scopes (spec 5, RFC 6750)', () => {
  it.each(SPECIFIED)('$id: 401 with WWW-Authenticate for missing, malformed, unknown and expired tokens', async (op) => {
    const cases: [Record<string, string>, string, string][] = [
      [{}, 'Bearer', HTTP_MESSAGES.missingToken],
      [{ authorization: '' }, 'Bearer', HTTP_MESSAGES.missingToken],
      [{ authorization: 'Basic dXNlcjpwYXNz' }, 'Bearer error="invalid_request", error_description="malformed Authorization header"', HTTP_MESSAGES.malformedAuthorization],
      [{ authorization: 'Bearer' }, 'Bearer error="invalid_request", error_description="malformed Authorization header"', HTTP_MESSAGES.malformedAuthorization],
      [{ authorization: 'Bearer a b' }, 'Bearer error="invalid_request", error_description="malformed Authorization header"', HTTP_MESSAGES.malformedAuthorization],
      [{ authorization: 'Bearer nope' }, 'Bearer error="invalid_token", error_description="unknown token"', HTTP_MESSAGES.invalidToken],
      [{ authorization: 'Bearer expired' }, 'Bearer error="invalid_token", error_description="expired token"', HTTP_MESSAGES.expiredToken],
      [{ authorization: 'Bearer expiresNow' }, 'Bearer error="invalid_token", error_description="expired token"', HTTP_MESSAGES.expiredToken],
    ];
    for (const [headers, challenge, error] of cases) {
      const r = await call(`${s.url}${op.path}`, init(op, headers));
      expect([r.status, r.headers.get('www-authenticate'), r.json]).toEqual([401, challenge, { error }]);
    }
  });

  it('accepts the scheme in any case and a token one second before expiry', async () => {
    expect((await call(`${s.url}${SPECIFIED[4].path}`, { headers: { authorization: 'bEaReR later' } })).status).toBe(200);
  });

  it.each(SPECIFIED)('$id: 403 insufficient_scope without the scope, and for another account', async (op) => {
    const others = SPECIFIED.filter((o) => o.scope !== op.scope).map((o) => o.scope);
    const t = await serve({
      auth: {
        verify: (token) =>
          ({
            otherScopes: { scopes: others },
            otherAccount: { scopes: [op.scope.replace(A, B)] },
            prefix: { scopes: [`${op.scope}x`, op.scope.slice(0, -1)] },
          })[token],
      },
    });
    try {
      for (const token of ['otherScopes', 'otherAccount', 'prefix']) {
        const r = await call(`${t.url}${op.path}`, init(op, bearer(token)));
        expect([token, r.status, r.headers.get('www-authenticate'), r.json]).toEqual([
          token,
          403,
          `Bearer error="insufficient_scope", scope="${op.scope}"`,
          { error: HTTP_MESSAGES.insufficientScope },
        ]);
      }
    } finally {
      await t.close();
    }
  });

  it.each(SPECIFIED)("$id: a token for account B gets 403 on account A's path, and B's own resources stay B's", async (op) => {
    const r = await call(`${s.url}${op.path}`, init(op, bearer('allB')));
    expect(r.status).toBe(403);
  });

  it('omits the scope from the challenge when the account ID cannot be written in a header', async () => {
    const r = await call(`${s.url}/accounts/${encodeURIComponent('a"b\u00e9')}/adjustments/x`, { headers: bearer('all') });
    expect([r.status, r.headers.get('www-authenticate')]).toEqual([403, 'Bearer error="insufficient_scope"']);
  });

  it('no auth option: every request is a 401', async () => {
    const t = await serve({ auth: undefined as never });
    try {
      expect((await call(`${t.url}${SPECIFIED[0].path}`, { headers: bearer('all') })).status).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('createStaticAuth refuses an invalid expiry at start-up', async () => {
    const { createStaticAuth } = await import('../../src/http/index.js');
    expect(() => createStaticAuth({ t: { scopes: [], expiresAt: '2026-02-30T00:00:00Z' } })).toThrow(TypeError);
    expect(() => createStaticAuth({ t: { scopes: [], expiresAt: new Date(Number.NaN) } })).toThrow(TypeError);
    expect(await createStaticAuth({ __proto__: { scopes: ['s'] } } as never).verify('__proto__')).toBeUndefined();
    expect(await createStaticAuth(JSON.parse('{"__proto__":{"scopes":["s"]}}')).verify('__proto__')).toEqual({ scopes: ['s'] });
    expect(await createStaticAuth({}).verify('constructor')).toBeUndefined();
  });
});

describe('rate limiting (429 with Retry-After)', () => {
  it.each(SPECIFIED)('$id: 429 {error} with Retry-After in whole seconds; the limiter sees the operation and account', async (op) => {
    const asked: unknown[] = [];
    const t = await serve({
      rateLimiter: {
        check: (input) => {
          asked.push(input);
          return { allowed: false, retryAfterSeconds: 1.2 };
        },
      },
    });
    try {
      const r = await call(`${t.url}${op.path}`, init(op, bearer('all')));
      expect([r.status, r.headers.get('retry-after'), r.json]).toEqual([429, '2', { error: HTTP_MESSAGES.rateLimited }]);
      expect(asked).toEqual([{ operationId: op.id, accountID: A, token: 'all', scheme: 'bearer' }]);
      expect((await call(`${t.url}${op.path}`, init(op, {}))).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('ports that answer later', () => {
  const adjustment = () => SPECIFIED[4];
  const thenable = <T>(value: T) => ({ then: (resolve: (v: T) => void) => setTimeout(() => resolve(value), 1) });

  it('an auth port answering with a promise or a thenable: 200 for a known token, 401 for an unknown one', async () => {
    const grant = { scopes: [adjustment().scope] };
    for (const verify of [
      async (token: string) => (token === 'all' ? grant : undefined),
      (token: string) => thenable(token === 'all' ? grant : undefined) as never,
    ]) {
      const handler = createHandler(testOptions({ auth: { verify } }));
      const url = `http://x${adjustment().path}`;
      expect((await handler(new Request(url, { headers: { authorization: 'Bearer all' } }))).status).toBe(200);
      expect((await handler(new Request(url, { headers: { authorization: 'Bearer nope' } }))).status).toBe(401);
    }
  });

  it('a rate limiter answering with a promise or a thenable: 429 with Retry-After, or through to the operation', async () => {
    for (const wrap of [<T>(v: T) => Promise.resolve(v), thenable]) {
      for (const [decision, status] of [
        [{ allowed: false, retryAfterSeconds: 3 }, 429],
        [{ allowed: true }, 200],
      ] as const) {
        const handler = createHandler(testOptions({ rateLimiter: { check: () => wrap(decision) as never } }));
        const r = await handler(new Request(`http://x${adjustment().path}`, { headers: { authorization: 'Bearer all' } }));
        expect([r.status, r.headers.get('retry-after')]).toEqual([status, status === 429 ? '3' : null]);
      }
    }
  });

  it('a rate limiter that rejects or throws: 500 {error} reported with the operation id', async () => {
    for (const check of [() => Promise.reject(new Error('redis down')), () => { throw new Error('redis down'); }]) {
      const reported: unknown[] = [];
      const handler = createHandler(testOptions({ rateLimiter: { check }, onError: (error, context) => reported.push([String(error), context.operationId]) }));
      const r = await handler(new Request(`http://x${adjustment().path}`, { headers: { authorization: 'Bearer all' } }));
      expect([r.status, await r.json()]).toEqual([500, { error: HTTP_MESSAGES.internal }]);
      expect(reported).toEqual([['Error: redis down', 'getAdjustment']]);
    }
  });
});

describe('scopes name the account literally', () => {
  it('an account ID such as "$&" is matched as written, never as a replacement pattern', async () => {
    const account = '$&';
    const path = `/accounts/${encodeURIComponent(account)}/adjustments/${ADJUSTMENT_ID}`;
    const handler = createHandler(
      testOptions({
        auth: {
          verify: (token) =>
            new Map([
              ['literal', { scopes: [`/accounts/${account}/wallets.read`] }],
              ['placeholder', { scopes: ['/accounts/{accountID}/wallets.read'] }],
            ]).get(token),
        },
      }),
    );
    const as = (token: string) => handler(new Request(`http://x${path}`, { headers: { authorization: `Bearer ${token}` } }));
    // The literal scope gets through to the store (no such adjustment in account "$&": 404).
    expect((await as('literal')).status).toBe(404);
    const refused = await as('placeholder');
    expect([refused.status, refused.headers.get('www-authenticate')]).toEqual([403, `Bearer error="insufficient_scope", scope="/accounts/${account}/wallets.read"`]);
  });
});

describe('versions (spec 9)', () => {
  it.each(SPECIFIED)('$id: served with no header and with v2026.04.00 in any header-name case', async (op) => {
    for (const headers of [{}, { 'X-SERVICE-VERSION': 'v2026.04.00' }]) {
      const t = await serve();
      try {
        const r = await call(`${t.url}${op.path}`, init(op, { ...bearer('all'), ...headers }));
        expect(r.status).toBe(op.method === 'POST' && op.id === 'uploadEvidenceText' ? 201 : 200);
      } finally {
        await t.close();
      }
    }
  });

  it.each(SPECIFIED.filter((o) => o.id !== 'getSchedule' && o.id !== 'getAdjustment'))(
    '$id: other valid versions are served; a malformed one is a 400 {error}',
    async (op) => {
      // The same valid value sent twice (joined as "a, a") is that version (docs/version.md, the rules at its end).
      for (const version of ['v2024.01.00', 'dev', 'v2027.10.03', 'v2026.04.00, v2026.04.00']) {
        const t = await serve();
        try {
          expect((await call(`${t.url}${op.path}`, init(op, { ...bearer('all'), 'x-service-version': version }))).status).toBeLessThan(300);
        } finally {
          await t.close();
        }
      }
      for (const version of ['v2026.02.00', '2026.04.00', 'latest', '']) {
        const r = await call(`${s.url}${op.path}`, init(op, { ...bearer('all'), 'x-service-version': version }));
        expect([version, r.status, r.json]).toEqual([version, 400, { error: `X-Service-Version: ${VERSION_MESSAGE}` }]);
      }
      const twice = await call(`${s.url}${op.path}`, init(op, { ...bearer('all'), 'x-service-version': 'v2026.04.00, dev' }));
      expect([twice.status, twice.json]).toEqual([400, { error: `X-Service-Version: ${CONFLICTING_VERSION_HEADERS_MESSAGE}` }]);
    },
  );

  it.each(SPECIFIED.filter((o) => o.id === 'getSchedule' || o.id === 'getAdjustment'))(
    '$id: any version but v2026.04.00 is a 404 {error} (these operations have no 400)',
    async (op) => {
      for (const version of ['v2024.01.00', 'dev', 'v2026.07.00', 'latest', '', 'v2026.04.00, v2024.01.00']) {
        const r = await call(`${s.url}${op.path}`, { headers: { ...bearer('all'), 'x-service-version': version } });
        expect([version, r.status, r.json]).toEqual([version, 404, { error: HTTP_MESSAGES.versionNotServed }]);
      }
      // v2026.04.00 sent twice (joined as "a, a") is that version; no header is served too.
      for (const headers of [{ 'x-service-version': 'v2026.04.00, v2026.04.00' }, { 'x-service-version': 'v2026.04.00' }, {}]) {
        expect((await call(`${s.url}${op.path}`, { headers: { ...bearer('all'), ...headers } })).status).toBe(200);
      }
    },
  );

  it('the version is checked after authentication', async () => {
    expect((await call(`${s.url}${SPECIFIED[0].path}`, { headers: { 'x-service-version': 'nope' } })).status).toBe(401);
  });
});

describe('request ids (spec 4, 7.1)', () => {
  it('echoes a valid incoming id (1 to 255 of [A-Za-z0-9_=-]) on success and error answers', async () => {
    for (const id of ['a', 'A-z_0=9', 'x'.repeat(255)]) {
      for (const path of [SPECIFIED[4].path, '/nope']) {
        const r = await call(`${s.url}${path}`, { headers: { ...bearer('all'), 'x-request-id': id } });
        expect(r.headers.get('x-request-id')).toBe(id);
      }
    }
  });

  it('answers a fresh UUID for a missing or invalid id', async () => {
    for (const headers of [{}, { 'x-request-id': 'x'.repeat(256) }, { 'x-request-id': 'a b' }, { 'x-request-id': 'a.b' }, { 'x-request-id': '' }]) {
      const r = await call(`${s.url}${SPECIFIED[4].path}`, { headers: { ...bearer('all'), ...headers } });
      expect(r.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it('property: the request id is echoed exactly when it is valid', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: fc.constantFrom('a', 'Z', '0', '_', '=', '-', '.', '~', '/'), minLength: 1, maxLength: 300 }), async (id) => {
        const r = await call(`${s.url}/nope`, { headers: { 'x-request-id': id } });
        const valid = /^[A-Za-z0-9_=-]{1,255}$/.test(id);
        expect(r.headers.get('x-request-id')).toBe(valid ? id : r.headers.get('x-request-id'));
        if (!valid) expect(r.headers.get('x-request-id')).toMatch(UUID);
      }),
      { numRuns: 40 },
    );
  });

  it('the handler never rejects: a throwing store gives 500 {error} with the request id', async () => {
    const reported: unknown[] = [];
    const t = await serve({
      store: {
        ...createMemoryStore({ seed: seed() }),
        getAdjustment: async () => {
          throw new Error('db password is hunter2');
        },
      },
      onError: (error, context) => reported.push([String(error), context.requestId]),
    });
    try {
      const r = await call(`${t.url}${SPECIFIED[4].path}`, { headers: { ...bearer('all'), 'x-request-id': 'rid-9' } });
      expect([r.status, r.json, r.headers.get('x-request-id')]).toEqual([500, { error: HTTP_MESSAGES.internal }, 'rid-9']);
      expect(r.text).not.toContain('hunter2');
      expect(reported).toEqual([['Error: db password is hunter2', 'rid-9']]);
    } finally {
      await t.close();
    }
  });

  it('a throwing auth port or onError reporter still gives 500 with the request id', async () => {
    const handler = createHandler(
      testOptions({
        auth: {
          verify: () => {
            throw new Error('auth down');
          },
        },
        onError: () => {
          throw new Error('logger down');
        },
      }),
    );
    const response = await handler(new Request(`http://x${SPECIFIED[4].path}`, { headers: { authorization: 'Bearer all', 'x-request-id': 'r1' } }));
    expect([response.status, await response.json(), response.headers.get('x-request-id')]).toEqual([500, { error: HTTP_MESSAGES.internal }, 'r1']);
  });
});

describe('request bodies', () => {
  const patch = SPECIFIED[1];
  const url = () => `${s.url}${patch.path}`;

  it('400 {error} for a missing or non-JSON content type', async () => {
    for (const type of [undefined, 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'application/jsonx']) {
      const headers: Record<string, string> = { ...bearer('all') };
      if (type !== undefined) headers['content-type'] = type;
      const r = await call(url(), { method: 'PATCH', headers, body: '{}' });
      expect([type, r.status, r.json]).toEqual([type, 400, { error: HTTP_MESSAGES.contentType }]);
    }
  });

  it('accepts application/json with parameters and application/*+json', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON', 'application/merge-patch+json', 'application/json;charset="UTF-8"']) {
      const t = await serve();
      try {
        const r = await call(`${t.url}${patch.path}`, { method: 'PATCH', headers: { ...bearer('all'), 'content-type': type }, body: '{"description":"ok"}' });
        expect([type, r.status]).toEqual([type, 200]);
      } finally {
        await t.close();
      }
    }
  });

  it('400 {error} for invalid UTF-8, malformed JSON and nesting deeper than 64', async () => {
    const invalidUtf8 = new Uint8Array([0x7b, 0x22, 0x64, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const cases: [BodyInit, string][] = [
      [invalidUtf8, HTTP_MESSAGES.invalidUtf8],
      [new Uint8Array([0xed, 0xa0, 0x80]), HTTP_MESSAGES.invalidUtf8],
      ['', HTTP_MESSAGES.malformedJson],
      ['{"a":1,}', HTTP_MESSAGES.malformedJson],
      [`${'['.repeat(65)}${']'.repeat(65)}`, HTTP_MESSAGES.tooDeep],
      [`{"a":${'['.repeat(100000)}`, HTTP_MESSAGES.tooDeep],
    ];
    for (const [body, error] of cases) {
      const r = await call(url(), { method: 'PATCH', headers: { ...bearer('all'), 'content-type': 'application/json' }, body });
      expect([r.status, r.json]).toEqual([400, { error }]);
    }
    const ok64 = await call(url(), jsonInit('PATCH', `{"x":${'['.repeat(63)}${']'.repeat(63)}}`));
    expect(ok64.status).not.toBe(400);
  });

  it('400 {error} for a body over maxBodyBytes (declared or streamed), accepted at exactly the limit', async () => {
    const body = JSON.stringify({ description: 'x'.repeat(80) });
    const t = await serve({ maxBodyBytes: body.length });
    try {
      expect((await call(`${t.url}${patch.path}`, jsonInit('PATCH', body))).status).toBe(200);
      const over = JSON.stringify({ description: 'x'.repeat(81) });
      const declared = await call(`${t.url}${patch.path}`, jsonInit('PATCH', over));
      expect([declared.status, declared.json]).toEqual([400, { error: HTTP_MESSAGES.bodyTooLarge }]);
      const stream = new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(over));
          c.close();
        },
      });
      const streamed = await call(`${t.url}${patch.path}`, { ...jsonInit('PATCH', ''), body: stream, duplex: 'half' } as RequestInit);
      expect([streamed.status, streamed.json]).toEqual([400, { error: HTTP_MESSAGES.bodyTooLarge }]);
    } finally {
      await t.close();
    }
  });

  it('stops reading a huge body at the limit instead of buffering it', async () => {
    let pulled = 0;
    const handler = createHandler(testOptions({ maxBodyBytes: 1024 }));
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled += 1;
        c.enqueue(new Uint8Array(512).fill(0x20));
        if (pulled > 10_000) c.close();
      },
    });
    const response = await handler(
      new Request(`http://x${patch.path}`, { method: 'PATCH', headers: { ...bearer('all'), 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit),
    );
    expect(response.status).toBe(400);
    expect(pulled).toBeLessThan(10);
  });
});
