import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEffectDispatcher } from '../../src/http/index.js';
import { createMemoryStore } from '../../src/http/store/memory-store.js';
import type { Store } from '../../src/http/store/port.js';
import { createPostgresStore } from '../../src/postgres/index.js';
import { effectsChannel, listenerApplicationName } from '../../src/postgres/channel.js';
import { LISTEN_BACKOFF, reconnectDelayMs } from '../../src/postgres/listener.js';
import { POSTGRES_MESSAGES } from '../../src/postgres/messages.js';
import { fixtureEffect, fixtureInvoice } from '../../src/testing/index.js';
import { usePGlite } from './helpers.js';

const FC = { seed: 22_4, numRuns: 200 } as const;
const schemaName = fc.stringMatching(/^[a-z_][a-z0-9_]{0,62}$/).filter((s) => !s.startsWith('pg_'));
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

describe('the NOTIFY channel of a schema', () => {
  it('is the schema plus _effects, an identifier of at most 63 bytes, for every valid schema (1 to 63 characters)', () => {
    expect(effectsChannel('payments_kit')).toBe('payments_kit_effects');
    fc.assert(
      fc.property(schemaName, (schema) => {
        const channel = effectsChannel(schema);
        expect(channel).toMatch(IDENTIFIER);
        expect(channel.length).toBeLessThanOrEqual(63);
        expect(channel.endsWith('_effects')).toBe(true);
        // Whole up to 55 characters, so two such schemas never share a channel.
        if (schema.length <= 55) expect(channel).toBe(`${schema}_effects`);
        else expect(channel.startsWith(schema.slice(0, 55))).toBe(true);
        expect(listenerApplicationName(schema).length).toBeLessThanOrEqual(63);
      }),
      FC,
    );
  });

  it('refuses what the schema name refuses (quotes, upper case, pg_, empty, 64 characters, emoji, __proto__ passes)', () => {
    for (const bad of ['', 'Robert"; DROP', 'UPPER', 'pg_x', 'a'.repeat(64), '1abc', 'caf\u00e9', '\u{1F4B8}', 'a\ud800'])
      expect(() => effectsChannel(bad), bad).toThrow(TypeError);
    expect(effectsChannel('__proto__')).toBe('__proto___effects');
  });
});

describe('reconnect backoff of the listening connection', () => {
  it('doubles from initialDelayMs and stays within maxDelayMs, for any number of failures', () => {
    expect(reconnectDelayMs(0)).toBe(LISTEN_BACKOFF.initialDelayMs);
    expect(reconnectDelayMs(1)).toBe(2 * LISTEN_BACKOFF.initialDelayMs);
    expect(reconnectDelayMs(Number.MAX_SAFE_INTEGER)).toBe(LISTEN_BACKOFF.maxDelayMs);
    fc.assert(
      fc.property(fc.nat(10_000), (failures) => {
        const delay = reconnectDelayMs(failures);
        expect(delay).toBeGreaterThanOrEqual(LISTEN_BACKOFF.initialDelayMs);
        expect(delay).toBeLessThanOrEqual(LISTEN_BACKOFF.maxDelayMs);
        expect(reconnectDelayMs(failures + 1)).toBeGreaterThanOrEqual(delay);
      }),
      FC,
    );
  });
});

describe('a dispatcher on a store without subscribeToEffects, or whose subscription fails', () => {
  it('reports the failure as stage listen and still polls', async () => {
    const memory = createMemoryStore({ seed: { accounts: { a: { invoices: [fixtureInvoice('inv-1')] } } } });
    const failing: Store = Object.assign(Object.create(memory) as Store, {
      subscribeToEffects: () => Promise.reject(new Error('no LISTEN here')),
    });
    const stages: string[] = [];
    const delivered: string[] = [];
    const dispatcher = createEffectDispatcher({
      store: failing,
      pollIntervalMs: 20,
      deliver: (effect) => void delivered.push(effect.effectID),
      onError: (_error, context) => void stages.push(context.stage),
    });
    const current = await memory.getInvoice('a', 'inv-1');
    await memory.compareAndSetInvoice('a', fixtureInvoice('inv-1', 'changed'), current!.version, {
      effects: [{ effectID: 'eff-1', requestId: 'req-1', effect: fixtureEffect('inv-1') }],
    });
    dispatcher.start();
    await expect.poll(() => delivered, { timeout: 5_000 }).toEqual(['eff-1']);
    await dispatcher.stop();
    expect(stages).toEqual(['listen']);
  });
});

describe('PGlite: NOTIFY from the write, LISTEN by the dispatcher', () => {
  const db = usePGlite();

  it('the write notifies once when it inserts effects, and not without effects or on a conflict', async () => {
    const schema = 'notify_once';
    const store = await createPostgresStore({ client: db(), schema, seed: { accounts: { a: { invoices: [fixtureInvoice('inv-1')] } } } });
    let notifications = 0;
    const unlisten = await db().listen(effectsChannel(schema), () => void (notifications += 1));
    const v1 = (await store.getInvoice('a', 'inv-1'))!.version;
    const plain = await store.compareAndSetInvoice('a', fixtureInvoice('inv-1', 'no effects'), v1);
    expect(plain.ok).toBe(true);
    const conflict = await store.compareAndSetInvoice('a', fixtureInvoice('inv-1', 'stale'), v1, {
      effects: [{ effectID: 'eff-stale', requestId: 'r', effect: fixtureEffect('inv-1') }],
    });
    expect(conflict).toEqual({ ok: false, reason: 'conflict' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(notifications).toBe(0);
    const v2 = plain.ok ? plain.version : '';
    const two = await store.compareAndSetInvoice('a', fixtureInvoice('inv-1', 'two effects'), v2, {
      effects: [
        { effectID: 'eff-a', requestId: 'r', effect: fixtureEffect('inv-1') },
        { effectID: 'eff-b', requestId: 'r', effect: fixtureEffect('inv-1') },
      ],
    });
    expect(two.ok).toBe(true);
    await expect.poll(() => notifications, { timeout: 5_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(notifications).toBe(1);
    await unlisten();
  });

  it('a started dispatcher polling every 30 s delivers a write it was not woken for within 5 s; after stop() nothing wakes it', async () => {
    const schema = 'notify_wake';
    const store = await createPostgresStore({ client: db(), schema, seed: { accounts: { a: { invoices: [fixtureInvoice('inv-1')] } } } });
    expect(typeof store.subscribeToEffects).toBe('function');
    const delivered: string[] = [];
    const dispatcher = createEffectDispatcher({ store, pollIntervalMs: 30_000, deliver: (effect) => void delivered.push(effect.effectID) });
    dispatcher.start();
    await new Promise((resolve) => setTimeout(resolve, 200)); // the first pump found nothing; the next poll is 30 s away
    let version = (await store.getInvoice('a', 'inv-1'))!.version;
    const write = async (effectID: string): Promise<void> => {
      const result = await store.compareAndSetInvoice('a', fixtureInvoice('inv-1', effectID), version, {
        effects: [{ effectID, requestId: 'r', effect: fixtureEffect('inv-1') }],
      });
      if (!result.ok) throw new Error(`write ${effectID} failed: ${result.reason}`);
      version = result.version;
    };
    // Within 5 s, far below the 30 s poll, so that only the notification explains it (a
    // second, the bound before, is a PGlite write and a claim on a loaded machine).
    const started = Date.now();
    await write('eff-1');
    await expect.poll(() => delivered, { timeout: 5_000, interval: 5 }).toEqual(['eff-1']);
    expect(Date.now() - started).toBeLessThan(5_000);
    await dispatcher.stop();
    await write('eff-2');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(delivered).toEqual(['eff-1']);
    expect((await store.outboxStats()).pending).toBe(1);
  });

  // On this describe's PGlite: starting one of its own took seconds for a check that never reaches the database.
  it('listenConfig is refused unless it is an object and the client a pg.Pool (here: PGlite, a string, null, an array)', async () => {
    for (const listenConfig of [{ connectionString: 'postgres://direct/db' }, 'postgres://direct/db', null, []])
      await expect(createPostgresStore({ client: db(), schema: 'listen_config', listenConfig: listenConfig as never })).rejects.toThrow(POSTGRES_MESSAGES.badListenConfig);
  });
});
