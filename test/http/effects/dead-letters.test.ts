import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_ATTEMPTS, DISPATCHER_MESSAGES, type Store, type StoreSeed, createEffectDispatcher, createMemoryStore } from '../../../src/http/index.js';
import { createPostgresStore } from '../../../src/postgres/index.js';
import { ACCOUNT_A, fixtureEffect, fixtureInvoice } from '../../../src/testing/index.js';
import { describeRealPostgres, uniqueSchema, usePGlite, useRealPool } from '../../postgres/helpers.js';

const INVOICE = '7f0c8f9e-0000-4000-8000-000000000001';
const SEED: StoreSeed = { accounts: { [ACCOUNT_A]: { invoices: [fixtureInvoice(INVOICE)] } } };

/** Commits `count` effects (`poison-0`...) with one write. */
async function withEffects(store: Store, count: number): Promise<Store> {
  const effects = Array.from({ length: count }, (_, i) => ({ effectID: `poison-${i}`, requestId: `req-${i}`, effect: fixtureEffect(INVOICE, `INV-${i}`) }));
  expect((await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'w'), '1', { effects })).ok).toBe(true);
  return store;
}

/** Drains `rounds` times, `gapMs` apart (longer than the retry delay, so that each round sees the retries due). */
async function drainAll(dispatcher: ReturnType<typeof createEffectDispatcher>, rounds: number, gapMs = 5): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    await dispatcher.drain();
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
}

/** The dead-letter scenario on one store kind. */
function deadLetterSuite(makeStore: () => Promise<Store>): void {
  it('a delivery that always throws is dead after maxAttempts, no longer claimed, listed with its last error; redrive delivers it once', async () => {
    const store = await withEffects(await makeStore(), 2);
    let failing = true;
    const attempts = new Map<string, number[]>();
    const reported: Array<{ attempt?: number; dead?: boolean }> = [];
    const dispatcher = createEffectDispatcher({
      store,
      maxAttempts: 3,
      // Retries due after the drain that failed them, most of the time: one that comes due during a slow drain is parked and given back uncounted (the case below).
      retry: { initialDelayMs: 300, maxDelayMs: 300 },
      deliver: (effect, { attempt }) => {
        attempts.set(effect.effectID, [...(attempts.get(effect.effectID) ?? []), attempt]);
        if (failing && effect.effectID === 'poison-0') throw new RangeError('the endpoint refused it');
      },
      onError: (_error, context) => reported.push({ ...(context.attempt === undefined ? {} : { attempt: context.attempt }), ...(context.dead === undefined ? {} : { dead: context.dead }) }),
    });
    await drainAll(dispatcher, 4, 350);
    expect(attempts.get('poison-0')).toEqual([1, 2, 3]);
    expect(attempts.get('poison-1')).toEqual([1]);
    expect(reported).toEqual([{ attempt: 1 }, { attempt: 2 }, { attempt: 3, dead: true }]);
    expect(await store.claimEffects({ limit: 10, leaseMs: 1_000 })).toEqual([]);
    const dead = await store.listDeadEffects({ limit: 10 });
    expect(dead.map(({ diedAt: _d, ...rest }) => rest)).toEqual([
      { effectID: 'poison-0', accountID: ACCOUNT_A, requestId: 'req-0', effect: fixtureEffect(INVOICE, 'INV-0'), attempts: 3, lastError: 'RangeError: the endpoint refused it' },
    ]);
    expect(await store.outboxStats()).toMatchObject({ pending: 0, inFlight: 0, dead: 1, oldestPendingAgeMs: null, deliveredLastHour: 1 });
    failing = false;
    expect(await dispatcher.redrive({ type: 'invoice.finalized' })).toBe(1);
    expect(await dispatcher.drain()).toBe(1);
    expect(attempts.get('poison-0')).toEqual([1, 2, 3, 1]);
    expect(await dispatcher.drain()).toBe(0);
    expect(await store.listDeadEffects({ limit: 10 })).toEqual([]);
    expect(await store.outboxStats()).toMatchObject({ pending: 0, dead: 0, deliveredLastHour: 2 });
  });

  it('a retry that comes due during a drain is given back with the attempt its claim counted: maxAttempts counts deliveries tried', async () => {
    const inner = await withEffects(await makeStore(), 2);
    // Every failed delivery is claimable again at once, so each drain's next claim meets it again.
    const store: Store = { ...inner, releaseEffect: (id, token, _ms, error) => inner.releaseEffect(id, token, 0, error) };
    const attempts: number[] = [];
    const dispatcher = createEffectDispatcher({
      store,
      maxAttempts: 3,
      deliver: (effect, { attempt }) => {
        if (effect.effectID !== 'poison-0') return;
        attempts.push(attempt);
        throw new RangeError('the endpoint refused it');
      },
    });
    expect(await dispatcher.drain()).toBe(1);
    expect(attempts).toEqual([1]);
    const [again] = await store.claimEffects({ limit: 10, leaseMs: 1_000 });
    expect(again).toMatchObject({ effectID: 'poison-0', attempt: 2 });
    expect(await store.unclaimEffect('poison-0', again?.claimToken ?? '')).toBe(true);
    expect(await store.unclaimEffect('poison-0', again?.claimToken ?? '')).toBe(false);
    expect(await dispatcher.drain()).toBe(0);
    expect(await dispatcher.drain()).toBe(0);
    expect(attempts).toEqual([1, 2, 3]);
    expect((await store.listDeadEffects({ limit: 10 })).map(({ effectID, attempts: n }) => ({ effectID, n }))).toEqual([{ effectID: 'poison-0', n: 3 }]);
  });
}

// Concurrent: the two cases have stores of their own and spend their time waiting between drains.
describe.concurrent('dead letters on the memory store', () => {
  deadLetterSuite(async () => createMemoryStore({ seed: SEED }));

  it('maxAttempts defaults to 25, takes Infinity, and refuses anything but a positive integer', async () => {
    expect(DEFAULT_MAX_ATTEMPTS).toBe(25);
    const store = await withEffects(createMemoryStore({ seed: SEED }), 1);
    const seen: number[] = [];
    // Each retry due exactly 60 ms after its failure (no jitter), each drain 80 ms apart: one attempt
    // per drain as long as a drain takes under 60 ms, even on a slow machine (see the suite above).
    const dispatcher = createEffectDispatcher({ store, retry: { initialDelayMs: 60, maxDelayMs: 60 }, random: () => 1, deliver: (_e, { attempt }) => { seen.push(attempt); throw new Error('no'); } });
    await drainAll(dispatcher, 30, 80);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect((await store.listDeadEffects({ limit: 1 }))[0]?.attempts).toBe(25);
    const forever = await withEffects(createMemoryStore({ seed: SEED }), 1);
    const tries: number[] = [];
    await drainAll(createEffectDispatcher({ store: forever, maxAttempts: Infinity, retry: { initialDelayMs: 20, maxDelayMs: 20 }, deliver: (_e, { attempt }) => { tries.push(attempt); throw new Error('no'); } }), 30, 30);
    expect(tries.length).toBeGreaterThan(25);
    expect((await forever.outboxStats()).dead).toBe(0);
    for (const maxAttempts of [0, -1, 1.5, Number.NaN, -Infinity]) {
      expect(() => createEffectDispatcher({ store, deliver: () => undefined, maxAttempts })).toThrow(DISPATCHER_MESSAGES.maxAttempts);
    }
  });
});

describe('dead letters on PGlite', () => {
  const db = usePGlite();
  deadLetterSuite(() => createPostgresStore({ client: db(), schema: uniqueSchema('dead'), seed: SEED }));
});

describeRealPostgres('dead letters on a real PostgreSQL (pg.Pool)', (url) => {
  const { pool, schemas } = useRealPool(url);
  deadLetterSuite(() => {
    const schema = uniqueSchema('dead');
    schemas.push(schema);
    return createPostgresStore({ client: pool(), schema, seed: SEED });
  });
});
