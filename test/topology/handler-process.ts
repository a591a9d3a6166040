// One handler process as a host runs it behind PgBouncer: its own pg.Pool through PgBouncer
// (transaction mode, `preparedStatements: false`), LISTEN on a direct connection
// (`listenConfig`), a dispatcher of its own on the same store, the Node server on a free port.
// Prints "listening <port>", "delivered <effectID>" per delivery and "error <message>" per
// failure the handler or the dispatcher reports. Exits on SIGTERM, or after MAX_LIFE_MS.
// Usage: node --import tsx test/topology/handler-process.ts <pgbouncer url> <direct url> <schema>
import pg from 'pg';
import { createEffectDispatcher, createHandler, createStaticAuth } from '../../src/http/index.js';
import { createNodeServer } from '../../src/node/index.js';
import { createPostgresStore } from '../../src/postgres/index.js';
import { TOKENS } from '../http/helpers.js';

const MAX_LIFE_MS = 300_000;
setTimeout(() => process.exit(3), MAX_LIFE_MS).unref();

const [bouncerUrl = '', directUrl = '', schema = ''] = process.argv.slice(2);
const say = (line: string): void => void process.stdout.write(`${line}\n`);
const report = (error: unknown) => say(`error ${String((error as Error)?.message ?? error).replace(/\n/g, ' ')}`);

const pool = new pg.Pool({ connectionString: bouncerUrl, max: 10, connectionTimeoutMillis: 2_000, application_name: 'topology-handler' });
pool.on('error', () => undefined);
const store = await createPostgresStore({ client: pool, schema, migrate: false, preparedStatements: false, listenConfig: { connectionString: directUrl } });
const handler = createHandler({ store, auth: createStaticAuth(TOKENS), onError: report });
const dispatcher = createEffectDispatcher({
  store,
  deliver: (effect) => void say(`delivered ${effect.effectID}`),
  pollIntervalMs: 200,
  // An effect whose completion a fault cut off is claimed again when its lease ends: 5 s here
  // (the default is 60 s, docs/storage.md "Surviving a failover"), so the run sees it delivered.
  deliveryTimeoutMs: 2_000,
  leaseMs: 5_000,
  onError: report,
});
dispatcher.start();
const server = createNodeServer(handler);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  say(`listening ${typeof address === 'object' && address !== null ? address.port : 0}`);
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void dispatcher
    .stop()
    .catch(() => undefined)
    .then(() => pool.end())
    .finally(() => process.exit(0));
});
