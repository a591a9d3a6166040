// Issue 32 in the handler: one deadline per request (each store call gets what is left), a 504
// whose write may have committed says so (`x-outcome: unknown`), and a 504 without it means the
// store holds nothing of the request, whatever the interleaving (fast-check over a scripted host
// store, which has no database to cancel and so gets the handler's raced view).
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OUTCOME_HEADER, STORE_FAILURE_MESSAGES, type Store, StoreUnavailableError, createHandler, createMemoryStore, requestStores } from '../../src/http/index.js';
import { A, DISPUTE_ID, INVOICE_ID, bearer, seed, testOptions } from './helpers.js';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.restoreAllMocks();
});

/** Delays of a scripted store: its invoice read, and its write until (and after) the commit. */
type Delays = { readMs: number; writeMs: number; replyMs: number };

/**
 * A host's store without `within` (a database adapter of its own): the memory
 * store's data behind calls that take the scripted time; a write commits after `writeMs` and
 * answers `replyMs` later. `commits` counts the writes that reached the data. `onRead` runs as
 * the read begins (a test moves its clock there).
 */
function scriptedStore(delays: Delays, onRead: () => void = () => undefined) {
  const inner = createMemoryStore({ seed: seed() });
  const log = { commits: 0, calls: [] as string[] };
  const { within: _within, ...rest } = inner;
  const store: Store = {
    ...rest,
    getInvoice: async (accountID, invoiceID) => {
      log.calls.push('getInvoice');
      onRead();
      await pause(delays.readMs);
      return inner.getInvoice(accountID, invoiceID);
    },
    compareAndSetInvoice: async (accountID, invoice, version, extras) => {
      log.calls.push('compareAndSetInvoice');
      await pause(delays.writeMs);
      const written = await inner.compareAndSetInvoice(accountID, invoice, version, extras);
      if (written.ok) log.commits += 1;
      await pause(delays.replyMs);
      return written;
    },
  };
  return { store, log, inner };
}

const patch = (handler: (request: Request) => Promise<Response>, description: string, headers: Record<string, string> = {}) =>
  handler(
    new Request(`http://localhost/accounts/${A}/invoices/${INVOICE_ID}`, {
      method: 'PATCH',
      headers: { ...bearer('all'), 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ description }),
    }),
  );

describe('one deadline per request (storeTimeoutMs bounds the whole request)', () => {
  it('two store calls under one 1 s budget: the first spends 900 ms of it, so the second gets the 100 ms left (with 1 s of its own it would answer at 500 ms): 504', async () => {
    // The clock deadlines are measured on (performance.now) is the test's, frozen but for the
    // read, which moves it 900 ms on: the write then has exactly 100 ms left, however loaded the
    // machine. The write answers after 500 real ms; the race's 100 ms timer fires first (timers
    // fire in the order they fall due). With a deadline of its own the write would win: 200.
    const frozen = performance.now();
    let spent = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => frozen + spent);
    const { store, log } = scriptedStore({ readMs: 0, writeMs: 500, replyMs: 0 }, () => void (spent += 900));
    const handler = createHandler(testOptions({ store, storeTimeoutMs: 1_000 }));
    const response = await patch(handler, 'two calls');
    expect(response.status).toBe(504);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(log.calls).toEqual(['getInvoice', 'compareAndSetInvoice']);
    // The write was sent and overtaken by the deadline: it may commit later, and the answer says so.
    expect(response.headers.get(OUTCOME_HEADER)).toBe('unknown');
    expect(await response.json()).toEqual({ error: STORE_FAILURE_MESSAGES.unknown });
  });

  it('a read that uses up the budget: the write is never sent, the 504 says nothing was written', async () => {
    const { store, log } = scriptedStore({ readMs: 150, writeMs: 0, replyMs: 0 });
    const handler = createHandler(testOptions({ store, storeTimeoutMs: 100 }));
    const response = await patch(handler, 'never sent');
    expect([response.status, response.headers.get(OUTCOME_HEADER), response.headers.get('retry-after')]).toEqual([504, null, '1']);
    expect(await response.json()).toEqual({ error: STORE_FAILURE_MESSAGES.timeout });
    await pause(200);
    expect([log.calls, log.commits]).toEqual([['getInvoice'], 0]);
  });

  it('the memory store: its request view is the store itself (every write applies when called, so no 504 can precede a commit)', () => {
    const memory = createMemoryStore({ seed: seed() });
    expect(requestStores(memory, 5_000)()).toBe(memory);
  });

  it('a store with within is asked for a view per request, with a deadline of storeTimeoutMs', async () => {
    const memory = createMemoryStore({ seed: seed() });
    const budgets: number[] = [];
    const store: Store = { ...memory, within: (deadline) => (budgets.push(deadline.budgetMs), memory) };
    const handler = createHandler(testOptions({ store, storeTimeoutMs: 1234 }));
    const atStart = budgets.length;
    expect((await patch(handler, 'a')).status).toBe(200);
    expect((await patch(handler, 'b')).status).toBe(200);
    expect(budgets.slice(atStart, atStart + 2)).toEqual([1234, 1234]);
    expect(new Set(budgets)).toEqual(new Set([1234]));
  });

  it('a host\'s wrapper is never bypassed: a { ...store } copy or a Proxy that changes a call is the store the request uses', async () => {
    const memory = createMemoryStore({ seed: seed() });
    const failing = async () => Promise.reject(new StoreUnavailableError('connection'));
    const copy: Store = { ...memory, getInvoice: failing };
    const proxy = new Proxy(memory, { get: (target, key, receiver) => (key === 'getInvoice' ? failing : Reflect.get(target, key, receiver)) });
    for (const store of [copy, proxy]) {
      const handler = createHandler(testOptions({ store }));
      const response = await patch(handler, 'wrapped');
      expect([response.status, response.headers.get('x-request-id') !== null]).toEqual([504, true]);
    }
  });

  it('property: a 504 without x-outcome never hides a commit; a 200 always has one; every answer has x-request-id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ readMs: fc.integer({ min: 0, max: 40 }), writeMs: fc.integer({ min: 0, max: 40 }), replyMs: fc.integer({ min: 0, max: 20 }) }),
        fc.integer({ min: 1, max: 60 }),
        fc.boolean(),
        async (delays, budget, keyed) => {
          const { store, log, inner } = scriptedStore(delays);
          const handler = createHandler(testOptions({ store, storeTimeoutMs: budget }));
          const response = await patch(handler, 'p', keyed ? { 'idempotency-key': 'k-1' } : {});
          expect(response.headers.get('x-request-id')).toBeTruthy();
          await pause(delays.readMs + delays.writeMs + delays.replyMs + 10);
          const stored = await inner.getInvoice(A, INVOICE_ID);
          const changed = stored?.invoice.description === 'p';
          expect(changed).toBe(log.commits === 1);
          if (response.status === 200) expect(changed).toBe(true);
          else {
            expect(response.status).toBe(504);
            if (response.headers.get(OUTCOME_HEADER) !== 'unknown') expect(changed, 'a "nothing was written" 504 hid a commit').toBe(false);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 30_000);

  it('evidence uploads follow the same rule (a read past the deadline: never sent)', async () => {
    const inner = createMemoryStore({ seed: seed() });
    const added: string[] = [];
    const { within: _within, ...rest } = inner;
    const store: Store = {
      ...rest,
      getDispute: async (accountID, disputeID) => (await pause(120), inner.getDispute(accountID, disputeID)),
      addEvidence: async (accountID, evidence, extras) => (added.push(evidence.text), inner.addEvidence(accountID, evidence, extras)),
    };
    const handler = createHandler(testOptions({ store, storeTimeoutMs: 60 }));
    const response = await handler(
      new Request(`http://localhost/accounts/${A}/disputes/${DISPUTE_ID}/evidence-text`, {
        method: 'POST',
        headers: { ...bearer('all'), 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'late', evidenceType: 'other' }),
      }),
    );
    expect([response.status, response.headers.get(OUTCOME_HEADER)]).toEqual([504, null]);
    await pause(150);
    expect(added).toEqual([]);
  });
});
