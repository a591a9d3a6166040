// A host's wrapper around the PostgreSQL store is never bypassed: `createHandler` asks the store
// the host passed for its deadline view, and the store makes one only for itself. A Proxy that
// forwards everything (counting the calls it sees) or a `{ ...store }` copy that changes one call
// is what the request's calls go through. Before, the handler called `forRequest` and worked on
// the inner store's view, so the wrapper saw nothing.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Store, createHandler, createStaticAuth, storeDeadline } from '../../src/http/index.js';
import { type PostgresStore, createPostgresStore } from '../../src/postgres/index.js';
import { A, SCHEDULE_ID, TOKENS, schedule } from '../http/helpers.js';
import { createPool, describeRealPostgres, dropSchemas, uniqueSchema } from './helpers.js';

describeRealPostgres('a host\'s wrapper around the PostgreSQL store', (url) => {
  let pool: pg.Pool;
  let store: PostgresStore;
  const schema = uniqueSchema('wrapper');
  beforeAll(async () => {
    pool = createPool(url, 2);
    store = await createPostgresStore({ client: pool, schema, seed: { accounts: { [A]: { schedules: [schedule] } } } });
  });
  afterAll(async () => {
    await dropSchemas(pool, [schema]);
    await pool.end();
  });

  const get = (wrapped: Store) =>
    createHandler({ store: wrapped, auth: createStaticAuth(TOKENS) })(
      new Request(`http://localhost/accounts/${A}/schedules/${SCHEDULE_ID}`, { headers: { authorization: 'Bearer all', 'x-service-version': 'v2026.04.00' } }),
    );

  it('a Proxy that forwards every call sees the request\'s calls', async () => {
    const seen: string[] = [];
    const proxy = new Proxy(store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== 'function' || key === 'within') return value;
        return (...args: unknown[]) => (seen.push(String(key)), (value as (...a: unknown[]) => unknown).apply(target, args));
      },
    });
    const response = await get(proxy);
    expect(response.status).toBe(200);
    expect(seen).toContain('getSchedule');
  });

  it('a { ...store } copy whose getSchedule fails answers that failure', async () => {
    const copy: Store = { ...store, getSchedule: async () => Promise.reject(new Error('the wrapper refuses')) };
    const response = await get(copy);
    expect(response.status).toBe(500);
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('the store makes its view only for itself', () => {
    expect(store.within(storeDeadline(1_000))).toBeDefined();
    expect({ ...store }.within(storeDeadline(1_000))).toBeUndefined();
  });
});
