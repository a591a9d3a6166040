import { describe, expect, it, vi } from 'vitest';
import { type DeliverableEffect, type Store, createEffectDispatcher, createHandler, createMemoryStore } from '../../src/http/index.js';
import type { InvoiceEffect } from '../../src/invoice/index.js';
import { A, DISPUTE_ID, INVOICE_ID, bearer, call, jsonInit, released, seed, serve, testOptions } from './helpers.js';
import { racedOnceStore } from './faulty-stores.js';

const invoiceUrl = (base: string) => `${base}/accounts/${A}/invoices/${INVOICE_ID}`;
const evidenceUrl = (base: string) => `${base}/accounts/${A}/disputes/${DISPUTE_ID}/evidence-text`;
const withKey = (key: string, extra: Record<string, string> = {}) => ({ ...bearer('all'), 'idempotency-key': key, ...extra });

/** A store whose first write of each kind commits and then fails to acknowledge (throws). */
function ackFailingStore(): { store: Store; inner: Store } {
  const inner = createMemoryStore({ seed: seed() });
  let invoiceFailures = 1;
  let evidenceFailures = 1;
  const store: Store = {
    ...inner,
    async compareAndSetInvoice(accountID, invoice, version, extras) {
      const result = await inner.compareAndSetInvoice(accountID, invoice, version, extras);
      if (invoiceFailures-- > 0) throw new Error('connection reset after COMMIT');
      return result;
    },
    async addEvidence(accountID, evidence, extras) {
      const result = await inner.addEvidence(accountID, evidence, extras);
      if (evidenceFailures-- > 0) throw new Error('connection reset after COMMIT');
      return result;
    },
  };
  return { store, inner };
}

describe('a write that committed but whose acknowledgement failed', () => {
  it('PATCH: the 500 is retried with the same key and gets the original 200 replayed; invoice.finalized is delivered once', async () => {
    const { store, inner } = ackFailingStore();
    const s = await serve({ store });
    try {
      const first = await call(invoiceUrl(s.url), jsonInit('PATCH', { status: 'unpaid' }, withKey('k-patch', { 'x-request-id': 'try-1' })));
      expect(first.status).toBe(500);
      expect(first.headers.get('x-request-id')).toBe('try-1');
      const retry = await call(invoiceUrl(s.url), jsonInit('PATCH', { status: 'unpaid' }, withKey('k-patch', { 'x-request-id': 'try-2' })));
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.headers.get('x-request-id')).toBe('try-2');
      expect(retry.headers.get('content-type')).toBe('application/json');
      const stored = await inner.getInvoice(A, INVOICE_ID);
      expect(retry.json).toEqual(stored?.invoice);
      expect(stored?.invoice.status).toBe('unpaid');
      const delivered: DeliverableEffect[] = [];
      const dispatcher = createEffectDispatcher({ store: inner, deliver: (effect) => void delivered.push(effect) });
      expect(await dispatcher.drain()).toBe(1);
      expect(delivered.map((e) => [e.type, e.invoiceID])).toEqual([['invoice.finalized', INVOICE_ID]]);
      expect(await dispatcher.drain()).toBe(0);
    } finally {
      await s.close();
    }
  });

  it('evidence: the retried upload stores the evidence once and replays the original 201', async () => {
    const { store, inner } = ackFailingStore();
    const s = await serve({ store });
    try {
      const body = { evidenceType: 'receipt', text: 'paid in full' };
      const first = await call(evidenceUrl(s.url), jsonInit('POST', body, withKey('k-ev')));
      expect(first.status).toBe(500);
      const retry = await call(evidenceUrl(s.url), jsonInit('POST', body, withKey('k-ev')));
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      const listed = await inner.listEvidence(A, DISPUTE_ID);
      expect(listed).toHaveLength(1);
      expect(retry.json).toEqual(listed[0]);
    } finally {
      await s.close();
    }
  });
});

describe('effects are delivered from the outbox, off the request path', () => {
  it('deliver throwing 3 times is retried until it succeeds: delivered, never lost, attempts counted', async () => {
    const store = createMemoryStore({ seed: seed() });
    const s = await serve({ store });
    const attempts: number[] = [];
    const delivered: string[] = [];
    const dispatcher = createEffectDispatcher({
      store,
      retry: { initialDelayMs: 20 },
      deliver: (effect, { attempt }) => {
        attempts.push(attempt);
        if (attempt <= 3) throw new Error('mailer down');
        delivered.push(effect.effectID);
      },
    });
    try {
      const r = await call(invoiceUrl(s.url), jsonInit('PATCH', { status: 'unpaid' }));
      expect(r.status).toBe(200);
      dispatcher.start();
      await vi.waitFor(() => expect(delivered).toHaveLength(1), { timeout: 5_000 });
      expect(attempts).toEqual([1, 2, 3, 4]);
      // The handler's generateId names the effect.
      expect(delivered).toEqual(['ev-1']);
    } finally {
      await dispatcher.stop();
      await s.close();
    }
  });

  it('a throwing onEffect loses nothing: the effect is delivered again and reported', async () => {
    const calls: [InvoiceEffect, number, string][] = [];
    const errors: unknown[] = [];
    const s = await serve({
      onEffect: (effect, { attempt, effectID }) => {
        calls.push([effect, attempt, effectID]);
        if (attempt === 1) throw new Error('mail server down');
      },
      onError: (error, context) => errors.push([(error as Error).message, context.operationId]),
    });
    try {
      const r = await call(invoiceUrl(s.url), jsonInit('PATCH', { status: 'unpaid' }, { ...bearer('all'), 'x-request-id': 'req-mail' }));
      expect(r.status).toBe(200);
      await vi.waitFor(() => expect(calls).toHaveLength(2), { timeout: 5_000 });
      expect(calls.map(([effect, attempt, effectID]) => [effect.type, attempt, effectID])).toEqual([
        ['invoice.finalized', 1, 'ev-1'],
        ['invoice.finalized', 2, 'ev-1'],
      ]);
      expect(errors).toEqual([['mail server down', 'updateInvoice']]);
    } finally {
      await s.close();
    }
  });

  it('an onEffect still running does not delay the PATCH response', async () => {
    // onEffect ends only once the test has the response: a PATCH that waited for it would never be answered.
    const answered = released();
    let finished = false;
    const s = await serve({
      onEffect: async () => {
        await answered.promise;
        finished = true;
      },
    });
    try {
      const r = await call(invoiceUrl(s.url), jsonInit('PATCH', { status: 'unpaid' }));
      expect(r.status).toBe(200);
      expect(finished).toBe(false);
      answered.resolve();
      await vi.waitFor(() => expect(finished).toBe(true), { timeout: 5_000 });
    } finally {
      await s.close();
    }
  });

  it('handler.effects is the onEffect dispatcher: stop() waits for a delivery under way', async () => {
    // The delivery runs until the test releases it (events, not a 300 ms delay a loaded machine may outlast).
    const delivering = released();
    const release = released();
    let finished = false;
    const handler = createHandler(
      testOptions({
        onEffect: async () => {
          delivering.resolve();
          await release.promise;
          finished = true;
        },
      }),
    );
    expect(createHandler(testOptions()).effects).toBeUndefined();
    const response = await handler(
      new Request(`http://x/accounts/${A}/invoices/${INVOICE_ID}`, { ...jsonInit('PATCH', { status: 'unpaid' }) }),
    );
    expect(response.status).toBe(200);
    await delivering.promise;
    let stopped = false;
    const stopping = handler.effects?.stop().then(() => void (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50)); // a stop() that did not wait would have resolved by now
    expect([stopped, finished]).toEqual([false, false]);
    release.resolve();
    await stopping;
    expect(finished).toBe(true);
  });

  it('a write that conflicts commits no effect; one that commits commits each effect once', async () => {
    const { store, inner } = racedOnceStore();
    const s = await serve({ store });
    try {
      const lost = await call(invoiceUrl(s.url), jsonInit('PATCH', { status: 'unpaid' }));
      expect(lost.status).toBe(409);
      expect(await inner.claimEffects({ limit: 10, leaseMs: 1_000 })).toEqual([]);
      const won = await call(invoiceUrl(s.url), jsonInit('PATCH', { status: 'unpaid' }));
      expect(won.status).toBe(200);
      expect((await inner.claimEffects({ limit: 10, leaseMs: 1_000 })).map((c) => c.effect.type)).toEqual(['invoice.finalized']);
    } finally {
      await s.close();
    }
  });
});
