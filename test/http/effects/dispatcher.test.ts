import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_POLICY,
  DISPATCHER_MESSAGES,
  type DeliverableEffect,
  type DeliveryContext,
  type Store,
  createEffectDispatcher,
  createMemoryStore,
  retryDelayMs,
} from '../../../src/http/index.js';
import { ACCOUNT_A, fixtureEffect, fixtureInvoice } from '../../../src/testing/index.js';

const INVOICE = '7f0c8f9e-0000-4000-8000-000000000001';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A memory store holding one invoice, with `count` effects committed by one write; on `clock` when given. */
async function storeWithEffects(count: number, clock?: () => Date): Promise<Store> {
  const seed = { accounts: { [ACCOUNT_A]: { invoices: [fixtureInvoice(INVOICE)] } } };
  const store = createMemoryStore(clock === undefined ? { seed } : { seed, clock });
  const effects = Array.from({ length: count }, (_, i) => ({ effectID: `eff-${i}`, requestId: `req-${i}`, effect: fixtureEffect(INVOICE, `INV-${i}`) }));
  const written = await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'w'), '1', { effects });
  expect(written.ok).toBe(true);
  return store;
}

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await pause(5);
  }
}

describe('createEffectDispatcher', () => {
  it('drain delivers every pending effect once, with its effectID and context, and resolves with the count', async () => {
    const store = await storeWithEffects(7);
    const seen: [DeliverableEffect, Omit<DeliveryContext, 'signal'>][] = [];
    const dispatcher = createEffectDispatcher({
      store,
      deliver: (effect, { signal, ...context }) => {
        expect(signal.aborted).toBe(false);
        seen.push([effect, context]);
      },
    });
    expect(await dispatcher.drain()).toBe(7);
    expect(seen.map(([e]) => e.effectID).sort()).toEqual(['eff-0', 'eff-1', 'eff-2', 'eff-3', 'eff-4', 'eff-5', 'eff-6']);
    expect(seen.find(([e]) => e.effectID === 'eff-3')).toEqual([
      { ...fixtureEffect(INVOICE, 'INV-3'), effectID: 'eff-3' },
      { effectID: 'eff-3', accountID: ACCOUNT_A, requestId: 'req-3', attempt: 1 },
    ]);
    expect(await dispatcher.drain()).toBe(0);
    expect(await store.claimEffects({ limit: 10, leaseMs: 1000 })).toEqual([]);
  });

  it('a delivery that throws 3 times is retried with backoff until it succeeds; nothing is lost', async () => {
    const store = await storeWithEffects(1);
    const attempts: number[] = [];
    const errors: unknown[] = [];
    const dispatcher = createEffectDispatcher({
      store,
      retry: { initialDelayMs: 20 },
      deliver: (_effect, { attempt }) => {
        attempts.push(attempt);
        if (attempts.length <= 3) throw new Error(`mail server down (${attempt})`);
      },
      onError: (error, context) => errors.push([(error as Error).message, context.stage, context.attempt, context.retryInMs]),
    });
    dispatcher.start();
    await until(() => attempts.length === 4);
    await dispatcher.stop();
    expect(attempts).toEqual([1, 2, 3, 4]);
    expect(errors).toHaveLength(3);
    for (const [i, error] of errors.entries()) {
      const [message, stage, attempt, retryInMs] = error as [string, string, number, number];
      expect([message, stage, attempt]).toEqual([`mail server down (${i + 1})`, 'deliver', i + 1]);
      // Exponential with equal jitter: in [base/2, base] where base = 20 * 2^(attempt-1).
      expect(retryInMs).toBeGreaterThanOrEqual(10 * 2 ** i);
      expect(retryInMs).toBeLessThanOrEqual(20 * 2 ** i);
    }
    expect(await store.claimEffects({ limit: 10, leaseMs: 1000 })).toEqual([]);
  });

  it('a delivery is not retried before its backoff', async () => {
    const store = await storeWithEffects(1);
    const times: number[] = [];
    const dispatcher = createEffectDispatcher({
      store,
      retry: { initialDelayMs: 400 },
      random: () => 0.999,
      pollIntervalMs: 20,
      deliver: () => {
        times.push(Date.now());
        if (times.length === 1) throw new Error('once');
      },
    });
    dispatcher.start();
    await until(() => times.length === 2);
    await dispatcher.stop();
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(390);
  });

  it('a delivery past deliveryTimeoutMs is aborted and retried', async () => {
    const store = await storeWithEffects(1);
    const signals: AbortSignal[] = [];
    const errors: string[] = [];
    const dispatcher = createEffectDispatcher({
      store,
      deliveryTimeoutMs: 50,
      retry: { initialDelayMs: 10 },
      deliver: (_effect, { signal }) => {
        signals.push(signal);
        return signals.length === 1 ? new Promise(() => undefined) : undefined;
      },
      onError: (error) => errors.push((error as Error).name),
    });
    dispatcher.start();
    await until(() => signals.length === 2);
    await dispatcher.stop();
    expect(signals[0]?.aborted).toBe(true);
    expect(errors).toEqual(['TimeoutError']);
    expect(await store.claimEffects({ limit: 10, leaseMs: 1000 })).toEqual([]);
  });

  it('stop() waits for the deliveries under way', async () => {
    const store = await storeWithEffects(3);
    let finished = 0;
    let started = 0;
    const dispatcher = createEffectDispatcher({
      store,
      deliver: async () => {
        started += 1;
        await pause(150);
        finished += 1;
      },
    });
    dispatcher.start();
    await until(() => started === 3);
    await dispatcher.stop();
    expect(finished).toBe(3);
  });

  it('wake() delivers a new effect at once, without waiting for the poll', async () => {
    const inner = await storeWithEffects(0);
    // The effect is written once the start-up claim has found nothing (not after 20 ms, which a
    // loaded machine may outlast: that claim would then deliver it, woken or not).
    let claims = 0;
    const store: Store = {
      ...inner,
      claimEffects: async (input) => {
        const found = await inner.claimEffects(input);
        claims += 1;
        return found;
      },
    };
    const delivered: number[] = [];
    const dispatcher = createEffectDispatcher({ store, pollIntervalMs: 60_000, deliver: () => void delivered.push(Date.now()) });
    dispatcher.start();
    await until(() => claims === 1);
    const current = await store.getInvoice(ACCOUNT_A, INVOICE);
    await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'x'), current!.version, {
      effects: [{ effectID: 'late', requestId: 'r', effect: fixtureEffect(INVOICE) }],
    });
    const woken = Date.now();
    dispatcher.wake();
    await until(() => delivered.length === 1, 10_000);
    await dispatcher.stop();
    // Far below the 60 s poll: only wake() explains it (1 s before, which a loaded machine could reach).
    expect(delivered[0]! - woken).toBeLessThan(10_000);
  });

  it('an effect claimed by a dispatcher that died is delivered by another after the lease', async () => {
    // The store's clock moves only when the test moves it: the lease runs out when the test says,
    // not when a loaded machine gets round to the next poll.
    let now = Date.parse('2026-04-10T12:00:00Z');
    const inner = await storeWithEffects(1, () => new Date(now));
    const dead = await inner.claimEffects({ limit: 10, leaseMs: 200 });
    expect(dead).toHaveLength(1);
    let claims = 0;
    const store: Store = { ...inner, claimEffects: (input) => ((claims += 1), inner.claimEffects(input)) };
    const attempts: number[] = [];
    const dispatcher = createEffectDispatcher({ store, pollIntervalMs: 25, deliver: (_e, { attempt }) => void attempts.push(attempt) });
    dispatcher.start();
    await until(() => claims >= 2);
    now += 199;
    const beforeExpiry = claims;
    await until(() => claims >= beforeExpiry + 2);
    expect(attempts).toEqual([]);
    now += 1;
    await until(() => attempts.length === 1);
    await dispatcher.stop();
    expect(attempts).toEqual([2]);
  });

  it('two dispatchers over one store deliver each effect exactly once', async () => {
    const store = await storeWithEffects(40);
    const delivered: string[] = [];
    const make = () =>
      createEffectDispatcher({
        store,
        concurrency: 3,
        deliver: async (effect) => {
          await pause(1);
          delivered.push(effect.effectID);
        },
      });
    const [x, y] = [make(), make()];
    x.start();
    y.start();
    await until(() => delivered.length >= 40);
    await Promise.all([x.stop(), y.stop()]);
    expect(delivered).toHaveLength(40);
    expect(new Set(delivered).size).toBe(40);
  });

  it('store failures are reported, not thrown, and the loop goes on', async () => {
    const inner = await storeWithEffects(1);
    let failures = 2;
    const store: Store = {
      ...inner,
      claimEffects: (input) => (failures-- > 0 ? Promise.reject(new Error('db down')) : inner.claimEffects(input)),
    };
    const stages: string[] = [];
    const delivered: string[] = [];
    const dispatcher = createEffectDispatcher({ store, pollIntervalMs: 10, deliver: (e) => void delivered.push(e.effectID), onError: (_e, c) => stages.push(c.stage) });
    dispatcher.start();
    await until(() => delivered.length === 1);
    await dispatcher.stop();
    expect(stages).toEqual(['claim', 'claim']);
  });

  it('refuses options it cannot honour', () => {
    const store = createMemoryStore();
    const deliver = () => undefined;
    expect(() => createEffectDispatcher({ store, deliver, deliveryTimeoutMs: 1000, leaseMs: 1000 })).toThrow(DISPATCHER_MESSAGES.lease);
    expect(() => createEffectDispatcher({ store, deliver, concurrency: 0 })).toThrow(DISPATCHER_MESSAGES.positive('concurrency'));
    expect(() => createEffectDispatcher({ store, deliver: undefined as never })).toThrow(DISPATCHER_MESSAGES.deliver);
  });

  it('retryDelayMs: the first retry within a second, doubling, capped, jittered in the upper half', () => {
    expect(retryDelayMs(1, DEFAULT_RETRY_POLICY, () => 0)).toBe(250);
    expect(retryDelayMs(1, DEFAULT_RETRY_POLICY, () => 0.999999)).toBeLessThan(1000);
    expect(retryDelayMs(2, DEFAULT_RETRY_POLICY, () => 0)).toBe(500);
    expect(retryDelayMs(3, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(1500);
    expect(retryDelayMs(100, DEFAULT_RETRY_POLICY, () => 0.999999)).toBeLessThanOrEqual(300_000);
    expect(retryDelayMs(100, DEFAULT_RETRY_POLICY, () => 0)).toBe(150_000);
  });

  it('a started dispatcher does not keep the process alive', async () => {
    const script = `
      import { createEffectDispatcher, createMemoryStore } from './src/http/index.ts';
      const d = createEffectDispatcher({ store: createMemoryStore(), deliver: () => {}, pollIntervalMs: 50 });
      d.start();
      console.log('started');
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(-1);
      }, 20_000);
      child.once('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(out).toContain('started');
    expect(code).toBe(0);
  }, 30_000);
});

// How a started dispatcher sizes its claims and runs its marks (issue 22's benchmark): a claim
// is sized once the deliveries that settled together have freed their slots, and the marks of
// delivered effects run behind the next claim (deliveries plus unmarked deliveries at most 2 x concurrency).
describe('createEffectDispatcher: claim sizes and marks behind the deliveries', () => {
  it('deliveries that settle together free their slots before the next claim: 40 effects at concurrency 4 are claimed 4 at a time', async () => {
    const store = await storeWithEffects(40);
    const limits: number[] = [];
    const counted: Store = { ...store, claimEffects: (input) => (limits.push(input.limit), store.claimEffects(input)) };
    let delivered = 0;
    const dispatcher = createEffectDispatcher({ store: counted, concurrency: 4, pollIntervalMs: 60_000, deliver: () => void (delivered += 1) });
    dispatcher.start();
    await until(() => delivered === 40);
    await dispatcher.stop();
    // Every claim that found effects asked for a whole batch (no 1-then-3 splits).
    expect(limits.length).toBeGreaterThanOrEqual(10);
    expect(limits.slice(0, 10)).toEqual(Array(10).fill(4));
  });

  it('the next claim does not wait for the marks; deliveries plus unmarked deliveries stay within 2 x concurrency; stop() waits for the marks', async () => {
    const store = await storeWithEffects(12);
    let releaseMarks: () => void = () => undefined;
    const marksHeld = new Promise<void>((resolve) => (releaseMarks = resolve));
    let marked = 0;
    const slowMarks: Store = {
      ...store,
      completeEffect: async (effectID, claimToken) => {
        await marksHeld;
        const done = await store.completeEffect(effectID, claimToken);
        marked += 1;
        return done;
      },
    };
    const delivered: string[] = [];
    const dispatcher = createEffectDispatcher({ store: slowMarks, concurrency: 4, pollIntervalMs: 60_000, deliver: (effect) => void delivered.push(effect.effectID) });
    dispatcher.start();
    // Two batches are delivered while no mark has finished, and no third.
    await until(() => delivered.length === 8);
    await pause(50);
    expect(delivered).toHaveLength(8);
    expect(marked).toBe(0);
    releaseMarks();
    await until(() => delivered.length === 12);
    const stopping = dispatcher.stop();
    await stopping;
    expect(marked).toBe(12);
    expect((await store.outboxStats()).pending).toBe(0);
  });
});
