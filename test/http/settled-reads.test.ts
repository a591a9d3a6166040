import { describe, expect, it } from 'vitest';
import { createHandler, createMemoryStore } from '../../src/http/index.js';
import type { Exchange } from '../../src/http/core/exchange.js';
import type { Outcome } from '../../src/http/pipeline/pipeline.js';
import { A, ADJUSTMENT_ID, SCHEDULE_ID, bearer, seed, testOptions } from './helpers.js';

const exchangeFor = (path: string): Exchange => {
  const headers: Record<string, string> = { ...bearer('all') };
  return {
    method: 'GET',
    path,
    mountPath: '',
    header: (name) => headers[name],
    readBody: async () => ({ ok: true, bytes: new Uint8Array(0) }),
    signal: new AbortController().signal,
    toRequest: () => new Request(`http://localhost${path}`, { headers }),
  };
};

/** The status if the exchange entry settled before returning, else `undefined`. */
function settledAtOnce(handler: ReturnType<typeof createHandler>, path: string): number | undefined {
  let outcome: Outcome | undefined;
  handler.answerExchange(exchangeFor(path), (_exchange, settled) => (outcome = settled));
  const reply = outcome?.reply;
  return reply === undefined || 'response' in reply ? undefined : reply.status;
}

describe("the memory store's settled reads", () => {
  it('GET schedule and GET adjustment on the memory store itself answer in the same turn (no promise)', () => {
    const handler = createHandler(testOptions({ store: createMemoryStore({ seed: seed() }) }));
    expect(settledAtOnce(handler, `/accounts/${A}/schedules/${SCHEDULE_ID}`)).toBe(200);
    expect(settledAtOnce(handler, `/accounts/${A}/adjustments/${ADJUSTMENT_ID}`)).toBe(200);
    expect(settledAtOnce(handler, `/accounts/${A}/schedules/missing`)).toBe(404);
  });

  it('a wrapper of the memory store is read through its own methods', async () => {
    const store = createMemoryStore({ seed: seed() });
    let reads = 0;
    const wrapper = { ...store, getSchedule: (accountID: string, scheduleID: string) => (reads++, store.getSchedule(accountID, scheduleID)) };
    const handler = createHandler(testOptions({ store: wrapper }));
    const response = await handler(new Request(`http://localhost/accounts/${A}/schedules/${SCHEDULE_ID}`, { headers: bearer('all') }));
    expect([response.status, reads]).toEqual([200, 1]);
  });

  it('a method replaced on the store object after createHandler is the one that runs', async () => {
    const store = createMemoryStore({ seed: seed() });
    const handler = createHandler(testOptions({ store }));
    const read = store.getAdjustment.bind(store);
    let reads = 0;
    store.getAdjustment = async (accountID, adjustmentID) => (reads++, read(accountID, adjustmentID));
    expect(settledAtOnce(handler, `/accounts/${A}/adjustments/${ADJUSTMENT_ID}`)).toBeUndefined();
    const response = await handler(new Request(`http://localhost/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, { headers: bearer('all') }));
    expect([response.status, reads]).toEqual([200, 2]);
  });

  it('the fetch answer and the settled answer are the same bytes', async () => {
    const memory = createHandler(testOptions({ store: createMemoryStore({ seed: seed() }) }));
    const base = createMemoryStore({ seed: seed() });
    const wrapped = createHandler(testOptions({ store: { ...base } }));
    for (const path of [`/accounts/${A}/schedules/${SCHEDULE_ID}`, `/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, `/accounts/${A}/adjustments/none`]) {
      const [a, b] = await Promise.all(
        [memory, wrapped].map(async (h) => {
          const response = await h(new Request(`http://localhost${path}`, { headers: bearer('all') }));
          return [response.status, response.headers.get('content-type'), await response.text()];
        }),
      );
      expect(a).toEqual(b);
    }
  });
});
