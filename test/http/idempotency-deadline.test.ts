import { describe, expect, it } from 'vitest';
import { type Store, StoreUnavailableError, createMemoryStore, isStoreUnavailable, withStoreDeadline } from '../../src/http/index.js';
import { storeFailureReply } from '../../src/http/store/errors.js';
import { OPTION_MESSAGES } from '../../src/http/pipeline/options.js';
import { storeFailure } from '../../src/postgres/failures.js';
import { A, INVOICE_ID, bearer, call, jsonInit, seed, serve } from './helpers.js';
import { createHandler } from '../../src/http/index.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const invoiceUrl = (base: string) => `${base}/accounts/${A}/invoices/${INVOICE_ID}`;

/** A store whose invoice reads take `delay.ms` and that has no bounded view (the client-side race applies). */
function slowReads(ms: number, delay = { ms }): Store {
  const inner = createMemoryStore({ seed: seed() });
  const { within: _within, ...rest } = inner;
  return { ...rest, getInvoice: async (accountID, invoiceID) => (await pause(delay.ms), inner.getInvoice(accountID, invoiceID)) };
}

describe('store-call deadlines (storeTimeoutMs)', () => {
  it('a store call past the deadline is 504 with Retry-After and x-request-id, not 500; the key is released so the retry runs', async () => {
    const delay = { ms: 300 };
    const s = await serve({ store: slowReads(0, delay), storeTimeoutMs: 100 });
    try {
      const headers = { ...bearer('all'), 'idempotency-key': 'slow-1', 'x-request-id': 'slow-req' };
      const answer = await call(invoiceUrl(s.url), jsonInit('PATCH', { description: 'slow' }, headers));
      expect([answer.status, answer.headers.get('retry-after'), answer.headers.get('x-request-id')]).toEqual([504, '1', 'slow-req']);
      expect(answer.json).toEqual({ error: 'the database did not answer in time; nothing was written and the request may be retried' });
      delay.ms = 0;
      const retry = await call(invoiceUrl(s.url), jsonInit('PATCH', { description: 'slow' }, headers));
      expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([200, null]);
    } finally {
      await s.close();
    }
  });

  it('withStoreDeadline: the store\'s own bounded view when it has one, else a race that rejects with StoreUnavailableError', async () => {
    const memory = createMemoryStore({ seed: seed() });
    expect(withStoreDeadline(memory, 10)).toBe(memory);
    const raced = withStoreDeadline(slowReads(200), 20);
    const error = await raced.getInvoice(A, INVOICE_ID).catch((e: unknown) => e);
    expect(isStoreUnavailable(error) && error.reason).toBe('timeout');
    expect(await withStoreDeadline(slowReads(0), 1_000).getInvoice(A, INVOICE_ID)).toBeDefined();
  });

  it('storeTimeoutMs must be a positive finite number', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createHandler({ store: createMemoryStore(), storeTimeoutMs: bad })).toThrow(OPTION_MESSAGES.positive('storeTimeoutMs'));
    }
  });

  it('database errors that mean "slow or away" become StoreUnavailableError (504); others stay as they are (500)', () => {
    const cases: [unknown, string | undefined][] = [
      [{ code: '57014', message: 'canceling statement due to statement timeout' }, 'timeout'],
      [{ code: '55P03', message: 'canceling statement due to lock timeout' }, 'timeout'],
      [new Error('timeout exceeded when trying to connect'), 'pool'],
      [{ code: '57P01', message: 'terminating connection due to administrator command' }, 'connection'],
      [{ code: '08006', message: 'connection failure' }, 'connection'],
      [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), 'connection'],
      [new Error('Connection terminated unexpectedly'), 'connection'],
      [{ code: '23505', message: 'duplicate key value violates unique constraint' }, undefined],
      [new TypeError('a bug'), undefined],
      [null, undefined],
      ['text', undefined],
    ];
    for (const [error, reason] of cases) {
      const mapped = storeFailure(error);
      if (reason === undefined) {
        expect(mapped).toBe(error);
        expect(storeFailureReply(mapped)).toBeUndefined();
      } else {
        expect(isStoreUnavailable(mapped) && mapped.reason).toBe(reason);
        expect(storeFailureReply(mapped)?.status).toBe(504);
      }
    }
    const already = new StoreUnavailableError('pool');
    expect(storeFailure(already)).toBe(already);
  });
});
