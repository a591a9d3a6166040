// The last accepted Authorization header of a static token table is remembered per handler
// (src/http/auth/bearer-memo.ts): a hit must be exactly the answer the table gives, for any
// sequence of headers, and nothing else is remembered (another port, an expiring grant, a
// refused header, a `verify` replaced on the port's object).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BearerMemo, MAX_REMEMBERED_HEADER } from '../../src/http/auth/bearer-memo.js';
import { type Authentication, authenticate } from '../../src/http/auth/authenticate.js';
import { createHandler, createMemoryStore, createStaticAuth } from '../../src/http/index.js';
import type { AuthPort } from '../../src/http/index.js';
import { DEMO_IDS, DEMO_SEED, DEMO_TOKENS } from '../../src/reference/demo-data.js';

const clock = () => new Date('2026-01-01T00:00:00Z');
const ok = (token: string, grant: object): Authentication => ({ ok: true, scheme: 'bearer', token, grant: grant as never });

describe('BearerMemo', () => {
  it('exists only for a createStaticAuth port', () => {
    expect(BearerMemo.of(createStaticAuth({ a: { scopes: [] } }))).toBeInstanceOf(BearerMemo);
    expect(BearerMemo.of({ verify: () => undefined })).toBeUndefined();
    // A copy of the port is another object: its methods may be anything.
    expect(BearerMemo.of({ ...createStaticAuth({ a: { scopes: [] } }) })).toBeUndefined();
  });

  it('recalls the remembered header only, compared in full', () => {
    const memo = BearerMemo.of(createStaticAuth({ abcd: { scopes: [] } }))!;
    const remembered = ok('abcd', { scopes: [] });
    expect(memo.recall('Bearer abcd')).toBeUndefined();
    memo.remember('Bearer abcd', remembered);
    expect(memo.recall('Bearer abcd')).toBe(remembered);
    for (const other of ['Bearer abce', 'Bearer abc', 'Bearer abcd ', 'Bearer abcd\0', 'bearer abcd', '', 'Bearer abcdabcd', 'Bearer xbcd']) {
      expect(memo.recall(other)).toBeUndefined();
    }
    // A shorter header after a longer one: the tail of the longer one is not left behind.
    const shorter = ok('ab', { scopes: [] });
    memo.remember('Bearer ab', shorter);
    expect(memo.recall('Bearer ab')).toBe(shorter);
    expect(memo.recall('Bearer abcd')).toBeUndefined();
    expect(memo.recall('Bearer ab\0\0')).toBeUndefined();
  });

  it('never remembers a refusal, an expiring grant, Basic credentials or an over-long header', () => {
    const memo = BearerMemo.of(createStaticAuth({ a: { scopes: [] } }))!;
    memo.remember('Bearer a', { ok: false, status: 401, challenge: 'Bearer', error: 'x' });
    memo.remember('Bearer b', ok('b', { scopes: [], expiresAt: new Date('2030-01-01T00:00:00Z') }));
    memo.remember('Basic YTpi', { ok: true, scheme: 'basic', token: 'a', grant: { scopes: [] } });
    const long = `Bearer ${'a'.repeat(MAX_REMEMBERED_HEADER)}`;
    memo.remember(long, ok('a'.repeat(MAX_REMEMBERED_HEADER), { scopes: [] }));
    for (const header of ['Bearer a', 'Bearer b', 'Basic YTpi', long]) expect(memo.recall(header)).toBeUndefined();
  });

  it('recalls nothing once verify is replaced on the port', () => {
    const port = createStaticAuth({ a: { scopes: [] } });
    const memo = BearerMemo.of(port)!;
    memo.remember('Bearer a', ok('a', { scopes: [] }));
    expect(memo.recall('Bearer a')).toBeDefined();
    port.verify = () => undefined;
    expect(memo.recall('Bearer a')).toBeUndefined();
    memo.remember('Bearer a', ok('a', { scopes: [] }));
    expect(memo.recall('Bearer a')).toBeUndefined();
  });

  it('answers as the table on any sequence of headers', () => {
    const tokens = ['t0', 't1', 't00', 'T0', 'tok-long.value==', 'x'];
    const port = createStaticAuth(Object.fromEntries(tokens.slice(0, 4).map((t, i) => [t, { scopes: [`/accounts/a/s${i}.read`] }])));
    const header = fc.oneof(
      fc.constantFrom(...tokens).map((t) => `Bearer ${t}`),
      fc.constantFrom(...tokens).map((t) => `bearer  ${t} `),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(header, { maxLength: 30 }), (headers) => {
        const memo = BearerMemo.of(port)!;
        for (const h of headers) {
          const plain = authenticate(h, port, clock, 1000) as Authentication;
          const recalled = memo.recall(h);
          if (recalled !== undefined) expect(recalled).toEqual(plain);
          else memo.remember(h, plain);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('a handler over createStaticAuth', () => {
  const path = `http://localhost/accounts/${DEMO_IDS.accountID}/schedules/${DEMO_IDS.scheduleID}`;
  const get = (handler: (r: Request) => Promise<Response>, token: string) =>
    handler(new Request(path, { headers: { authorization: `Bearer ${token}` } })).then((r) => r.status);

  it('answers each token by its own grant when clients alternate', async () => {
    const handler = createHandler({ store: createMemoryStore({ seed: DEMO_SEED }), auth: createStaticAuth(DEMO_TOKENS) });
    const seen = [];
    for (const token of ['demo-all-scopes', 'demo-other-account', 'demo-all-scopes', 'demo-all-scopes', 'nope', 'demo-all-scopes', 'demo-all-scopez']) {
      seen.push(await get(handler, token));
    }
    expect(seen).toEqual([200, 403, 200, 200, 401, 200, 401]);
  });

  it('refuses an expired token on the request after its expiry, though accepted just before', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z') - 1000;
    const auth = createStaticAuth({ soon: { scopes: [`/accounts/${DEMO_IDS.accountID}/transfers.read`], expiresAt: '2030-01-01T00:00:00Z' } });
    const handler = createHandler({ store: createMemoryStore({ seed: DEMO_SEED }), auth, clock: () => new Date(now) });
    expect(await get(handler, 'soon')).toBe(200);
    expect(await get(handler, 'soon')).toBe(200);
    now += 2000;
    expect(await get(handler, 'soon')).toBe(401);
  });

  it('follows a verify replaced on the port after the first request', async () => {
    const auth: AuthPort = createStaticAuth(DEMO_TOKENS);
    const handler = createHandler({ store: createMemoryStore({ seed: DEMO_SEED }), auth });
    expect(await get(handler, 'demo-all-scopes')).toBe(200);
    auth.verify = () => undefined;
    expect(await get(handler, 'demo-all-scopes')).toBe(401);
  });
});
