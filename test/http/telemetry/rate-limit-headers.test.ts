import fc from 'fast-check';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { type Item, parseList } from 'structured-headers';
import { afterAll, describe, expect, it } from 'vitest';
import { type FlexibleLimiter, RATE_LIMITER_MESSAGES, createRateLimiter, createHandler, isPolicyName, rateLimitHeaders } from '../../../src/http/index.js';
import { A, ADJUSTMENT_ID, SCHEDULE_ID, bearer, testOptions } from '../helpers.js';

const PATH = `/accounts/${A}/schedules/${SCHEDULE_ID}`;
const REDIS_URL = process.env.PAYMENTS_KIT_REDIS_URL;
const CI = process.env.CI === 'true';

/** One parsed header: the list's only item, its name and its parameters. */
function parsed(value: string | null): { name: unknown; params: Record<string, unknown> } {
  expect(value).not.toBeNull();
  const list = parseList(value ?? '');
  expect(list).toHaveLength(1);
  const [name, params] = list[0] as Item;
  return { name, params: Object.fromEntries(params) };
}

type Limiter = FlexibleLimiter & { get(key: string): Promise<{ remainingPoints: number; msBeforeNext: number } | null> };

/** Sends `count` requests and checks each answer's headers against the limiter's state right after it. */
async function checkSequence(limiter: Limiter, key: string, points: number, duration: number): Promise<void> {
  const handler = createHandler(testOptions({ rateLimiter: createRateLimiter({ limiter }) }));
  for (let i = 1; i <= points + 2; i += 1) {
    const response = await handler(new Request(`http://localhost${PATH}`, { headers: bearer('all') }));
    const state = await limiter.get(key);
    expect(state).not.toBeNull();
    const policy = parsed(response.headers.get('ratelimit-policy'));
    const limit = parsed(response.headers.get('ratelimit'));
    expect(policy).toEqual({ name: 'default', params: { q: points, w: duration } });
    expect(limit.name).toBe('default');
    expect(limit.params['r']).toBe(Math.max(0, state?.remainingPoints ?? -1));
    // The reset in whole seconds, rounded up: within a second of the limiter's own figure.
    const t = limit.params['t'] as number;
    expect(t).toBeGreaterThanOrEqual(Math.ceil((state?.msBeforeNext ?? 0) / 1000));
    expect(t).toBeLessThanOrEqual(Math.ceil((state?.msBeforeNext ?? 0) / 1000) + 1);
    expect(t).toBeLessThanOrEqual(duration);
    expect(response.status).toBe(i <= points ? 200 : 429);
    if (i > points) expect(Number(response.headers.get('retry-after'))).toBe(t);
  }
}

describe('RateLimit-Policy and RateLimit headers', () => {
  it('follow RateLimiterMemory over a sequence of requests, parsed as structured fields', async () => {
    await checkSequence(new RateLimiterMemory({ points: 3, duration: 60 }), `getSchedule:${A}`, 3, 60);
  });

  it('every answer of a limited operation carries them: 200, 404 and 429 alike; none without a limiter', async () => {
    const handler = createHandler(testOptions({ rateLimiter: createRateLimiter({ limiter: new RateLimiterMemory({ points: 5, duration: 10 }) }) }));
    const missing = await handler(new Request(`http://localhost/accounts/${A}/adjustments/nope`, { headers: bearer('all') }));
    expect(missing.status).toBe(404);
    expect(parsed(missing.headers.get('ratelimit')).params).toEqual({ r: 4, t: 10 });
    const found = await handler(new Request(`http://localhost/accounts/${A}/adjustments/${ADJUSTMENT_ID}`, { headers: bearer('all') }));
    expect(parsed(found.headers.get('ratelimit')).params['r']).toBe(3);
    const unlimited = await createHandler(testOptions())(new Request(`http://localhost${PATH}`, { headers: bearer('all') }));
    expect([unlimited.headers.get('ratelimit'), unlimited.headers.get('ratelimit-policy')]).toEqual([null, null]);
  });

  it('headers: false turns them off; policyName names the policy; a bad name is refused', async () => {
    const off = createHandler(testOptions({ rateLimiter: createRateLimiter({ limiter: new RateLimiterMemory({ points: 5, duration: 10 }), headers: false }) }));
    const quiet = await off(new Request(`http://localhost${PATH}`, { headers: bearer('all') }));
    expect([quiet.headers.get('ratelimit'), quiet.headers.get('ratelimit-policy')]).toEqual([null, null]);
    const named = createHandler(testOptions({ rateLimiter: createRateLimiter({ limiter: new RateLimiterMemory({ points: 5, duration: 10 }), policyName: 'per "account" \\ op' }) }));
    const answer = await named(new Request(`http://localhost${PATH}`, { headers: bearer('all') }));
    expect(parsed(answer.headers.get('ratelimit-policy')).name).toBe('per "account" \\ op');
    for (const policyName of ['', 'pölicy', 'tab\there', 'x'.repeat(257)]) {
      expect(() => createRateLimiter({ limiter: new RateLimiterMemory({ points: 1, duration: 1 }), policyName })).toThrow(new TypeError(RATE_LIMITER_MESSAGES.policyName));
    }
  });

  it('a limiter without numeric points (a custom one) reports no budget: no headers, Retry-After as before', async () => {
    const limiter: FlexibleLimiter = { consume: () => Promise.reject({ msBeforeNext: 1500, remainingPoints: 0 }) };
    const answer = await createHandler(testOptions({ rateLimiter: createRateLimiter({ limiter }) }))(new Request(`http://localhost${PATH}`, { headers: bearer('all') }));
    expect([answer.status, answer.headers.get('retry-after'), answer.headers.get('ratelimit')]).toEqual([429, '2', null]);
  });

  it('property: any budget serializes to headers a structured-field parser reads back (names, integers in range)', () => {
    const budget = fc.record({
      policy: fc.string({ unit: fc.constantFrom(...' !"#\\az~é\u0000'.split('')), minLength: 0, maxLength: 12 }),
      quota: fc.oneof(fc.double({ noNaN: false }), fc.integer(), fc.constant(1e20), fc.constant(-0)),
      windowSeconds: fc.option(fc.oneof(fc.double(), fc.constant(0), fc.constant(1e20)), { nil: undefined }),
      remaining: fc.oneof(fc.double(), fc.constant(-1), fc.constant(Number.MAX_VALUE)),
      resetSeconds: fc.oneof(fc.double(), fc.constant(0.001), fc.constant(Infinity)),
    });
    fc.assert(
      fc.property(budget, (b) => {
        fc.pre(isPolicyName(b.policy));
        const headers = rateLimitHeaders(b);
        const policy = parsed(headers['ratelimit-policy'] ?? null);
        const limit = parsed(headers['ratelimit'] ?? null);
        expect([policy.name, limit.name]).toEqual([b.policy, b.policy]);
        for (const value of [...Object.values(policy.params), ...Object.values(limit.params)]) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value as number).toBeGreaterThanOrEqual(0);
          expect(value as number).toBeLessThanOrEqual(999_999_999_999_999);
        }
        expect('w' in policy.params).toBe(b.windowSeconds !== undefined);
      }),
      { seed: 21, numRuns: 300 },
    );
  });
});

const describeRedis = REDIS_URL !== undefined && REDIS_URL !== '' ? describe : CI ? describe : describe.skip;
describeRedis(`RateLimit headers over RateLimiterRedis${REDIS_URL ? '' : ' [skipped: PAYMENTS_KIT_REDIS_URL is not set]'}`, () => {
  const redis = REDIS_URL ? new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 }) : undefined;
  afterAll(async () => {
    await redis?.quit().catch(() => undefined);
  });

  it('follow the shared Redis limiter over a sequence of requests', async () => {
    if (redis === undefined) throw new Error('PAYMENTS_KIT_REDIS_URL is not set, but CI=true: CI must start Redis and set it');
    await redis.connect();
    const keyPrefix = `pk_rlh_${process.pid}_${Date.now().toString(36)}`;
    const limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix, points: 3, duration: 30 });
    try {
      await checkSequence(limiter, `getSchedule:${A}`, 3, 30);
    } finally {
      await limiter.delete(`getSchedule:${A}`);
    }
  });
});
