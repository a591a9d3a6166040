import { describe, expect, it } from 'vitest';
import { HTTP_DURATION_BUCKETS, TELEMETRY_MESSAGES, createEffectDispatcher, createHandler, createMemoryStore } from '../../../src/http/index.js';
import { A, INVOICE_ID, SCHEDULE_ID, bearer, seed, testOptions } from '../helpers.js';
import { createMetering } from './otel.js';

// The HTTP conventions' advised boundaries, written out from the semantic conventions (not read from the code).
const CONVENTION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

type Point = { attributes: Record<string, unknown>; value: unknown };

describe('HTTP metrics with the SDK', () => {
  it('http.server.request.duration: seconds, the convention buckets, method/route/status/operation attributes', async () => {
    const { meter, collect } = createMetering();
    const handler = createHandler(testOptions({ meter }));
    await handler(new Request(`http://localhost/accounts/${A}/schedules/${SCHEDULE_ID}`, { headers: bearer('all') }));
    await handler(new Request(`http://localhost/accounts/${A}/schedules/${SCHEDULE_ID}`, { headers: bearer('all') }));
    await handler(new Request(`http://localhost/accounts/${A}/schedules/${SCHEDULE_ID}`));
    await handler(new Request('http://localhost/nowhere'));
    const metrics = await collect();
    const duration = metrics.get('http.server.request.duration');
    expect(duration?.descriptor.unit).toBe('s');
    expect(HTTP_DURATION_BUCKETS).toEqual(CONVENTION_BUCKETS);
    const points = (duration?.dataPoints ?? []) as Point[];
    const route = '/accounts/{accountID}/schedules/{scheduleID}';
    expect(points.map((point) => [point.attributes, (point.value as { count: number }).count])).toEqual([
      [{ 'http.request.method': 'GET', 'http.route': route, 'payments_kit.operation.id': 'getSchedule', 'http.response.status_code': 200 }, 2],
      [{ 'http.request.method': 'GET', 'http.route': route, 'payments_kit.operation.id': 'getSchedule', 'http.response.status_code': 401 }, 1],
      [{ 'http.request.method': 'GET', 'http.response.status_code': 404 }, 1],
    ]);
    for (const point of points) {
      const value = point.value as { buckets: { boundaries: number[] }; min: number; max: number };
      expect(value.buckets.boundaries).toEqual(CONVENTION_BUCKETS);
      // Seconds, not milliseconds: a handler answering from memory takes well under a second.
      expect(value.min).toBeGreaterThanOrEqual(0);
      expect(value.max).toBeLessThan(5);
    }
  });

  it('http.server.active_requests rises while a request runs and is back to 0 after', async () => {
    const { meter, collect } = createMetering();
    let release: () => void = () => undefined;
    const store = createMemoryStore({ seed: seed() });
    const read = store.getSchedule.bind(store);
    store.getSchedule = async (...args) => {
      await new Promise<void>((resolve) => (release = resolve));
      return read(...args);
    };
    const handler = createHandler(testOptions({ meter, store }));
    const pending = handler(new Request(`http://localhost/accounts/${A}/schedules/${SCHEDULE_ID}`, { headers: bearer('all') }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const during = (await collect()).get('http.server.active_requests');
    expect(during?.descriptor.unit).toBe('{request}');
    expect((during?.dataPoints as Point[]).map((p) => [p.attributes, p.value])).toEqual([[{ 'http.request.method': 'GET' }, 1]]);
    release();
    expect((await pending).status).toBe(200);
    const after = (await collect()).get('http.server.active_requests');
    expect((after?.dataPoints as Point[]).map((p) => p.value)).toEqual([0]);
  });

  it('http.server.active_requests counts the requests of every handler on one meter together', async () => {
    const { meter, collect } = createMetering();
    const releases: (() => void)[] = [];
    const slowHandler = () => {
      const store = createMemoryStore({ seed: seed() });
      const read = store.getSchedule.bind(store);
      store.getSchedule = async (...args) => {
        await new Promise<void>((resolve) => releases.push(resolve));
        return read(...args);
      };
      return createHandler(testOptions({ meter, store }));
    };
    const request = () => new Request(`http://localhost/accounts/${A}/schedules/${SCHEDULE_ID}`, { headers: bearer('all') });
    const pending = [slowHandler()(request()), slowHandler()(request())];
    await new Promise((resolve) => setTimeout(resolve, 20));
    const during = (await collect()).get('http.server.active_requests');
    expect((during?.dataPoints as Point[]).map((p) => [p.attributes, p.value])).toEqual([[{ 'http.request.method': 'GET' }, 2]]);
    for (const release of releases) release();
    expect((await Promise.all(pending)).map((response) => response.status)).toEqual([200, 200]);
  });

  it('a meter without the instrument factories is refused at start-up', () => {
    expect(() => createHandler(testOptions({ meter: {} as never }))).toThrow(new TypeError(TELEMETRY_MESSAGES.meter('createHandler')));
  });
});

describe('dispatcher metrics with the SDK', () => {
  it('deliveries by outcome and their duration in seconds', async () => {
    const { meter, collect } = createMetering();
    const store = createMemoryStore({ seed: seed() });
    const handler = createHandler(testOptions({ store }));
    const patch = (status: string) =>
      handler(new Request(`http://localhost/accounts/${A}/invoices/${INVOICE_ID}`, { method: 'PATCH', headers: { ...bearer('all'), 'content-type': 'application/json' }, body: JSON.stringify({ status }) }));
    expect((await patch('unpaid')).status).toBe(200);
    let calls = 0;
    const dispatcher = createEffectDispatcher({
      store,
      meter,
      retry: { initialDelayMs: 1, maxDelayMs: 1 },
      deliver: () => {
        calls += 1;
        if (calls === 1) throw new Error('mail server down');
      },
    });
    await dispatcher.drain();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await dispatcher.drain();
    const metrics = await collect();
    const deliveries = metrics.get('payments_kit.effects.deliveries');
    expect(deliveries?.descriptor.unit).toBe('{delivery}');
    expect((deliveries?.dataPoints as Point[]).map((p) => [p.attributes, p.value])).toEqual([
      [{ 'payments_kit.effect.outcome': 'failed', 'payments_kit.effect.type': 'invoice.finalized' }, 1],
      [{ 'payments_kit.effect.outcome': 'delivered', 'payments_kit.effect.type': 'invoice.finalized' }, 1],
    ]);
    const duration = metrics.get('payments_kit.effects.delivery.duration');
    expect(duration?.descriptor.unit).toBe('s');
    expect((duration?.dataPoints as Point[]).map((p) => (p.value as { count: number }).count)).toEqual([1, 1]);
  });

  it('observable gauges of pending effects and the oldest pending age, read from the store', async () => {
    const { meter, collect } = createMetering();
    const stats = { pending: 3, oldestPendingAgeMs: 1500 as number | null };
    const store = Object.assign(createMemoryStore({ seed: seed() }), { outboxStats: async () => stats });
    createEffectDispatcher({ store, meter, deliver: () => undefined });
    const first = await collect();
    expect(first.get('payments_kit.effects.pending')?.descriptor.unit).toBe('{effect}');
    expect((first.get('payments_kit.effects.pending')?.dataPoints as Point[]).map((p) => p.value)).toEqual([3]);
    expect(first.get('payments_kit.effects.oldest_pending.age')?.descriptor.unit).toBe('s');
    expect((first.get('payments_kit.effects.oldest_pending.age')?.dataPoints as Point[]).map((p) => p.value)).toEqual([1.5]);
    stats.pending = 0;
    stats.oldestPendingAgeMs = null;
    const second = await collect();
    expect((second.get('payments_kit.effects.oldest_pending.age')?.dataPoints as Point[]).map((p) => p.value)).toEqual([0]);
  });
});
