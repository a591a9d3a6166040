// A handler process for the scale-out tests: the BUILT package over a PostgreSQL server.
// env: PG_URL, PG_SCHEMA, ACCOUNT. Prints "listening <url>" once it serves on 127.0.0.1.
// Exits on SIGTERM, or after MAX_LIFE_MS in any case (a test that dies never leaves it behind).
import { createServer } from 'node:http';
import pg from 'pg';
import { createHandler, createStaticAuth } from '../../../dist/http/index.js';
import { toNodeListener } from '../../../dist/node/index.js';
import { createPostgresStore } from '../../../dist/postgres/index.js';

const MAX_LIFE_MS = 120_000;
setTimeout(() => process.exit(3), MAX_LIFE_MS).unref();

const pool = new pg.Pool({ connectionString: process.env.PG_URL, max: 10 });
pool.on('error', () => undefined);
const store = await createPostgresStore({ client: pool, schema: process.env.PG_SCHEMA });
const handler = createHandler({
  store,
  auth: createStaticAuth({ writer: { scopes: [`/accounts/${process.env.ACCOUNT}/invoices.write`] } }),
});
const server = createServer(toNodeListener(handler));
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`);
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  pool.end().finally(() => process.exit(0));
});
