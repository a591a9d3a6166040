import { afterAll, describe, expect, it } from 'vitest';
import { type ClientOptions, createClient } from '../../src/client/index.js';
import { type HandlerOptions, createHandler, createMemoryStore } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { validateApplePaySessionRequest, validateEvidenceTextRequest, validateInvoiceUpdate } from '../../src/schemas/index.js';
import {
  A,
  ADJUSTMENT_ID,
  CANCELED_ID,
  CLOSED_DISPUTE_ID,
  DISPUTE_ID,
  DOMAIN,
  INVOICE_ID,
  SCHEDULE_ID,
  SESSION,
  type TestServer,
  adjustment,
  bearer,
  call as raw,
  jsonInit,
  listen,
  seed,
  testOptions,
} from '../http/helpers.js';

// Every operation's success path and every listed error, through the client, against the
// handler in process (the handler as the client's fetch) and over 127.0.0.1 (toNodeListener).
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

type Mode = { name: string; client(overrides?: Partial<HandlerOptions>, options?: Partial<ClientOptions>): Promise<ReturnType<typeof createClient>> };

const MODES: Mode[] = [
  {
    name: 'in process (createHandler as fetch)',
    client: async (overrides = {}, options = {}) =>
      createClient({ baseUrl: 'https://payments.test', token: 'all', fetch: createHandler(testOptions(overrides)), retries: 0, ...options }),
  },
  {
    name: 'over HTTP (toNodeListener on 127.0.0.1)',
    client: async (overrides = {}, options = {}) => {
      const server = await listen(toNodeListener(createHandler(testOptions(overrides))));
      servers.push(server);
      return createClient({ baseUrl: server.url, token: 'all', retries: 0, ...options });
    },
  },
];

const refuseAll = { check: () => ({ allowed: false as const, retryAfterSeconds: 7 }) };
/** The memory store with its reads replaced (and without its own deadline view, so `storeTimeoutMs` races them). */
const storeWith = (read: () => Promise<never>) => {
  const { within: _within, ...store } = createMemoryStore({ seed: seed() });
  return { ...store, getSchedule: read, getInvoice: read, getDispute: read, getAdjustment: read, hasWalletDomain: read };
};
const throwingStore = () => storeWith(() => Promise.reject(new Error('disk on fire')));
const hangingStore = () => storeWith(() => new Promise<never>(() => {}));

const schedule = { accountID: A, scheduleID: SCHEDULE_ID };
const invoice = { accountID: A, invoiceID: INVOICE_ID };
const dispute = { accountID: A, disputeID: DISPUTE_ID };
const account = { accountID: A };
const adjustmentParams = { accountID: A, adjustmentID: ADJUSTMENT_ID };
const evidence = { evidenceType: 'receipt', text: 'Paid in full on 2026-04-01.' } as const;
const session = { domain: DOMAIN, displayName: 'Shop' };

/** Every operation called once with valid input: the statuses that apply to all of them. */
const everyOperation = (client: ReturnType<typeof createClient>) =>
  Promise.all([
    client.getSchedule(schedule),
    client.updateInvoice(invoice, { description: 'x' }),
    client.uploadEvidenceText(dispute, evidence),
    client.createWalletSession(account, session),
    client.getAdjustment(adjustmentParams),
  ]);

describe.each(MODES)('the client $name', (mode) => {
  it('gets a schedule: 200 with the schedule (checked against ScheduleSchema), request id and not replayed', async () => {
    const client = await mode.client();
    const result = await client.getSchedule(schedule);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.status).toBe(200);
    expect(result.data.scheduleID).toBe(SCHEDULE_ID);
    expect(result.data.occurrences?.map((o) => o.runOn)).toEqual(['2026-01-01T09:00:00Z', '2026-05-01T09:00:00Z', '2026-06-01T09:00:00Z']);
    expect(result.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result).toMatchObject({ kind: 'answer', replayed: false, local: false, attempts: 1 });
  });

  it('updates an invoice: 200 with the invoice, the Idempotency-Key reported, totals exact', async () => {
    const client = await mode.client();
    const result = await client.updateInvoice(invoice, { status: 'unpaid', taxAmount: { valueDecimal: '2.005' } });
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.data).toMatchObject({ status: 'unpaid', taxAmount: { currency: 'USD', valueDecimal: '2.005' }, totalAmount: { valueDecimal: '22.005' } });
    expect(result.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('uploads evidence text: 201 with the record', async () => {
    const client = await mode.client();
    const result = await client.uploadEvidenceText(dispute, evidence);
    expect(result).toMatchObject({ ok: true, status: 201, data: { evidenceID: 'ev-1', disputeID: DISPUTE_ID, ...evidence } });
  });

  it("creates a wallet session: 200 with the provider's string, unchanged", async () => {
    const client = await mode.client();
    const result = await client.createWalletSession(account, session);
    expect(result).toMatchObject({ ok: true, status: 200, data: SESSION });
  });

  it('gets an adjustment: 200 with the adjustment', async () => {
    const client = await mode.client();
    const result = await client.getAdjustment(adjustmentParams);
    expect(result).toMatchObject({ ok: true, status: 200, data: adjustment });
  });

  it('401 without a token and with an unknown one, 403 without the scope, for every operation', async () => {
    for (const [options, status] of [[{ token: 'nobody' }, 401], [{ token: 'allB' }, 403]] as const) {
      const results = await everyOperation(await mode.client({}, options));
      expect(results.map((r) => [r.status, r.ok, r.kind, !r.ok && r.kind === 'answer' && typeof r.body.error])).toEqual(results.map(() => [status, false, 'answer', 'string']));
    }
  });

  it('404 for unknown resources', async () => {
    const client = await mode.client();
    const results = await Promise.all([
      client.getSchedule({ accountID: A, scheduleID: 'nope' }),
      client.updateInvoice({ accountID: A, invoiceID: 'nope' }, { description: 'x' }),
      client.uploadEvidenceText({ accountID: A, disputeID: 'nope' }, evidence),
      client.getAdjustment({ accountID: A, adjustmentID: 'nope' }),
    ]);
    expect(results.map((r) => [r.status, r.kind, r.ok ? undefined : r.kind === 'answer' && r.local])).toEqual(results.map(() => [404, 'answer', false]));
  });

  it('429 with Retry-After, 500 and 504 for every operation (not retried with retries: 0)', async () => {
    for (const [overrides, status] of [
      [{ rateLimiter: refuseAll }, 429],
      [{ store: throwingStore() }, 500],
      [{ store: hangingStore(), storeTimeoutMs: 50 }, 504],
    ] as const) {
      const results = await everyOperation(await mode.client(overrides));
      expect(results.map((r) => [r.status, r.kind, r.attempts])).toEqual(results.map(() => [status, 'answer', 1]));
    }
  });

  it('409: a canceled invoice, a closed dispute, an unregistered domain', async () => {
    const client = await mode.client();
    const results = await Promise.all([
      client.updateInvoice({ accountID: A, invoiceID: CANCELED_ID }, { status: 'unpaid' }),
      client.uploadEvidenceText({ accountID: A, disputeID: CLOSED_DISPUTE_ID }, evidence),
      client.createWalletSession(account, { domain: 'elsewhere.example.com', displayName: 'Shop' }),
    ]);
    expect(results.map((r) => [r.status, r.kind, r.attempts])).toEqual([[409, 'answer', 1], [409, 'answer', 1], [409, 'answer', 1]]);
  });

  it('422 and 400 answered locally, never sent, equal to what the server answers for the same body', async () => {
    let sent = 0;
    const client = await mode.client({}, { onRequest: () => void sent++ });
    const invalid = [
      { op: 'updateInvoice', body: { status: 'bogus', lineItems: { items: [{ name: 'A', quantity: 1.5 }, { name: 'A' }] } }, path: `/accounts/${A}/invoices/${INVOICE_ID}`, method: 'PATCH', validate: validateInvoiceUpdate },
      { op: 'updateInvoice', body: [1], path: `/accounts/${A}/invoices/${INVOICE_ID}`, method: 'PATCH', validate: validateInvoiceUpdate },
      { op: 'uploadEvidenceText', body: { evidenceType: 'receipt', text: 'x'.repeat(751) }, path: `/accounts/${A}/disputes/${DISPUTE_ID}/evidence-text`, method: 'POST', validate: validateEvidenceTextRequest },
      { op: 'createWalletSession', body: { domain: 'https://shop.example.com', displayName: 'Shop' }, path: `/accounts/${A}/apple-pay/sessions`, method: 'POST', validate: validateApplePaySessionRequest },
      { op: 'createWalletSession', body: { domain: DOMAIN }, path: `/accounts/${A}/apple-pay/sessions`, method: 'POST', validate: validateApplePaySessionRequest },
    ] as const;
    const server = await listen(toNodeListener(createHandler(testOptions())));
    servers.push(server);
    for (const { op, body, path, method, validate } of invalid) {
      const result = await (op === 'updateInvoice'
        ? client.updateInvoice(invoice, body as never)
        : op === 'uploadEvidenceText'
          ? client.uploadEvidenceText(dispute, body as never)
          : client.createWalletSession(account, body as never));
      const local = validate(body);
      const answer = await raw(server.url + path, jsonInit(method, body, bearer('all')));
      expect(local.ok).toBe(false);
      expect(result).toMatchObject({ ok: false, kind: 'answer', local: true, attempts: 0, status: answer.status, body: answer.json });
      if (!local.ok) expect([local.status, local.body]).toEqual([answer.status, answer.json]);
    }
    expect(sent).toBe(0);
  });

  it('the 422 body keys line items by name (spec 4.2), typed without a cast', async () => {
    const client = await mode.client();
    const result = await client.updateInvoice(invoice, { lineItems: { items: [{ name: 'Coffee', quantity: 1, basePrice: { currency: 'USD', valueDecimal: '1.0000000001' } }] } });
    if (result.ok || result.kind !== 'answer' || result.status !== 422) throw new Error(JSON.stringify(result));
    expect(result.body.lineItems).toEqual(validateInvoiceUpdate({ lineItems: { items: [{ name: 'Coffee', quantity: 1, basePrice: { currency: 'USD', valueDecimal: '1.0000000001' } }] } }).ok ? undefined : expect.anything());
    expect(Object.keys(result.body.lineItems ?? {})).toEqual(['items']);
    expect(JSON.stringify(result.body)).toContain('"Coffee"');
  });

  it('sends X-Service-Version (the reference version by default) and Authorization: Basic for credentials', async () => {
    const seen: Headers[] = [];
    const client = await mode.client({}, { onRequest: ({ request }) => void seen.push(request.headers) });
    await client.getSchedule(schedule);
    expect(seen[0]?.get('x-service-version')).toBe('v2026.04.00');
    expect(seen[0]?.get('authorization')).toBe('Bearer all');
    const other = await mode.client({}, { version: 'v2024.01.00' });
    expect((await other.getSchedule(schedule)).status).toBe(404); // spec 9.3: get-schedule serves only the reference version
    expect((await other.updateInvoice(invoice, { description: 'y' })).status).toBe(200);
  });
});

describe('the client against the handler, checks', () => {
  it('path parameters are encoded; an empty or dot-segment one is answered 404 locally', async () => {
    const client = createClient({ baseUrl: 'https://payments.test/', token: 'all', fetch: createHandler(testOptions()) });
    const seen: string[] = [];
    const watched = createClient({ baseUrl: 'https://payments.test/base/', token: 'all', fetch: async (request) => (seen.push(request.url), new Response('{"error":"x"}', { status: 404 })) });
    await watched.getSchedule({ accountID: 'a/b c', scheduleID: 'ü' });
    expect(seen).toEqual(['https://payments.test/base/accounts/a%2Fb%20c/schedules/%C3%BC']);
    for (const scheduleID of ['', '.', '..', '%2e', '.%2E']) {
      expect(await client.getSchedule({ accountID: A, scheduleID })).toMatchObject({ ok: false, status: 404, local: true, attempts: 0 });
    }
  });

  it('credential pairs reach the server as Authorization: Basic (UTF-8)', async () => {
    const seen: string[] = [];
    const client = createClient({ baseUrl: 'https://payments.test', credentials: { username: 'zoë', password: 'p:ss' }, fetch: async (request) => (seen.push(request.headers.get('authorization') ?? ''), new Response('{"error":"x"}', { status: 401 })) });
    expect((await client.getSchedule(schedule)).status).toBe(401);
    expect(seen).toEqual([`Basic ${btoa(String.fromCharCode(...new TextEncoder().encode('zoë:p:ss')))}`]);
  });

  it('refuses options that cannot work, with a TypeError naming them', () => {
    const bad: Partial<ClientOptions>[] = [
      { baseUrl: '/relative' },
      { baseUrl: 'ftp://x' },
      { baseUrl: 'https://x/?q=1' },
      { version: 'v2026.4.0' },
      { token: 'a b' },
      { token: 't', credentials: { username: 'u', password: 'p' } },
      { credentials: { username: 'u:1', password: 'p' } },
      { retries: -1 },
      { retries: 1.5 },
      { timeoutMs: 0 },
      { backoff: { initialMs: 10, maxMs: 5 } },
    ];
    for (const options of bad) expect(() => createClient({ baseUrl: 'https://api.example.com', ...options })).toThrow(/^payments-kit\/client: /);
  });

  it('an answer that breaks the spec is reported as unexpected, not passed on', async () => {
    const answer = (status: number, body: string, headers: Record<string, string> = {}) =>
      createClient({ baseUrl: 'https://x.test', token: 't', retries: 0, fetch: async () => new Response(body, { status, headers }) });
    const cases = [
      [answer(200, JSON.stringify({ ...adjustment, amount: { currency: 'USD', valueDecimal: '1.0000000001' } })), 'amount.valueDecimal'],
      [answer(200, '<html>'), 'not JSON'],
      [answer(418, '{"error":"teapot"}'), 'status 418 is not listed for getAdjustment'],
      [answer(404, '{"message":"nope"}'), 'not { error: string }'],
      [answer(200, '[]'), 'not an object'],
    ] as const;
    for (const [client, problem] of cases) {
      const result = await client.getAdjustment(adjustmentParams);
      expect(result).toMatchObject({ ok: false, kind: 'unexpected' });
      if (!result.ok && result.kind === 'unexpected') expect(result.problem).toContain(problem);
    }
    const wallet = await answer(200, '{"not":"a string"}').createWalletSession(account, session);
    expect(wallet).toMatchObject({ ok: false, kind: 'unexpected', problem: 'the body is not a JSON string' });
  });
});

describe('the client and the handler read the same routes', () => {
  it('one client method per specified operation, each sending the method and path of its declaration', async () => {
    const { SPECIFIED_OPERATIONS } = await import('../../src/http/operations/index.js');
    const seen: string[] = [];
    const client = createClient({ baseUrl: 'https://x.test', token: 't', retries: 0, fetch: async (request) => (seen.push(`${request.method} ${new URL(request.url).pathname}`), new Response('{"error":"x"}', { status: 404 })) });
    const methods = Object.keys(client).filter((name) => name !== 'transport');
    expect(methods.sort()).toEqual(SPECIFIED_OPERATIONS.map((operation) => operation.id).sort());
    const params = { accountID: 'a', scheduleID: 's', invoiceID: 'i', disputeID: 'd', adjustmentID: 'j' };
    await client.getSchedule(params);
    await client.updateInvoice(params, { description: 'x' });
    await client.uploadEvidenceText(params, evidence);
    await client.createWalletSession(params, session);
    await client.getAdjustment(params);
    const expected = ['getSchedule', 'updateInvoice', 'uploadEvidenceText', 'createWalletSession', 'getAdjustment'].map((id) => {
      const declaration = SPECIFIED_OPERATIONS.find((operation) => operation.id === id);
      return `${declaration?.method} ${declaration?.path.replace(/\{(\w+)\}/g, (_, name: keyof typeof params) => params[name])}`;
    });
    expect(seen).toEqual(expected);
  });

  it('an idempotency key the server would refuse (not 1 to 255 printable ASCII) is answered 400 locally', async () => {
    let sent = 0;
    const client = createClient({ baseUrl: 'https://x.test', token: 'all', fetch: createHandler(testOptions()), onRequest: () => void sent++ });
    for (const idempotencyKey of ['', 'caf\u00e9', 'a\nb', 'k'.repeat(256)]) {
      expect(await client.uploadEvidenceText(dispute, evidence, { idempotencyKey })).toMatchObject({ ok: false, status: 400, local: true, attempts: 0 });
    }
    expect(sent).toBe(0);
    const handler = createHandler(testOptions());
    const answer = await handler(new Request(`http://x.test/accounts/${A}/disputes/${DISPUTE_ID}/evidence-text`, jsonInit('POST', evidence, { ...bearer('all'), 'idempotency-key': 'caf\u00e9' })));
    expect(answer.status).toBe(400);
  });
});
