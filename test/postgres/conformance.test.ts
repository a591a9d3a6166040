import { describe, it } from 'vitest';
import { withStoreDeadline } from '../../src/http/index.js';
import { createPostgresStore } from '../../src/postgres/index.js';
import { runStoreConformance } from '../../src/testing/index.js';
import { describeRealPostgres, uniqueSchema, usePGlite, useRealPool } from './helpers.js';

// One database per suite, a fresh schema per check (each check builds its own store).

describe('the PostgreSQL store passes the conformance suite on PGlite', () => {
  const db = usePGlite();
  runStoreConformance({ createStore: (seed) => createPostgresStore({ client: db(), schema: uniqueSchema('conf'), seed }), test: it });
});

describeRealPostgres('the PostgreSQL store passes the conformance suite on a real server (pg.Pool)', (url) => {
  const { pool, schemas } = useRealPool(url);
  runStoreConformance({
    createStore: (seed) => {
      const schema = uniqueSchema('conf');
      schemas.push(schema);
      return createPostgresStore({ client: pool(), schema, seed });
    },
    test: it,
  });
});

describeRealPostgres('the bounded view of the PostgreSQL store (storeTimeoutMs) passes the conformance suite (pg.Pool)', (url) => {
  const { pool, schemas } = useRealPool(url);
  runStoreConformance({
    createStore: async (seed) => {
      const schema = uniqueSchema('confb');
      schemas.push(schema);
      const store = await createPostgresStore({ client: pool(), schema, seed });
      return withStoreDeadline(store, 5_000);
    },
    test: it,
  });
});
