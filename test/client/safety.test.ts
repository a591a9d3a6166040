import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { type ClientOptions, DEFAULT_MAX_RESPONSE_BYTES, createClient } from '../../src/client/index.js';
import { PACKAGE_VERSION } from '../../src/client/package-version.js';
import { rateLimitOf } from '../../src/client/rate-limit.js';
import { outcomeOf } from '../../src/client/outcome.js';
import { createHandler } from '../../src/http/index.js';
import { A, INVOICE_ID, SCHEDULE_ID, type TestServer, listen, testOptions } from '../http/helpers.js';

// The client's safe defaults and what a calling service can tune: redirects, the answer's size,
// header values and secrets, the base URL, outcome, per-attempt and per-call settings, the
// answer's headers, hooks, trace context, User-Agent; and a property: nothing a caller passes,
// over a hostile network, makes a call reject or leak a secret.
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

const SECRET = 'sEcReT-t0ken-4242';
type Fetch = NonNullable<ClientOptions['fetch']>;
const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const fast = { backoff: { initialMs: 0, maxMs: 0 } } as const;
const clientWith = (fetch: Fetch, options: Partial<ClientOptions> = {}) => createClient({ baseUrl: 'https://x.test', token: SECRET, retries: 0, fetch, ...fast, ...options });
const invoice = { accountID: A, invoiceID: INVOICE_ID };
const schedule = { accountID: A, scheduleID: SCHEDULE_ID };

describe('redirects are never followed', () => {
  it('a 307 to another host is unexpected with its status and location; the request asked fetch not to follow', async () => {
    const seen: Request[] = [];
    const client = clientWith(async (request) => (seen.push(request), new Response(null, { status: 307, headers: { location: 'https://elsewhere.test/steal' } })), { retries: 2 });
    const result = await client.updateInvoice(invoice, { status: 'unpaid' });
    expect(result).toMatchObject({ ok: false, kind: 'unexpected', status: 307, location: 'https://elsewhere.test/steal', attempts: 1, outcome: 'unknown' });
    expect(seen.map((request) => request.redirect)).toEqual(['manual']);
  });

  it('over 127.0.0.1: the other host never sees the write, its key or the caller headers', async () => {
    const stolen: string[] = [];
    const other = await listen((request, response) => (stolen.push(String(request.url)), response.end('{}')));
    const redirecting = await listen((_, response) => {
      response.writeHead(308, { location: `${other.url}/steal` });
      response.end();
    });
    servers.push(other, redirecting);
    const client = createClient({ baseUrl: redirecting.url, token: SECRET, headers: { 'x-api-key': 'k' }, retries: 0 });
    const result = await client.updateInvoice(invoice, { status: 'unpaid' });
    expect(result).toMatchObject({ ok: false, kind: 'unexpected', status: 308, location: `${other.url}/steal` });
    expect(stolen).toEqual([]);
  });
});

describe('maxResponseBytes', () => {
  it('defaults to 8 MiB', () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(8 * 1024 * 1024);
    expect(clientWith(async () => json(200, {})).transport.maxResponseBytes).toBe(DEFAULT_MAX_RESPONSE_BYTES);
  });

  it('an endless stream is cancelled past the bound: unexpected, not retried, little read', async () => {
    let pulled = 0;
    let cancelled = false;
    const endless = (): Response =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull: (controller) => (pulled++, controller.enqueue(new Uint8Array(1024))),
          cancel: () => void (cancelled = true),
        }),
        { status: 200 },
      );
    const client = clientWith(async () => endless(), { maxResponseBytes: 64 * 1024, retries: 3 });
    const result = await client.getSchedule(schedule);
    expect(result).toMatchObject({ ok: false, kind: 'unexpected', status: 200, attempts: 1, body: undefined, problem: expect.stringContaining('maxResponseBytes') });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(80);
  });

  it('a Content-Length over the bound is refused before reading; a body within it is read', async () => {
    const big = clientWith(async () => new Response('x'.repeat(100), { status: 500, headers: { 'content-length': '100' } }), { maxResponseBytes: 99 });
    expect(await big.getSchedule(schedule)).toMatchObject({ kind: 'unexpected', status: 500 });
    const fits = clientWith(async () => json(404, { error: 'no' }), { maxResponseBytes: 14 });
    expect(await fits.getSchedule(schedule)).toMatchObject({ kind: 'answer', status: 404 });
    expect(() => clientWith(async () => json(200, {}), { maxResponseBytes: 16 * 1024 * 1024 + 1 })).toThrow(TypeError);
  });
});

describe('header values and secrets', () => {
  it('createClient refuses CR, LF or NUL in a static header value, token or credential, without echoing it', () => {
    for (const options of [
      { headers: { 'x-api-key': `${SECRET}\r\nx-evil: 1` } },
      { headers: { 'x-api-key': `${SECRET}\0` } },
      { token: `${SECRET}\n` },
      { credentials: { username: 'u', password: `${SECRET}\r` } },
    ]) {
      let thrown: unknown;
      try {
        createClient({ baseUrl: 'https://x.test', ...('credentials' in options ? {} : { token: SECRET }), ...options } as ClientOptions);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(TypeError);
      expect(String((thrown as Error).message)).not.toContain(SECRET);
    }
  });

  it("a token function's value with CR/LF, or that throws, resolves to a local failure without the token", async () => {
    let sent = 0;
    const fetch: Fetch = async () => (sent++, json(200, {}));
    for (const token of [async () => `${SECRET}\r\nx-evil: 1`, () => `${SECRET}\u2028`, () => 42 as unknown as string]) {
      const result = await clientWith(fetch, { token }).updateInvoice(invoice, { status: 'unpaid' });
      expect(result).toMatchObject({ ok: false, kind: 'local', attempts: 0, outcome: 'none' });
      expect(JSON.stringify(result) + String((result as { error?: unknown }).error)).not.toContain(SECRET);
    }
    const throwing = await clientWith(fetch, { token: () => Promise.reject(new Error('vault down')) }).getSchedule(schedule);
    expect(throwing).toMatchObject({ ok: false, kind: 'local', error: new Error('vault down') });
    expect(sent).toBe(0);
  });

  it('a per-call header value with CR/LF is a local failure naming the header, not its value', async () => {
    const result = await clientWith(async () => json(200, {})).getSchedule(schedule, { headers: { 'x-trace': `${SECRET}\r\n` } });
    expect(result).toMatchObject({ ok: false, kind: 'local' });
    const message = String((result as { error: unknown }).error);
    expect(message).toContain('x-trace');
    expect(message).not.toContain(SECRET);
  });
});

describe('the base URL', () => {
  it('refuses credentials in it without echoing them', () => {
    expect(() => createClient({ baseUrl: `https://user:${SECRET}@x.test` })).toThrow(TypeError);
    try {
      createClient({ baseUrl: `https://user:${SECRET}@x.test` });
    } catch (error) {
      expect(String(error)).not.toContain(SECRET);
    }
  });

  it('refuses http: to a host that is not loopback unless allowInsecureHttp', () => {
    expect(() => createClient({ baseUrl: 'http://api.example.com' })).toThrow(/allowInsecureHttp/);
    expect(() => createClient({ baseUrl: 'http://10.0.0.1:8080' })).toThrow(TypeError);
    for (const baseUrl of ['http://127.0.0.1:3000', 'http://127.8.9.10', 'http://localhost:8080', 'http://[::1]:3000', 'http://api.localhost']) {
      expect(createClient({ baseUrl }).transport.baseUrl).toBe(new URL(baseUrl).href.replace(/\/$/, ''));
    }
    expect(createClient({ baseUrl: 'http://api.example.com', allowInsecureHttp: true }).transport.baseUrl).toBe('http://api.example.com');
  });
});

describe('IDs and per-call options the caller gets wrong resolve', () => {
  it('a lone surrogate in an ID is a local 404, not a URIError', async () => {
    const client = clientWith(async () => json(200, {}));
    expect(await client.getSchedule({ accountID: A, scheduleID: 'x\ud800' })).toMatchObject({ ok: false, kind: 'answer', status: 404, local: true });
    expect(await client.updateInvoice({ accountID: '\udfff', invoiceID: INVOICE_ID }, { status: 'unpaid' })).toMatchObject({ status: 404, local: true, outcome: 'none' });
  });

  it('per-call options out of range are local failures', async () => {
    const client = clientWith(async () => json(200, {}));
    for (const options of [{ retries: -1 }, { timeoutMs: 0 }, { attemptTimeoutMs: Number.NaN }, { headers: 5 }, { signal: 'x' }, { retryStatuses: [99] }, 7]) {
      expect(await client.getSchedule(schedule, options as never)).toMatchObject({ ok: false, kind: 'local', attempts: 0 });
    }
    expect(await client.updateInvoice(invoice, { status: 'unpaid' }, { idempotencyKey: 5 as never })).toMatchObject({ status: 400, local: true, outcome: 'none' });
  });
});

describe('outcome of a failed write', () => {
  it('follows the rules: none for 4xx, 503, plain 504, local; unknown for x-outcome, 500, 502, 3xx, a 409 still processing, no answer', async () => {
    const cases: [Response | 'throw', 'none' | 'unknown'][] = [
      [json(400, { error: 'x' }), 'none'],
      [json(404, { error: 'x' }), 'none'],
      [json(409, { error: 'conflict' }), 'none'],
      [json(409, { error: 'still being processed' }, { 'retry-after': '1' }), 'unknown'],
      [json(429, { error: 'x' }), 'none'],
      [json(500, { error: 'x' }), 'unknown'],
      [json(502, { error: 'x' }), 'unknown'],
      [json(503, { error: 'x' }), 'none'],
      [json(504, { error: 'x' }), 'none'],
      [json(504, { error: 'x' }, { 'x-outcome': 'unknown' }), 'unknown'],
      [new Response(null, { status: 302, headers: { location: '/x' } }), 'unknown'],
      // A success the client cannot read may have written, whatever its headers say.
      [json(201, 'not the resource', { 'x-outcome': 'none' }), 'unknown'],
      ['throw', 'unknown'],
    ];
    for (const [answer, outcome] of cases) {
      const result = await clientWith(async () => {
        if (answer === 'throw') throw new TypeError('socket hang up');
        return answer.clone();
      }).uploadEvidenceText({ accountID: A, disputeID: 'd' }, { evidenceType: 'receipt', text: 't' });
      expect([answer === 'throw' ? 'throw' : answer.status, result.outcome]).toEqual([answer === 'throw' ? 'throw' : answer.status, outcome]);
    }
    const aborted = await clientWith(async () => json(200, {})).updateInvoice(invoice, { status: 'unpaid' }, { signal: AbortSignal.abort() });
    expect(aborted).toMatchObject({ kind: 'aborted', attempts: 0, outcome: 'none' });
    const read = await clientWith(async () => json(500, { error: 'x' })).getSchedule(schedule);
    expect(read).not.toHaveProperty('outcome');
    expect(outcomeOf(503, new Headers({ 'x-outcome': 'unknown' }))).toBe('unknown');
  });

  it('a timeout after sending is unknown', async () => {
    const result = await clientWith(() => new Promise(() => {}), { timeoutMs: 30 }).updateInvoice(invoice, { status: 'unpaid' });
    expect(result).toMatchObject({ kind: 'timeout', attempts: 1, outcome: 'unknown' });
  });
});

describe('per-attempt and per-call settings', () => {
  it('a hung attempt is abandoned at attemptTimeoutMs and retried under the same key', async () => {
    const keys: (string | null)[] = [];
    const fetch: Fetch = (request, { signal }) => {
      keys.push(request.headers.get('idempotency-key'));
      if (keys.length === 1) return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      return createHandler(testOptions())(request);
    };
    const retries: unknown[] = [];
    const client = clientWith(fetch, { token: 'all', retries: 2, attemptTimeoutMs: 500, timeoutMs: 10_000, onRetry: (event) => retries.push(event) });
    const result = await client.updateInvoice(invoice, { status: 'unpaid' });
    expect(result).toMatchObject({ ok: true, status: 200, attempts: 2 });
    expect(new Set(keys).size).toBe(1);
    expect(retries).toEqual([{ operation: 'updateInvoice', attempt: 1, delayMs: 0, reason: 'attempt timeout' }]);
    const last = await clientWith(() => new Promise(() => {}), { attemptTimeoutMs: 20, timeoutMs: 5000 }).getSchedule(schedule, { retries: 1 });
    expect(last).toMatchObject({ kind: 'timeout', attempts: 2 });
  });

  it("the call's deadline holds between attempts and around them: in a backoff, after a slow token, past a short attempt", async () => {
    const started = Date.now();
    // A network error, then a backoff of a minute: the call's deadline ends the wait.
    const backoff = clientWith(async () => Promise.reject(new TypeError('fetch failed')), { retries: 3, backoff: { initialMs: 60_000, maxMs: 60_000 }, timeoutMs: 40 });
    expect(await backoff.updateInvoice(invoice, { status: 'unpaid' })).toMatchObject({ kind: 'timeout', attempts: 1, outcome: 'unknown' });
    // A token that takes most of the deadline, then an attempt that hangs: the call's deadline, not the attempt's.
    const slowToken = () => new Promise<string>((resolve) => setTimeout(() => resolve(SECRET), 30));
    const hung = clientWith(() => new Promise(() => {}), { token: slowToken, timeoutMs: 60, attemptTimeoutMs: 5_000, retries: 2 });
    expect(await hung.getSchedule(schedule)).toMatchObject({ kind: 'timeout', attempts: 1 });
    // attemptTimeoutMs longer than the call: the call's deadline ends the one attempt.
    const long = clientWith(() => new Promise(() => {}), { timeoutMs: 30, attemptTimeoutMs: 10_000, retries: 2 });
    expect(await long.getSchedule(schedule)).toMatchObject({ kind: 'timeout', attempts: 1 });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('retries, timeoutMs, headers and retryStatuses per call', async () => {
    const seen: Request[] = [];
    const fetch: Fetch = async (request) => (seen.push(request), json(500, { error: 'x' }));
    const client = clientWith(fetch, { retries: 0, headers: { 'x-team': 'billing' } });
    const result = await client.getSchedule(schedule, { retries: 2, retryStatuses: [500], headers: { 'x-team': 'payments', authorization: 'Bearer other', 'x-extra': '1' } });
    expect(result).toMatchObject({ status: 500, attempts: 3 });
    expect(seen[0]?.headers.get('x-team')).toBe('payments');
    expect(seen[0]?.headers.get('x-extra')).toBe('1');
    expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${SECRET}`);
    const slow = await clientWith(() => new Promise(() => {})).getSchedule(schedule, { timeoutMs: 20 });
    expect(slow).toMatchObject({ kind: 'timeout' });
  });

  it("a call's headers replace the client's headers, never its token, credentials, own headers or the write's", async () => {
    const seen: Request[] = [];
    const fetch: Fetch = async (request) => (seen.push(request), json(500, { error: 'x' }));
    const mine = { authorization: 'Bearer call', accept: 'text/html', 'x-request-id': 'mine', 'idempotency-key': 'mine', 'content-type': 'text/plain', 'x-team': 'call' };
    const sent = (index: number): Record<string, string> => Object.fromEntries(seen[index]?.headers ?? []);
    // No token: the call's authorization replaces the client's header of that name.
    await createClient({ baseUrl: 'https://x.test', fetch, retries: 0, headers: { authorization: 'Bearer client', 'x-team': 'client' } }).updateInvoice(invoice, { status: 'unpaid' }, { headers: mine });
    expect(sent(0)).toMatchObject({ authorization: 'Bearer call', accept: 'application/json', 'content-type': 'application/json', 'x-team': 'call' });
    expect([sent(0)['x-request-id'], sent(0)['idempotency-key']]).not.toContain('mine');
    // A string token, a token function and credentials win over the call's.
    await clientWith(fetch).updateInvoice(invoice, { status: 'unpaid' }, { headers: mine });
    await clientWith(fetch, { token: () => SECRET }).getSchedule(schedule, { headers: mine });
    await createClient({ baseUrl: 'https://x.test', fetch, retries: 0, credentials: { username: 'u', password: 'p' } }).getSchedule(schedule, { headers: mine });
    expect([1, 2, 3].map((index) => sent(index)['authorization'])).toEqual([`Bearer ${SECRET}`, `Bearer ${SECRET}`, `Basic ${btoa('u:p')}`]);
    expect(sent(1)['content-type']).toBe('application/json');
    expect(sent(2)['content-type']).toBe('text/plain');
    // Without a call's headers: the client's own, and no content type on a read.
    await clientWith(fetch).getSchedule(schedule);
    expect(sent(4)).toMatchObject({ authorization: `Bearer ${SECRET}`, accept: 'application/json' });
    expect(sent(4)).not.toHaveProperty('content-type');
  });
});

describe('what the answer said', () => {
  it('every answered result carries headers, and rateLimit when the answer has RateLimit headers', async () => {
    const limited = { ratelimit: '"default";r=50;t=30', 'ratelimit-policy': '"default";q=100;w=60' };
    const result = await clientWith(async () => json(429, { error: 'slow down' }, limited)).getSchedule(schedule);
    expect(result.ok === false && result.kind === 'answer' && result.headers?.get('ratelimit')).toBe(limited.ratelimit);
    expect(result).toMatchObject({ rateLimit: { policy: 'default', remaining: 50, resetSeconds: 30, quota: 100, windowSeconds: 60 } });
    const plain = await clientWith(async () => json(404, { error: 'no' })).getSchedule(schedule);
    expect(plain).not.toHaveProperty('rateLimit');
    expect(rateLimitOf(new Headers({ ratelimit: 'garbage' }))).toBeUndefined();
    expect(rateLimitOf(new Headers({ ratelimit: '"a\\"b";r=1;t=2, "c";r=3;t=4' }))).toEqual({ policy: 'a"b', remaining: 1, resetSeconds: 2 });
  });
});

describe('replayed', () => {
  it('is the write answer\'s idempotent-replayed: true; a read, which carries no key, is never a replay', async () => {
    const replayed = { 'idempotent-replayed': 'true' };
    const write = await clientWith(async () => json(400, { error: 'x' }, replayed)).uploadEvidenceText({ accountID: A, disputeID: 'd' }, { evidenceType: 'receipt', text: 't' });
    expect(write).toMatchObject({ kind: 'answer', status: 400, replayed: true });
    const fresh = await clientWith(async () => json(400, { error: 'x' })).uploadEvidenceText({ accountID: A, disputeID: 'd' }, { evidenceType: 'receipt', text: 't' });
    expect(fresh).toMatchObject({ kind: 'answer', status: 400, replayed: false });
    const read = await clientWith(async () => json(404, { error: 'no' }, replayed)).getSchedule(schedule);
    expect(read).toMatchObject({ kind: 'answer', status: 404, replayed: false });
  });
});

describe('hooks, trace context and User-Agent', () => {
  it('an async onRequest is awaited (it can sign), onRetry sees each retry', async () => {
    const seen: (string | null)[] = [];
    const statuses = [503, 200];
    const events: unknown[] = [];
    const client = clientWith(async (request) => (seen.push(request.headers.get('x-signature')), json(statuses.shift() ?? 200, { error: 'x' })), {
      retries: 1,
      onRequest: async ({ request }) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        request.headers.set('x-signature', 'signed');
      },
      onRetry: (event) => events.push(event),
    });
    await client.getSchedule(schedule);
    expect(seen).toEqual(['signed', 'signed']);
    expect(events).toEqual([{ operation: 'getSchedule', attempt: 1, delayMs: 0, reason: 'status 503' }]);
  });

  it('with tracer and openTelemetry each attempt is a CLIENT span and carries traceparent; without them nothing is sent', async () => {
    const spans: { name: string; kind: number | undefined; attributes: Record<string, unknown>; status: number | undefined; ended: boolean }[] = [];
    const tracer = {
      startSpan(name: string, options?: { kind?: number; attributes?: Record<string, unknown> }) {
        const span = { name, kind: options?.kind, attributes: { ...options?.attributes }, status: undefined as number | undefined, ended: false };
        spans.push(span);
        return { setAttribute: (k: string, v: unknown) => void (span.attributes[k] = v), setStatus: (s: { code: number }) => void (span.status = s.code), end: () => void (span.ended = true) };
      },
    };
    const root = { getValue: () => undefined };
    const openTelemetry = {
      trace: { setSpan: (_: unknown, span: unknown) => ({ getValue: () => span }) },
      context: { active: () => root },
      propagation: {
        inject: <Carrier>(_: unknown, carrier: Carrier) => void ((carrier as Record<string, string>).traceparent = `00-${'1'.repeat(32)}-${String(spans.length).padStart(16, '0')}-01`),
      },
    };
    const seen: (string | null)[] = [];
    const statuses = [503, 200];
    const fetch: Fetch = async (request) => (seen.push(request.headers.get('traceparent')), json(statuses.shift() ?? 200, { error: 'x' }));
    const client = clientWith(fetch, { retries: 1, tracer, openTelemetry, baseUrl: 'https://api.example.com:8443/v1' });
    const result = await client.getSchedule(schedule);
    expect(result.status).toBe(200);
    expect(result).toMatchObject({ kind: 'unexpected' });
    expect(seen.every((value) => value !== null && value.startsWith('00-'))).toBe(true);
    expect(spans).toMatchObject([
      { name: 'GET', kind: 2, ended: true, status: 2, attributes: { 'http.request.method': 'GET', 'server.address': 'api.example.com', 'server.port': 8443, 'http.response.status_code': 503, 'error.type': '503' } },
      { name: 'GET', kind: 2, ended: true, attributes: { 'http.request.resend_count': 1, 'http.response.status_code': 200 } },
    ]);
    expect(spans[0]?.attributes['url.full']).toBe(`https://api.example.com:8443/v1/accounts/${A}/schedules/${SCHEDULE_ID}`);
    expect(spans[0]?.attributes).not.toHaveProperty('http.request.resend_count', 0);
    const untraced: (string | null)[] = [];
    await clientWith(async (request) => (untraced.push(request.headers.get('traceparent')), json(404, { error: 'x' }))).getSchedule(schedule);
    expect(untraced).toEqual([null]);
    expect(() => clientWith(fetch, { tracer })).toThrow(/openTelemetry/);
  });

  it('User-Agent names payments-kit and appInfo', async () => {
    expect(PACKAGE_VERSION).toBe((JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version);
    const agents: (string | null)[] = [];
    const fetch: Fetch = async (request) => (agents.push(request.headers.get('user-agent')), json(404, { error: 'x' }));
    await clientWith(fetch).getSchedule(schedule);
    await clientWith(fetch, { appInfo: { name: 'acme-billing', version: '4.2.0', url: 'https://acme.example' } }).getSchedule(schedule);
    expect(agents).toEqual([`payments-kit/${PACKAGE_VERSION}`, `payments-kit/${PACKAGE_VERSION} acme-billing/4.2.0 (+https://acme.example)`]);
    expect(() => clientWith(fetch, { appInfo: { name: 'acme billing' } })).toThrow(TypeError);
  });
});

describe('nothing a caller passes, over a hostile network, makes a call reject or leak a secret (fast-check)', () => {
  const hostile = fc.oneof(
    fc.constant<'throw'>('throw'),
    fc.constant<'hang'>('hang'),
    fc.constant<'endless'>('endless'),
    fc.constant<'redirect'>('redirect'),
    fc.constant<'junk'>('junk'),
    fc.record({
      status: fc.integer({ min: 200, max: 599 }),
      headers: fc.dictionary(fc.constantFrom('retry-after', 'x-outcome', 'ratelimit', 'ratelimit-policy', 'location', 'x-request-id', 'idempotent-replayed', 'content-length'), fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), { maxKeys: 4 }),
      body: fc.oneof(fc.string({ maxLength: 80 }), fc.json({ maxDepth: 2 })),
    }),
  );
  const answer = (step: unknown, signal: AbortSignal): Promise<Response> => {
    if (step === 'throw') return Promise.reject(new TypeError('connection reset'));
    if (step === 'hang') return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    if (step === 'endless') return Promise.resolve(new Response(new ReadableStream({ pull: (c) => c.enqueue(new Uint8Array(4096)) }), { status: 200 }));
    if (step === 'redirect') return Promise.resolve(new Response(null, { status: 307, headers: { location: 'https://evil.test/' } }));
    if (step === 'junk') return Promise.resolve(42 as unknown as Response);
    const { status, headers, body } = step as { status: number; headers: Record<string, string>; body: string };
    return Promise.resolve(new Response(status === 204 || status === 205 || status === 304 ? null : body, { status, headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => /^[\x20-\x7e]*$/.test(v))) }));
  };
  const id = fc.oneof({ arbitrary: fc.constantFrom('acct-1', 'x'), weight: 4 }, { arbitrary: fc.oneof(fc.string({ maxLength: 6 }), fc.constant('\ud800'), fc.constant('..'), fc.anything({ maxDepth: 0 })), weight: 1 });
  const params = fc.oneof(
    { arbitrary: fc.record({ accountID: id, scheduleID: id, invoiceID: id, disputeID: id, adjustmentID: id }), weight: 4 },
    { arbitrary: fc.anything({ maxDepth: 2 }), weight: 1 },
  );
  const body = fc.oneof(
    { arbitrary: fc.constantFrom({ status: 'unpaid' }, { evidenceType: 'receipt', text: 't' }, { domain: 'shop.example.com', displayName: 'Shop' }), weight: 3 },
    { arbitrary: fc.anything({ maxDepth: 2 }), weight: 1 },
  );
  const callOptions = fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: fc.anything({ maxDepth: 1 }), weight: 1 },
    { arbitrary: fc.record(
      {
        retries: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.double()),
        timeoutMs: fc.oneof(fc.integer({ min: 0, max: 60 }), fc.constant(Number.NaN)),
        attemptTimeoutMs: fc.integer({ min: 0, max: 30 }),
        headers: fc.oneof(fc.dictionary(fc.constantFrom('x-a', 'authorization', 'bad name', 'x-b'), fc.string({ maxLength: 8 }).map((v) => v + SECRET), { maxKeys: 2 }), fc.anything({ maxDepth: 1 })),
        idempotencyKey: fc.oneof(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 0 })),
        retryStatuses: fc.oneof(fc.array(fc.integer({ min: 90, max: 610 }), { maxLength: 3 }), fc.anything({ maxDepth: 0 })),
      },
      { requiredKeys: [] },
    ), weight: 2 },
  );
  const token = fc.oneof({ arbitrary: fc.constant(SECRET), weight: 4 }, fc.constant(`${SECRET}\r\n`), fc.constant(`${SECRET}\u00e9`), fc.constant<'throw'>('throw'), fc.constant(''));

  it('holds for every operation', async () => {
    let ran = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('getSchedule', 'getAdjustment', 'updateInvoice', 'uploadEvidenceText', 'createWalletSession'),
        params,
        body,
        callOptions,
        token,
        fc.array(hostile, { minLength: 1, maxLength: 4 }),
        async (operation, params, body, options, given, network) => {
          ran++;
          let n = 0;
          const client = createClient({
            baseUrl: 'https://x.test',
            token: () => (given === 'throw' ? Promise.reject(new Error('no token')) : given),
            retries: 2,
            timeoutMs: 80,
            attemptTimeoutMs: 30,
            maxResponseBytes: 16 * 1024,
            backoff: { initialMs: 1, maxMs: 2 },
            fetch: (_, { signal }) => answer(network[Math.min(n++, network.length - 1)], signal),
          });
          const method = client[operation] as (...args: unknown[]) => Promise<{ ok: boolean; kind: string; error?: unknown }>;
          const args = operation.startsWith('get') ? [params, options] : [params, body, options];
          const result = await method(...args);
          expect(typeof result.ok).toBe('boolean');
          const shown = JSON.stringify(result, (key, value: unknown) => (key === 'headers' ? undefined : value)) + String(result.error) + String((result.error as Error | undefined)?.stack);
          expect(shown).not.toContain(SECRET);
        },
      ),
      { seed: 4040, numRuns: 150 },
    );
    expect(ran).toBe(150);
  }, 60_000);
});

describe('a token function or onRequest that never settles', () => {
  it('cannot hold the call past its deadline', async () => {
    const never = (): Promise<string> => new Promise(() => {});
    expect(await clientWith(async () => json(200, {}), { token: never, timeoutMs: 30 }).updateInvoice(invoice, { status: 'unpaid' })).toMatchObject({
      kind: 'timeout',
      attempts: 0,
      outcome: 'none',
    });
    expect(await clientWith(async () => json(200, {}), { onRequest: () => new Promise(() => {}), timeoutMs: 30 }).getSchedule(schedule)).toMatchObject({ kind: 'timeout', attempts: 0 });
  });
});
