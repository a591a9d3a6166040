import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { RateLimiterPostgres, RateLimiterRedis } from 'rate-limiter-flexible';
import { afterAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, createRateLimiter } from '../../src/http/index.js';
import { A, SCHEDULE_ID, type TestServer, bearer, call, serve } from './helpers.js';

// Real servers: PAYMENTS_KIT_REDIS_URL and PAYMENTS_KIT_PG_URL (.ci/run sets both). Without
// them the suites skip locally and fail under CI=true.
const REDIS_URL = process.env.PAYMENTS_KIT_REDIS_URL;
const PG_URL = process.env.PAYMENTS_KIT_PG_URL;
const CI = process.env.CI === 'true';
const RUN = `pk_rl_${process.pid}_${randomBytes(4).toString('hex')}`;
const PATH = `/accounts/${A}/schedules/${SCHEDULE_ID}`;
const POINTS = 4;

const children: ChildProcess[] = [];
const servers: TestServer[] = [];
const cleanups: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(servers.map((server) => server.close()));
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** Starts one handler process (test/http/rate-limit-process.ts) and resolves with its URL. */
function startProcess(backend: 'redis' | 'postgres', url: string, prefix: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/http/rate-limit-process.ts'], {
    env: { ...process.env, RL_BACKEND: backend, RL_URL: url, RL_PREFIX: prefix, RL_POINTS: String(POINTS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within 15 s: ${out}`)), 15_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
  });
}

/** Sends `n` requests, alternating between the two processes, and answers the statuses in order. */
async function alternate(urls: readonly [string, string], n: number) {
  const answers = [];
  for (let i = 0; i < n; i += 1) answers.push(await call(urls[i % 2] + PATH, { headers: bearer('all') }));
  return answers;
}

function expectOneBudget(answers: Awaited<ReturnType<typeof alternate>>) {
  expect(answers.map((answer) => answer.status)).toEqual([...Array(POINTS).fill(200), ...Array(answers.length - POINTS).fill(429)]);
  for (const answer of answers.slice(POINTS)) {
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(answer.json).toEqual({ error: HTTP_MESSAGES.rateLimited });
  }
}

/** The same request through one in-process server with `limiter` and the given failure policy. */
async function oneRequest(limiter: RateLimiterRedis | RateLimiterPostgres, onBackendFailure: 'allow' | 'refuse', errors: unknown[]) {
  const server = await serve({ rateLimiter: createRateLimiter({ limiter, onBackendFailure }), onError: (error) => errors.push(error) });
  servers.push(server);
  return call(server.url + PATH, { headers: bearer('all') });
}

describe('a missing server URL', () => {
  it.runIf(CI && (REDIS_URL === undefined || PG_URL === undefined))('fails under CI=true', () => {
    throw new Error('PAYMENTS_KIT_REDIS_URL and PAYMENTS_KIT_PG_URL are required when CI=true');
  });
});

describe.skipIf(REDIS_URL === undefined)('rate limits on Redis (PAYMENTS_KIT_REDIS_URL; skipped when unset)', () => {
  const url = REDIS_URL ?? '';

  it('two handler processes sharing one RateLimiterRedis see one budget; 429 carries Retry-After', async () => {
    const prefix = `${RUN}_shared`;
    const admin = new Redis(url);
    cleanups.push(async () => {
      const keys = await admin.keys(`${prefix}*`);
      if (keys.length > 0) await admin.del(...keys);
      await admin.quit();
    });
    const urls = await Promise.all([startProcess('redis', url, prefix), startProcess('redis', url, prefix)]);
    expectOneBudget(await alternate(urls as [string, string], 2 * POINTS + 2));
    expect((await admin.keys(`${prefix}*`)).length).toBe(1);
  });

  it('a Redis connection that fails: allowed and reported by default, 504 with refuse', async () => {
    const prefix = `${RUN}_down`;
    const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    await new Promise((resolve) => client.once('ready', resolve));
    cleanups.push(async () => {
      const admin = new Redis(url);
      const keys = await admin.keys(`${prefix}*`);
      if (keys.length > 0) await admin.del(...keys);
      await admin.quit();
    });
    const limiter = new RateLimiterRedis({ storeClient: client, keyPrefix: prefix, points: 100, duration: 60 });
    const before: unknown[] = [];
    expect((await oneRequest(limiter, 'allow', before)).status).toBe(200);
    expect(before).toEqual([]);
    client.disconnect();
    const open: unknown[] = [];
    expect((await oneRequest(limiter, 'allow', open)).status).toBe(200);
    expect(open).toHaveLength(1);
    const closed: unknown[] = [];
    const refused = await oneRequest(limiter, 'refuse', closed);
    expect([refused.status, refused.json]).toEqual([504, { error: HTTP_MESSAGES.rateLimiterUnavailable }]);
    expect(closed).toHaveLength(1);
  });
});

describe.skipIf(PG_URL === undefined)('rate limits on PostgreSQL (PAYMENTS_KIT_PG_URL; skipped when unset)', () => {
  const url = PG_URL ?? '';

  it('two handler processes sharing one RateLimiterPostgres table see one budget; 429 carries Retry-After', async () => {
    const table = `${RUN}_shared`;
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    cleanups.push(async () => {
      await pool.query(`DROP TABLE IF EXISTS "${table}"`);
      await pool.end();
    });
    // The table is made once, here, so the two processes never race to create it.
    await new Promise<void>((resolve, reject) => {
      new RateLimiterPostgres({ storeClient: pool, tableName: table, points: POINTS, duration: 60 }, (error?: unknown) => (error ? reject(error) : resolve()));
    });
    const urls = await Promise.all([startProcess('postgres', url, table), startProcess('postgres', url, table)]);
    expectOneBudget(await alternate(urls as [string, string], 2 * POINTS + 2));
    expect((await pool.query(`SELECT count(*)::int AS n FROM "${table}"`)).rows).toEqual([{ n: 1 }]);
  });

  it('a PostgreSQL server that refuses connections: allowed and reported by default, 504 with refuse', async () => {
    const down = new URL(url);
    down.port = '1';
    const pool = new pg.Pool({ connectionString: down.href, connectionTimeoutMillis: 500 });
    cleanups.push(() => pool.end());
    const limiter = new RateLimiterPostgres({ storeClient: pool, tableName: `${RUN}_down`, tableCreated: true, points: 100, duration: 60 });
    const open: unknown[] = [];
    expect((await oneRequest(limiter, 'allow', open)).status).toBe(200);
    expect(open).toHaveLength(1);
    const closed: unknown[] = [];
    expect((await oneRequest(limiter, 'refuse', closed)).status).toBe(504);
    expect(closed).toHaveLength(1);
  });
});
