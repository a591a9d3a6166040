import { describe, expect, it } from 'vitest';
import { type EffectDispatcher, type EffectDispatcherOptions, type Store, createEffectDispatcher, createMemoryStore } from '../../src/http/index.js';
import { ACCOUNT_A, fixtureEffect, fixtureInvoice } from '../../src/testing/index.js';

const IN_CI = process.env.CI === 'true';
export const INVOICE = '7f0c8f9e-0000-4000-8000-000000000001';

/**
 * `describe` for suites that need a real server named by `variable` (e.g. PAYMENTS_KIT_AMQP_URL):
 * runs with it, is skipped with the reason in its name locally without it, and FAILS under
 * CI=true without it (the PostgreSQL and Redis suites' pattern; .ci/run sets the variables).
 */
export function describeRealServer(name: string, variable: string, example: string, body: (url: string) => void): void {
  const url = process.env[variable];
  if (url !== undefined && url !== '') describe(name, () => body(url));
  else if (IN_CI) describe(name, () => it(`has a server (${variable})`, () => { throw new Error(`${variable} is not set, but CI=true: CI must start the server and set it (see .ci/run)`); }));
  else describe.skip(`${name} [skipped: ${variable} is not set; e.g. ${variable}=${example}]`, () => body(''));
}

/** The effect IDs `count` effects get in {@link storeWithEffects}: `<prefix>-0`, `<prefix>-1`, ... */
export function effectIDs(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
}

/** A memory store holding one invoice, with `count` effects committed by one write (IDs from {@link effectIDs}). */
export async function storeWithEffects(count: number, prefix = 'eff'): Promise<Store> {
  const store = createMemoryStore({ seed: { accounts: { [ACCOUNT_A]: { invoices: [fixtureInvoice(INVOICE)] } } } });
  const effects = effectIDs(prefix, count).map((effectID, i) => ({ effectID, requestId: `req-${i}`, effect: fixtureEffect(INVOICE, `INV-${i}`) }));
  const written = await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'w'), '1', { effects });
  expect(written.ok).toBe(true);
  return store;
}

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition()` holds, polling every 10 ms; throws with `what` after `ms`. */
export async function until(condition: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`not in ${ms} ms: ${what}`);
    await pause(10);
  }
}

/** How many times each ID occurs. */
export function tally(ids: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/**
 * A started dispatcher tuned for an outage scenario: 8 at once, short timeouts and retries (so
 * that the run goes on within a second of the broker's return); failures are collected.
 */
export function startOutageDispatcher(store: Store, deliver: EffectDispatcherOptions['deliver'], failures: unknown[]): EffectDispatcher {
  const dispatcher = createEffectDispatcher({
    store,
    deliver,
    concurrency: 8,
    deliveryTimeoutMs: 2_000,
    pollIntervalMs: 50,
    retry: { initialDelayMs: 50, maxDelayMs: 400 },
    onError: (error) => failures.push(error),
  });
  dispatcher.start();
  return dispatcher;
}
