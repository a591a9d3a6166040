import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterEach, describe, expect, it } from 'vitest';
import { type FlexibleLimiter, HTTP_MESSAGES, RATE_LIMITER_MESSAGES, createRateLimiter, defaultRateLimitKey } from '../../src/http/index.js';
import { A, ADJUSTMENT_ID, B, SCHEDULE_ID, type TestServer, bearer, call, serve } from './helpers.js';

const schedulePath = (account: string, id = SCHEDULE_ID) => `/accounts/${account}/schedules/${id}`;
const servers: TestServer[] = [];

async function start(rateLimiter: ReturnType<typeof createRateLimiter>, errors: unknown[] = []): Promise<TestServer> {
  const server = await serve({ rateLimiter, onError: (error) => errors.push(error) });
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('createRateLimiter with RateLimiterMemory over HTTP', () => {
  it('allows the budget, then answers 429 with Retry-After from msBeforeNext rounded up', async () => {
    const limiter = new RateLimiterMemory({ points: 2, duration: 60 });
    const { url } = await start(createRateLimiter({ limiter }));
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await call(url + schedulePath(A), { headers: bearer('all') })).status);
    const refused = await call(url + schedulePath(A), { headers: bearer('all') });
    expect([...statuses, refused.status]).toEqual([200, 200, 429, 429]);
    expect(refused.json).toEqual({ error: HTTP_MESSAGES.rateLimited });
    expect(refused.headers.get('x-request-id')).toBeTruthy();
    const left = (await limiter.get(`getSchedule:${A}`))?.msBeforeNext ?? Number.NaN;
    const retryAfter = Number(refused.headers.get('retry-after'));
    // The limiter's remaining window, rounded up to whole seconds (it may have ticked since).
    expect(retryAfter).toBeGreaterThanOrEqual(Math.ceil(left / 1000));
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('rounds msBeforeNext up: 1 ms is 1 s, 1500 ms is 2 s, 2000 ms is 2 s', async () => {
    let ms = 0;
    const limiter: FlexibleLimiter = { consume: () => Promise.reject({ msBeforeNext: ms, remainingPoints: 0 }) };
    const { url } = await start(createRateLimiter({ limiter }));
    for (const [given, expected] of [[1, '1'], [1500, '2'], [2000, '2'], [59_001, '60']] as const) {
      ms = given;
      const answer = await call(url + schedulePath(A), { headers: bearer('all') });
      expect([answer.status, answer.headers.get('retry-after')]).toEqual([429, expected]);
    }
  });

  it('keys by account and operation by default: another operation or account has its own budget', async () => {
    const limiter = new RateLimiterMemory({ points: 1, duration: 60 });
    const { url } = await start(createRateLimiter({ limiter }));
    expect((await call(url + schedulePath(A), { headers: bearer('all') })).status).toBe(200);
    expect((await call(url + schedulePath(A), { headers: bearer('all') })).status).toBe(429);
    expect((await call(`${url}/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, { headers: bearer('all') })).status).toBe(200);
    expect((await call(url + schedulePath(B, 'sch-b'), { headers: bearer('allB') })).status).toBe(200);
    expect(defaultRateLimitKey({ operationId: 'getSchedule', accountID: 'a:b', token: 't', scheme: 'bearer' })).toBe('getSchedule:a:b');
    expect(defaultRateLimitKey({ operationId: 'listThings', accountID: undefined, token: 't', scheme: 'bearer' })).toBe('listThings');
  });

  it('takes a key function, e.g. per token across operations', async () => {
    const limiter = new RateLimiterMemory({ points: 1, duration: 60 });
    const { url } = await start(createRateLimiter({ limiter, key: ({ token }) => `token:${token}` }));
    expect((await call(url + schedulePath(A), { headers: bearer('all') })).status).toBe(200);
    expect((await call(`${url}/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, { headers: bearer('all') })).status).toBe(429);
  });

  it('fails open by default when the backend errors or hangs, reporting to onError', async () => {
    const errors: unknown[] = [];
    const broken: FlexibleLimiter = { consume: () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:6379')) };
    const { url } = await start(createRateLimiter({ limiter: broken }), errors);
    expect((await call(url + schedulePath(A), { headers: bearer('all') })).status).toBe(200);
    expect(errors).toEqual([new Error('ECONNREFUSED 127.0.0.1:6379')]);

    const hungErrors: unknown[] = [];
    const hung: FlexibleLimiter = { consume: () => new Promise(() => undefined) };
    const slow = await start(createRateLimiter({ limiter: hung, timeoutMs: 200 }), hungErrors);
    const started = performance.now();
    expect((await call(slow.url + schedulePath(A), { headers: bearer('all') })).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(hungErrors).toEqual([new Error(RATE_LIMITER_MESSAGES.timedOut(200))]);
  });

  it("fails closed with onBackendFailure: 'refuse': 504, not 429 or 500, reported to onError", async () => {
    const errors: unknown[] = [];
    const broken: FlexibleLimiter = {
      consume: () => {
        throw new Error('limiter exploded');
      },
    };
    const { url } = await start(createRateLimiter({ limiter: broken, onBackendFailure: 'refuse' }), errors);
    const answer = await call(url + schedulePath(A), { headers: bearer('all') });
    expect([answer.status, answer.json, answer.headers.get('retry-after')]).toEqual([504, { error: HTTP_MESSAGES.rateLimiterUnavailable }, null]);
    expect(errors).toEqual([new Error('limiter exploded')]);
  });

  it('refuses bad options at start-up', () => {
    expect(() => createRateLimiter({} as never)).toThrow(RATE_LIMITER_MESSAGES.limiter);
    const limiter = new RateLimiterMemory({ points: 1, duration: 1 });
    expect(() => createRateLimiter({ limiter, onBackendFailure: 'open' as never })).toThrow(RATE_LIMITER_MESSAGES.policy);
    expect(() => createRateLimiter({ limiter, timeoutMs: 0 })).toThrow(RATE_LIMITER_MESSAGES.timeout);
  });
});
