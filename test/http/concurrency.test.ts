import { describe, expect, it, vi } from 'vitest';
import { type Store, createMemoryStore } from '../../src/http/index.js';
import type { Invoice } from '../../src/schemas/index.js';
import { A, INVOICE_ID, call, draftInvoice, jsonInit, seed, serve } from './helpers.js';

describe('50 concurrent updates to one invoice over HTTP', () => {
  it('each answers 200 or 409, the final invoice is the last committed update, no effect is emitted twice', async () => {
    const inner = createMemoryStore({ seed: seed() });
    const committed: Invoice[] = [];
    // A store with I/O latency, like a database: reads of concurrent requests interleave.
    const store: Store = {
      ...inner,
      async getInvoice(accountID, invoiceID) {
        const read = await inner.getInvoice(accountID, invoiceID);
        await new Promise((resolve) => setTimeout(resolve, 2));
        return read;
      },
      async compareAndSetInvoice(accountID, invoice, version, extras) {
        const result = await inner.compareAndSetInvoice(accountID, invoice, version, extras);
        if (result.ok) committed.push(invoice);
        return result;
      },
    };
    const effects: unknown[] = [];
    const s = await serve({ store, onEffect: (effect, context) => void effects.push({ effect, requestId: context.requestId }) });
    try {
      const url = `${s.url}/accounts/${A}/invoices/${INVOICE_ID}`;
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          call(url, jsonInit('PATCH', i % 5 === 0 ? { description: `d${i}`, status: 'unpaid' } : { description: `d${i}` }, {
            authorization: 'Bearer all',
            'x-request-id': `r${i}`,
          })),
        ),
      );
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      const ok = answers.filter((a) => a.status === 200).map((a) => a.json as Invoice);
      expect(ok.length).toBe(committed.length);
      expect(ok.length).toBeGreaterThan(0);
      expect(answers.some((a) => a.status === 409)).toBe(true);
      // Every 200 body is a committed write, and what is stored is the last of them.
      expect(new Set(ok.map((i) => i.description))).toEqual(new Set(committed.map((i) => i.description)));
      const final = (await inner.getInvoice(A, INVOICE_ID))?.invoice;
      expect(final).toEqual(committed.at(-1));
      expect(ok).toContainEqual(final);
      expect(Number((await inner.getInvoice(A, INVOICE_ID))?.version)).toBe(1 + committed.length);
      // draft -> unpaid can commit once: at most one finalized effect, and exactly one if the status moved.
      // Effects are delivered from the outbox after the commit, off the request path.
      if (final?.status === 'unpaid') await vi.waitFor(() => expect(effects.length).toBeGreaterThan(0));
      const finalized = effects.filter((e) => (e as { effect: { type: string } }).effect.type === 'invoice.finalized');
      expect(finalized.length).toBe(final?.status === 'unpaid' ? 1 : 0);
      expect(new Set(effects.map((e) => (e as { requestId: string }).requestId)).size).toBe(effects.length);
      expect(final).toMatchObject({ ...draftInvoice, description: final?.description, status: final?.status });
    } finally {
      await s.close();
    }
  });
});
