import { PGlite } from '@electric-sql/pglite';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { beforeEach, describe, expect, it } from 'vitest';
import { type HandlerOptions, TELEMETRY_MESSAGES, createHandler, createMemoryStore, createRateLimiter, createStaticAuth } from '../../../src/http/index.js';
import { createPostgresStore } from '../../../src/postgres/index.js';
import { A, ADJUSTMENT_ID, DISPUTE_ID, DOMAIN, INVOICE_ID, SCHEDULE_ID, TOKENS, seed, testOptions } from '../helpers.js';
import { createTracing, only, openTelemetry, traceparent } from './otel.js';

// A token, a body text and a display name that must never show in a span.
const SECRET_TOKEN = 'tok-9f3c2a7b-never-in-a-span';
const BODY_TEXT = 'body-text-5e1d-never-in-a-span';
const DISPLAY_NAME = 'display-7a2c-never-in-a-span';
const AUTH = { authorization: `Bearer ${SECRET_TOKEN}` };

const tracing = createTracing();
beforeEach(() => tracing.reset());

function handlerWith(overrides: Partial<HandlerOptions> = {}) {
  return createHandler(
    testOptions({
      auth: createStaticAuth({ ...TOKENS, [SECRET_TOKEN]: TOKENS.all }),
      tracer: tracing.tracer,
      openTelemetry,
      ...overrides,
    }),
  );
}

const json = (method: string, body: unknown, headers: Record<string, string> = AUTH): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** The five operations, each with a request that succeeds and the span name the spec's route gives it. */
const OPERATIONS = [
  { id: 'getSchedule', name: 'GET /accounts/{accountID}/schedules/{scheduleID}', path: `/accounts/${A}/schedules/${SCHEDULE_ID}`, init: { headers: AUTH }, status: 200 },
  { id: 'updateInvoice', name: 'PATCH /accounts/{accountID}/invoices/{invoiceID}', path: `/accounts/${A}/invoices/${INVOICE_ID}`, init: json('PATCH', { status: 'unpaid', description: BODY_TEXT }), status: 200 },
  { id: 'uploadEvidenceText', name: 'POST /accounts/{accountID}/disputes/{disputeID}/evidence-text', path: `/accounts/${A}/disputes/${DISPUTE_ID}/evidence-text`, init: json('POST', { evidenceType: 'receipt', text: BODY_TEXT }), status: 201 },
  { id: 'createWalletSession', name: 'POST /accounts/{accountID}/apple-pay/sessions', path: `/accounts/${A}/apple-pay/sessions`, init: json('POST', { domain: DOMAIN, displayName: DISPLAY_NAME }), status: 200 },
  { id: 'getAdjustment', name: 'GET /accounts/{accountID}/adjustments/{adjustmentID}', path: `/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, init: { headers: AUTH }, status: 200 },
] as const;

const SERVER = 1;
const CLIENT = 2;
const UNSET = 0;
const ERROR = 2;

/** Every string a span exposes: name, attributes, events (names and attributes), links, status message. */
function textsOf(span: ReadableSpan): string[] {
  const values = (attributes: Record<string, unknown> | undefined) => Object.entries(attributes ?? {}).flatMap(([key, value]) => [key, String(value)]);
  return [
    span.name,
    ...values(span.attributes),
    ...span.events.flatMap((event) => [event.name, ...values(event.attributes)]),
    ...span.links.flatMap((link) => values(link.attributes)),
    span.status.message ?? '',
  ];
}

describe('tracing the handler with the OpenTelemetry SDK', () => {
  for (const operation of OPERATIONS) {
    it(`${operation.id}: one server span "${operation.name}" with the conventions' attributes, children for its store calls`, async () => {
      const handler = handlerWith();
      const response = await handler(new Request(`http://localhost${operation.path}`, { ...operation.init, headers: { ...operation.init.headers, 'x-request-id': `req-${operation.id}` } }));
      expect(response.status).toBe(operation.status);
      const spans = await tracing.spans();
      const server = only(spans, operation.name);
      expect(server.kind).toBe(SERVER);
      expect(server.attributes).toEqual({
        'http.request.method': operation.name.split(' ')[0],
        'url.path': operation.path,
        'http.route': operation.name.split(' ')[1],
        'http.response.status_code': operation.status,
        'payments_kit.operation.id': operation.id,
        'payments_kit.request.id': `req-${operation.id}`,
        'payments_kit.account.id': A,
      });
      expect(server.status.code).toBe(UNSET);
      expect(server.parentSpanContext).toBeUndefined();
      const children = spans.filter((span) => span !== server);
      expect(children.length).toBeGreaterThan(0);
      for (const child of children) {
        expect(child.kind).toBe(CLIENT);
        expect(child.spanContext().traceId).toBe(server.spanContext().traceId);
        expect(child.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
      }
      const storeSpans = children.filter((span) => span.name.startsWith('store '));
      expect(storeSpans.length).toBeGreaterThan(0);
      for (const span of storeSpans) expect(span.attributes['db.operation.name']).toBe(span.name.slice('store '.length));
    });
  }

  it('the PATCH traces its reads, its compare-and-set and (idempotency off) nothing else', async () => {
    await handlerWith({ idempotency: false })(new Request(`http://localhost${OPERATIONS[1].path}`, OPERATIONS[1].init));
    const names = (await tracing.spans()).map((span) => span.name);
    expect(names).toEqual(['store getInvoice', 'store compareAndSetInvoice', OPERATIONS[1].name]);
  });

  it('the wallet provider call is a child span with the account only', async () => {
    await handlerWith()(new Request(`http://localhost${OPERATIONS[3].path}`, OPERATIONS[3].init));
    const wallet = only(await tracing.spans(), 'walletProvider createSession');
    expect(wallet.attributes).toEqual({ 'payments_kit.account.id': A });
  });

  it("a store call on PostgreSQL carries db.system.name 'postgresql'", async () => {
    const store = await createPostgresStore({ client: new PGlite(), seed: seed() });
    await handlerWith({ store })(new Request(`http://localhost${OPERATIONS[0].path}`, OPERATIONS[0].init));
    const read = only(await tracing.spans(), 'store getSchedule');
    expect(read.attributes).toEqual({ 'db.operation.name': 'getSchedule', 'db.system.name': 'postgresql', 'payments_kit.account.id': A });
  }, 60_000);

  it('the rate limiter check is a child span that says whether it allowed the request', async () => {
    const rateLimiter = createRateLimiter({ limiter: new RateLimiterMemory({ points: 1, duration: 60 }) });
    const handler = handlerWith({ rateLimiter });
    await handler(new Request(`http://localhost${OPERATIONS[0].path}`, OPERATIONS[0].init));
    const refused = await handler(new Request(`http://localhost${OPERATIONS[0].path}`, OPERATIONS[0].init));
    expect(refused.status).toBe(429);
    const checks = (await tracing.spans()).filter((span) => span.name === 'rateLimiter check');
    expect(checks.map((span) => span.attributes['payments_kit.rate_limit.allowed'])).toEqual([true, false]);
    const servers = (await tracing.spans()).filter((span) => span.kind === SERVER);
    expect(servers.map((span) => [span.attributes['http.response.status_code'], span.status.code])).toEqual([[200, UNSET], [429, UNSET]]);
  });

  it("a client's traceparent becomes the server span's parent", async () => {
    const parent = traceparent();
    await handlerWith()(new Request(`http://localhost${OPERATIONS[0].path}`, { headers: { ...AUTH, traceparent: parent.header } }));
    const spans = await tracing.spans();
    const server = only(spans, OPERATIONS[0].name);
    expect(server.spanContext().traceId).toBe(parent.traceId);
    expect(server.parentSpanContext?.spanId).toBe(parent.spanId);
    expect(spans.every((span) => span.spanContext().traceId === parent.traceId)).toBe(true);
  });

  it('a malformed traceparent is ignored: a new trace starts', async () => {
    await handlerWith()(new Request(`http://localhost${OPERATIONS[0].path}`, { headers: { ...AUTH, traceparent: '00-zz-yy-01' } }));
    const server = only(await tracing.spans(), OPERATIONS[0].name);
    expect(server.parentSpanContext).toBeUndefined();
  });

  it('4xx leave the status unset; 5xx set Error with error.type', async () => {
    const failing = createMemoryStore({ seed: seed() });
    failing.getSchedule = () => Promise.reject(new Error(`database down for ${SECRET_TOKEN} ${BODY_TEXT}`));
    const handler = handlerWith({ store: failing });
    expect((await handler(new Request(`http://localhost${OPERATIONS[0].path}`))).status).toBe(401);
    expect((await handler(new Request(`http://localhost/accounts/${A}/adjustments/nope`, { headers: AUTH }))).status).toBe(404);
    expect((await handler(new Request(`http://localhost${OPERATIONS[0].path}`, { headers: AUTH }))).status).toBe(500);
    const servers = (await tracing.spans()).filter((span) => span.kind === SERVER);
    expect(servers.map((span) => [span.attributes['http.response.status_code'], span.status.code, span.attributes['error.type']])).toEqual([
      [401, UNSET, undefined],
      [404, UNSET, undefined],
      [500, ERROR, '500'],
    ]);
    const failed = only(await tracing.spans(), 'store getSchedule');
    expect([failed.status.code, failed.attributes['error.type']]).toEqual([ERROR, 'Error']);
  });

  it('an unrouted request is named by its method alone; an unknown method is HTTP with _OTHER', async () => {
    const handler = handlerWith();
    await handler(new Request('http://localhost/nowhere', { headers: AUTH }));
    await handler(new Request('http://localhost/nowhere', { method: 'BREW', headers: AUTH }));
    const servers = (await tracing.spans()).filter((span) => span.kind === SERVER);
    expect(servers.map((span) => [span.name, span.attributes['http.request.method'], span.attributes['http.request.method_original'], span.attributes['http.route']])).toEqual([
      ['GET', 'GET', undefined, undefined],
      ['HTTP', '_OTHER', 'BREW', undefined],
    ]);
  });

  it('the route carries the basePath the handler is served under', async () => {
    await handlerWith({ basePath: '/v1' })(new Request(`http://localhost/v1${OPERATIONS[0].path}`, OPERATIONS[0].init));
    const server = (await tracing.spans()).find((span) => span.kind === SERVER);
    expect(server?.name).toBe('GET /v1/accounts/{accountID}/schedules/{scheduleID}');
  });

  it('no span, attribute or event ever holds the Authorization value, the token, a body text or an error message', async () => {
    const failingProvider = { createSession: () => Promise.reject(new Error(`provider refused ${SECRET_TOKEN} for ${DISPLAY_NAME}`)) };
    const failingStore = createMemoryStore({ seed: seed() });
    failingStore.addEvidence = () => Promise.reject(new TypeError(`cannot store ${BODY_TEXT}`));
    for (const overrides of [{}, { walletProvider: failingProvider, store: failingStore }] as const) {
      const handler = handlerWith(overrides);
      for (const operation of OPERATIONS) await handler(new Request(`http://localhost${operation.path}`, operation.init));
      await handler(new Request(`http://localhost${OPERATIONS[0].path}`, { headers: { authorization: `Bearer ${SECRET_TOKEN}x` } }));
    }
    const spans = await tracing.spans();
    expect(spans.length).toBeGreaterThan(20);
    const leaks = spans.flatMap((span) => textsOf(span).filter((text) => [SECRET_TOKEN, BODY_TEXT, DISPLAY_NAME, 'Bearer'].some((secret) => text.includes(secret))));
    expect(leaks).toEqual([]);
  });
});

describe('tracing options', () => {
  it('a tracer without openTelemetry is refused at start-up', () => {
    const { tracer } = createTracing();
    expect(() => createHandler(testOptions({ tracer }))).toThrow(new TypeError(TELEMETRY_MESSAGES.api('createHandler')));
    expect(() => createHandler(testOptions({ tracer: {} as never, openTelemetry }))).toThrow(new TypeError(TELEMETRY_MESSAGES.tracer('createHandler')));
  });
});
