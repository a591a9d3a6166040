// A handler process for test/http/rate-limit-shared.test.ts: serves the test handler on
// 127.0.0.1 with a rate-limiter-flexible limiter on Redis or PostgreSQL (shared by every
// process started with the same RL_PREFIX), prints its URL, and exits on SIGTERM.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import { RateLimiterPostgres, RateLimiterRedis } from 'rate-limiter-flexible';
import { createHandler, createRateLimiter } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { testOptions } from './helpers.js';

const { RL_BACKEND, RL_URL, RL_PREFIX, RL_POINTS } = process.env;
if (RL_URL === undefined || RL_PREFIX === undefined) throw new Error('RL_URL and RL_PREFIX are required');
const points = Number(RL_POINTS ?? '4');

let close: () => Promise<unknown>;
let limiter: RateLimiterRedis | RateLimiterPostgres;
if (RL_BACKEND === 'redis') {
  const client = new Redis(RL_URL, { maxRetriesPerRequest: 1 });
  limiter = new RateLimiterRedis({ storeClient: client, keyPrefix: RL_PREFIX, points, duration: 60 });
  close = () => client.quit();
} else {
  const pool = new pg.Pool({ connectionString: RL_URL, max: 2 });
  limiter = new RateLimiterPostgres({ storeClient: pool, tableName: RL_PREFIX, tableCreated: true, points, duration: 60 });
  close = () => pool.end();
}

const handler = createHandler(testOptions({ rateLimiter: createRateLimiter({ limiter }), onError: (error) => console.error('onError', error) }));
const server = createServer(toNodeListener(handler));
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void close().finally(() => process.exit(0));
});
