import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHandler, createMemoryStore } from '../../../src/http/index.js';
import { resolveOptions } from '../../../src/http/pipeline/options.js';
import { observeDeliveries } from '../../../src/http/telemetry/delivery-trace.js';
import { A, SCHEDULE_ID, bearer, seed, testOptions } from '../helpers.js';
import { createMetering } from './otel.js';

const PATH = `/accounts/${A}/schedules/${SCHEDULE_ID}`;

afterEach(() => vi.restoreAllMocks());

describe('without a tracer and a meter nothing of telemetry runs', () => {
  it('the resolved options hold no telemetry, the host store itself and the host onResponse itself', () => {
    const store = createMemoryStore({ seed: seed() });
    const onResponse = () => undefined;
    const resolved = resolveOptions({ store, onResponse }, new Set());
    expect(resolved.telemetry).toBeUndefined();
    expect(resolved.store).toBe(store);
    expect(resolved.onResponse).toBe(onResponse);
  });

  it("the dispatcher's attempt is the plain one (no wrapper, nothing per delivery)", () => {
    const attempt = async () => ({ ok: true }) as const;
    expect(observeDeliveries({}, { outboxStats: () => Promise.reject(new Error('not read')) }, attempt)).toBe(attempt);
  });

  it('a request reads no clock for telemetry (the counter: performance.now calls), a metered one does', async () => {
    const now = vi.spyOn(performance, 'now');
    const plain = createHandler(testOptions());
    expect((await plain(new Request(`http://localhost${PATH}`, { headers: bearer('all') }))).status).toBe(200);
    expect(now).toHaveBeenCalledTimes(0);
    const metered = createHandler(testOptions({ meter: createMetering().meter }));
    expect((await metered(new Request(`http://localhost${PATH}`, { headers: bearer('all') }))).status).toBe(200);
    expect(now.mock.calls.length).toBeGreaterThan(0);
  });
});
