import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, type Store, createMemoryStore } from '../../src/http/index.js';
import { notEditableMessage } from '../../src/invoice/index.js';
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
  call,
  draftInvoice,
  jsonInit,
  schedule,
  seed,
  serve,
} from './helpers.js';

const V = { 'x-service-version': 'v2026.04.00' };

describe('get a schedule (spec 4.1)', () => {
  let s: TestServer;
  beforeAll(async () => (s = await serve()));
  afterAll(() => s.close());

  it('200: the schedule with stored history and the occurrences of the next 366 days', async () => {
    const r = await call(`${s.url}/accounts/${A}/schedules/${SCHEDULE_ID}`, { headers: { ...bearer('all'), ...V } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    const body = r.json as Record<string, unknown> & { occurrences: Record<string, unknown>[] };
    const { occurrences, ...rest } = body;
    const { occurrences: _stored, ...expectedRest } = schedule;
    expect(rest).toEqual(expectedRest);
    // now = 2026-04-10T12:00Z; COUNT=6 monthly from Jan 1: Jan (stored, completed) is history,
    // Feb-Apr 1 are past and not stored, May 1 and Jun 1 are upcoming.
    expect(occurrences.map((o) => o['runOn'])).toEqual(['2026-01-01T09:00:00Z', '2026-05-01T09:00:00Z', '2026-06-01T09:00:00Z']);
    expect(occurrences[0]).toEqual(schedule.occurrences?.[0]);
    for (const generated of occurrences.slice(1)) {
      expect(generated).toMatchObject({ generated: true, status: 'pending', runTransfer: schedule.recur?.runTransfer });
    }
  });

  it('caps upcoming occurrences with scheduleHorizon and stops at disabledOn', async () => {
    const store = createMemoryStore({ seed: {
      accounts: {
        [A]: {
          schedules: [
            { ...schedule, scheduleID: 'daily', occurrences: [], recur: { ...schedule.recur!, recurrenceRule: 'FREQ=DAILY' } },
            { ...schedule, scheduleID: 'off', disabledOn: '2026-05-15T00:00:00Z' },
          ],
        },
      },
    } });
    const t = await serve({ store, scheduleHorizon: { days: 10, limit: 3 } });
    try {
      const daily = await call(`${t.url}/accounts/${A}/schedules/daily`, { headers: bearer('all') });
      expect((daily.json as { occurrences: { runOn: string }[] }).occurrences.map((o) => o.runOn)).toEqual([
        '2026-04-11T09:00:00Z',
        '2026-04-12T09:00:00Z',
        '2026-04-13T09:00:00Z',
      ]);
      const off = await serve({ store });
      const disabled = await call(`${off.url}/accounts/${A}/schedules/off`, { headers: bearer('all') });
      await off.close();
      expect((disabled.json as { occurrences: { runOn: string }[] }).occurrences.map((o) => o.runOn)).toEqual([
        '2026-01-01T09:00:00Z',
        '2026-05-01T09:00:00Z',
      ]);
    } finally {
      await t.close();
    }
  });

  it('404 for an unknown schedule and for another account\'s schedule', async () => {
    for (const id of ['nope', 'sch-b']) {
      const r = await call(`${s.url}/accounts/${A}/schedules/${id}`, { headers: bearer('all') });
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ error: HTTP_MESSAGES.scheduleNotFound });
    }
  });
});

describe('get an adjustment (spec 4.5)', () => {
  let s: TestServer;
  beforeAll(async () => (s = await serve()));
  afterAll(() => s.close());

  it('200 with the adjustment exactly', async () => {
    const r = await call(`${s.url}/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, { headers: { ...bearer('all'), ...V } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual(adjustment);
  });

  it('404 for unknown and cross-account adjustments', async () => {
    for (const id of ['nope', 'adj-b']) {
      const r = await call(`${s.url}/accounts/${A}/adjustments/${id}`, { headers: bearer('all') });
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ error: HTTP_MESSAGES.adjustmentNotFound });
    }
  });
});

describe('update an invoice (spec 4.2)', () => {
  const url = (s: TestServer, id = INVOICE_ID) => `${s.url}/accounts/${A}/invoices/${id}`;

  it('200 with the updated invoice; the store holds it', async () => {
    const store = createMemoryStore({ seed: seed() });
    const s = await serve({ store });
    try {
      const r = await call(url(s), jsonInit('PATCH', { description: 'three widgets', dueDate: '2026-05-01T00:00:00Z' }));
      expect(r.status).toBe(200);
      const expected = { ...draftInvoice, description: 'three widgets', dueDate: '2026-05-01T00:00:00Z' };
      expect(r.json).toEqual(expected);
      expect((await store.getInvoice(A, INVOICE_ID))?.invoice).toEqual(expected);
    } finally {
      await s.close();
    }
  });

  it('draft -> unpaid hands one invoice.finalized effect to onEffect, after the write', async () => {
    const store = createMemoryStore({ seed: seed() });
    const seen: unknown[] = [];
    const s = await serve({
      store,
      onEffect: async (effect, context) => {
        seen.push({ effect, accountID: context.accountID, stored: (await store.getInvoice(A, INVOICE_ID))?.invoice.status });
      },
    });
    try {
      const r = await call(url(s), jsonInit('PATCH', { status: 'unpaid' }, { ...bearer('all'), 'x-request-id': 'req-1' }));
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ ...draftInvoice, status: 'unpaid' });
      expect(seen).toEqual([
        {
          effect: {
            type: 'invoice.finalized',
            invoiceID: INVOICE_ID,
            invoiceNumber: 'INV-7',
            customerAccountID: draftInvoice.customerAccountID,
            partnerAccountID: draftInvoice.partnerAccountID,
            totalAmount: { currency: 'USD', valueDecimal: '21.60' },
          },
          accountID: A,
          stored: 'unpaid',
        },
      ]);
    } finally {
      await s.close();
    }
  });

  it('a failing onEffect is reported to onError and the stored update still answers 200', async () => {
    const errors: unknown[] = [];
    const s = await serve({
      onEffect: () => {
        throw new Error('mail server down');
      },
      onError: (error, context) => errors.push([(error as Error).message, context.operationId]),
    });
    try {
      const r = await call(url(s), jsonInit('PATCH', { status: 'unpaid' }));
      expect(r.status).toBe(200);
      expect(errors).toEqual([['mail server down', 'updateInvoice']]);
    } finally {
      await s.close();
    }
  });

  it('400 {error} for a body that is not an object or not JSON', async () => {
    const s = await serve();
    try {
      const notObject = await call(url(s), jsonInit('PATCH', '[]'));
      expect(notObject.status).toBe(400);
      expect(Object.keys(notObject.json as object)).toEqual(['error']);
      const broken = await call(url(s), jsonInit('PATCH', '{"description":'));
      expect(broken.status).toBe(400);
      expect(broken.json).toEqual({ error: HTTP_MESSAGES.malformedJson });
    } finally {
      await s.close();
    }
  });

  it('422 with the per-field body', async () => {
    const s = await serve();
    try {
      const r = await call(url(s), jsonInit('PATCH', { status: 'void', description: 'fine' }));
      expect(r.status).toBe(422);
      const body = r.json as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['status']);
      expect(typeof body['status']).toBe('string');
    } finally {
      await s.close();
    }
  });

  it('409 {error} when the status does not allow the edit', async () => {
    const s = await serve();
    try {
      const r = await call(url(s, CANCELED_ID), jsonInit('PATCH', { description: 'late edit' }));
      expect(r.status).toBe(409);
      expect(r.json).toEqual({ error: notEditableMessage('canceled') });
    } finally {
      await s.close();
    }
  });

  it('409 {error} when another request changed the invoice between read and write (compare-and-set)', async () => {
    const inner = createMemoryStore({ seed: seed() });
    const racing: Store = {
      ...inner,
      async compareAndSetInvoice(accountID, invoice, version) {
        // Another writer commits first.
        const current = await inner.getInvoice(accountID, invoice.invoiceID);
        await inner.compareAndSetInvoice(accountID, { ...current!.invoice, description: 'other writer' }, current!.version);
        return inner.compareAndSetInvoice(accountID, invoice, version);
      },
    };
    const s = await serve({ store: racing });
    try {
      const r = await call(url(s), jsonInit('PATCH', { description: 'mine' }));
      expect(r.status).toBe(409);
      expect(r.json).toEqual({ error: HTTP_MESSAGES.invoiceChanged });
      expect((await inner.getInvoice(A, INVOICE_ID))?.invoice.description).toBe('other writer');
    } finally {
      await s.close();
    }
  });

  it('404 for unknown and cross-account invoices', async () => {
    const s = await serve();
    try {
      for (const id of ['0b7c1a9e-1d2f-4c3b-8a4d-000000000000', '0b7c1a9e-1d2f-4c3b-8a4d-5e6f7a8b9cbb']) {
        const r = await call(url(s, id), jsonInit('PATCH', { description: 'x' }));
        expect(r.status).toBe(404);
        expect(r.json).toEqual({ error: HTTP_MESSAGES.invoiceNotFound });
      }
    } finally {
      await s.close();
    }
  });
});

describe('upload dispute evidence text (spec 4.3)', () => {
  const url = (s: TestServer, id = DISPUTE_ID) => `${s.url}/accounts/${A}/disputes/${id}/evidence-text`;

  it('201 with the evidence record; the store lists it', async () => {
    const store = createMemoryStore({ seed: seed() });
    const s = await serve({ store });
    try {
      const r = await call(url(s), jsonInit('POST', { evidenceType: 'receipt', text: 'Delivered on April 2.' }));
      expect(r.status).toBe(201);
      const expected = {
        evidenceID: 'ev-1',
        disputeID: DISPUTE_ID,
        evidenceType: 'receipt',
        text: 'Delivered on April 2.',
        createdOn: '2026-04-10T12:00:00Z',
      };
      expect(r.json).toEqual(expected);
      expect(await store.listEvidence(A, DISPUTE_ID)).toEqual([expected]);
    } finally {
      await s.close();
    }
  });

  it('750 characters (emoji count as one) is accepted; 751 is a 400 (no 422 for this operation)', async () => {
    const s = await serve();
    try {
      expect((await call(url(s), jsonInit('POST', { evidenceType: 'other', text: '😀'.repeat(750) }))).status).toBe(201);
      const r = await call(url(s), jsonInit('POST', { evidenceType: 'other', text: 'a'.repeat(751) }));
      expect(r.status).toBe(400);
      expect(Object.keys(r.json as object)).toEqual(['error']);
      const missing = await call(url(s), jsonInit('POST', { evidenceType: 'receipt' }));
      expect(missing.status).toBe(400);
      const badType = await call(url(s), jsonInit('POST', { evidenceType: 'invoice', text: 'x' }));
      expect(badType.status).toBe(400);
    } finally {
      await s.close();
    }
  });

  it('404 for unknown and cross-account disputes; 409 for a dispute that no longer takes evidence', async () => {
    const s = await serve();
    try {
      for (const id of ['nope', 'dsp-b']) {
        const r = await call(url(s, id), jsonInit('POST', { evidenceType: 'receipt', text: 'x' }));
        expect(r.status).toBe(404);
        expect(r.json).toEqual({ error: HTTP_MESSAGES.disputeNotFound });
      }
      const closed = await call(url(s, CLOSED_DISPUTE_ID), jsonInit('POST', { evidenceType: 'receipt', text: 'x' }));
      expect(closed.status).toBe(409);
      expect(closed.json).toEqual({ error: HTTP_MESSAGES.disputeClosed });
    } finally {
      await s.close();
    }
  });
});

describe('create a wallet-payment session (spec 4.4)', () => {
  const url = (s: TestServer) => `${s.url}/accounts/${A}/apple-pay/sessions`;

  it("200 with the provider's string as a JSON string (application/json); the provider gets the request", async () => {
    const inputs: unknown[] = [];
    const s = await serve({
      walletProvider: {
        createSession: async ({ signal, ...input }) => {
          inputs.push({ ...input, aborted: signal.aborted });
          return SESSION;
        },
      },
    });
    try {
      const r = await call(url(s), jsonInit('POST', { domain: 'Shop.Example.com', displayName: 'Shop ☕' }));
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/json');
      // Spec 2.8 and Moov's SDKs (a 200 read with JSON decoding into a string): the body is a JSON
      // string whose value is the provider's serialized session, not the session object itself.
      expect(r.text).toBe(JSON.stringify(SESSION));
      expect(r.json).toBe(SESSION);
      expect(inputs).toEqual([{ accountID: A, domain: 'Shop.Example.com', displayName: 'Shop ☕', aborted: false }]);
    } finally {
      await s.close();
    }
  });

  it('passes a provider string through unchanged, whitespace, escapes, emoji and lone surrogates included', async () => {
    const odd = ' {"a" : "\\u00e9",\n "b":[1,2], "c": "\u{1F4B8}\ud800"} ';
    const s = await serve({ walletProvider: { createSession: async () => odd } });
    try {
      expect((await call(url(s), jsonInit('POST', { domain: DOMAIN, displayName: 'x' }))).json).toBe(odd);
    } finally {
      await s.close();
    }
  });

  it('400 for a non-object body, 422 {error} for invalid fields, 409 {error} for an unregistered domain', async () => {
    const s = await serve();
    try {
      expect((await call(url(s), jsonInit('POST', '"shop"'))).status).toBe(400);
      const scheme = await call(url(s), jsonInit('POST', { domain: `https://${DOMAIN}`, displayName: 'Shop' }));
      expect(scheme.status).toBe(422);
      expect(Object.keys(scheme.json as object)).toEqual(['error']);
      const long = await call(url(s), jsonInit('POST', { domain: DOMAIN, displayName: 'x'.repeat(65) }));
      expect(long.status).toBe(422);
      expect((await call(url(s), jsonInit('POST', { domain: DOMAIN, displayName: '😀'.repeat(64) }))).status).toBe(200);
      for (const domain of ['other.example.com', 'b.example.com']) {
        const r = await call(url(s), jsonInit('POST', { domain, displayName: 'Shop' }));
        expect(r.status).toBe(409);
        expect(r.json).toEqual({ error: HTTP_MESSAGES.domainNotRegistered });
      }
    } finally {
      await s.close();
    }
  });

  it('504 when the provider does not answer within downstreamTimeoutMs, and its signal aborts', async () => {
    let aborted: Promise<unknown> | undefined;
    const s = await serve({
      downstreamTimeoutMs: 50,
      walletProvider: {
        createSession: ({ signal }) => {
          aborted = new Promise((resolve) => signal.addEventListener('abort', () => resolve(signal.reason)));
          return new Promise<string>(() => undefined);
        },
      },
    });
    try {
      const r = await call(url(s), jsonInit('POST', { domain: DOMAIN, displayName: 'Shop' }));
      expect(r.status).toBe(504);
      expect(r.json).toEqual({ error: HTTP_MESSAGES.downstreamTimeout });
      expect(await aborted).toBeInstanceOf(DOMException);
    } finally {
      await s.close();
    }
  });

  it('500 {error} without internals when the provider throws or answers a non-string', async () => {
    const reported: string[] = [];
    const secret = 'stack-secret-123';
    for (const createSession of [
      async () => {
        throw new Error(secret);
      },
      async () => ({ not: 'a string' }) as unknown as string,
    ]) {
      const s = await serve({ walletProvider: { createSession }, onError: (e) => reported.push(String(e)) });
      try {
        const r = await call(url(s), jsonInit('POST', { domain: DOMAIN, displayName: 'Shop' }));
        expect(r.status).toBe(500);
        expect(r.json).toEqual({ error: HTTP_MESSAGES.internal });
        expect(r.text).not.toContain(secret);
        expect(r.headers.get('x-request-id')).toBeTruthy();
      } finally {
        await s.close();
      }
    }
    expect(reported[0]).toContain(secret);
  });

  it('500 when no wallet provider is configured', async () => {
    const s = await serve({ walletProvider: undefined as never });
    try {
      const r = await call(url(s), jsonInit('POST', { domain: DOMAIN, displayName: 'Shop' }));
      expect(r.status).toBe(500);
      expect(r.json).toEqual({ error: HTTP_MESSAGES.noWalletProvider });
    } finally {
      await s.close();
    }
  });
});
