import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LISTENER_MESSAGES, type ListeningClient, listenOnPool } from '../../src/postgres/listener.js';

// The listener's life on a scripted node-postgres stand-in (the real server's version is
// test/postgres/wake-ups.test.ts): what it connects with, when it reconnects, what it reports.

type Script = { connects: Array<'ok' | Error> };

/** A pool whose `Client` records each client made; `connect()` follows `script.connects` in order ('ok' once it runs out). */
function scriptedPool(script: Script) {
  const made: FakeClient[] = [];
  class FakeClient extends EventEmitter implements ListeningClient {
    readonly queries: string[] = [];
    ended = false;
    constructor(readonly config: Record<string, unknown>) {
      super();
      made.push(this);
    }
    async connect() {
      const outcome = script.connects.shift() ?? 'ok';
      if (outcome !== 'ok') throw outcome;
    }
    async query(text: string) {
      this.queries.push(text);
    }
    async end() {
      this.ended = true;
    }
  }
  return { pool: { Client: FakeClient, options: { connectionString: 'postgres://pool/db', max: 10 } }, made };
}

const SETUP = { channel: 'payments_kit_effects', applicationName: 'payments-kit listen payments_kit' };

describe('listenOnPool', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("connects with the pool's options, its application_name and listenConfig over them, LISTENs on the quoted channel, wakes once, then per notification of its channel only", async () => {
    const { pool, made } = scriptedPool({ connects: [] });
    let wakes = 0;
    const subscription = await listenOnPool(pool, { ...SETUP, config: { connectionString: 'postgres://direct/db' } }, () => void (wakes += 1));
    expect(made).toHaveLength(1);
    expect(made[0]!.config).toEqual({ connectionString: 'postgres://direct/db', max: 10, application_name: SETUP.applicationName });
    expect(made[0]!.queries).toEqual(['LISTEN "payments_kit_effects"']);
    expect(wakes).toBe(1);
    made[0]!.emit('notification', { channel: 'payments_kit_effects', payload: '' });
    made[0]!.emit('notification', { channel: 'other_effects', payload: '' });
    expect(wakes).toBe(2);
    await subscription.close();
    expect(made[0]!.ended).toBe(true);
  });

  it('a lost connection is reported once, ended, and replaced after 100 ms, then 200 ms after a failed attempt; a success resets the delay', async () => {
    const refused = new Error('ECONNREFUSED');
    const { pool, made } = scriptedPool({ connects: ['ok', refused, 'ok', refused] });
    const errors: unknown[] = [];
    let wakes = 0;
    const subscription = await listenOnPool(pool, SETUP, () => void (wakes += 1), (error) => errors.push(error));
    const lost = new Error('terminating connection due to administrator command');
    made[0]!.emit('error', lost);
    made[0]!.emit('end'); // the same loss, seen twice: one report, one reconnect
    expect(errors).toEqual([lost]);
    expect(made[0]!.ended).toBe(true);
    await vi.advanceTimersByTimeAsync(99);
    expect(made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1); // 100 ms: attempt 2, refused
    expect(made).toHaveLength(2);
    expect(errors).toEqual([lost, refused]);
    await vi.advanceTimersByTimeAsync(199);
    expect(made).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1); // 200 ms: attempt 3 succeeds and wakes (catch-up)
    expect(made).toHaveLength(3);
    expect(made[2]!.queries).toEqual(['LISTEN "payments_kit_effects"']);
    expect(wakes).toBe(2);
    made[2]!.emit('end');
    expect(errors[2]).toEqual(new Error(LISTENER_MESSAGES.ended));
    await vi.advanceTimersByTimeAsync(100); // reset: 100 ms again (attempt 4 refused)
    expect(made).toHaveLength(4);
    await subscription.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(made).toHaveLength(4); // closed: no more attempts
  });

  it('close() while a reconnect is pending cancels it; an error of a closed subscription is ignored', async () => {
    const { pool, made } = scriptedPool({ connects: [] });
    const errors: unknown[] = [];
    const subscription = await listenOnPool(pool, SETUP, () => undefined, (error) => errors.push(error));
    made[0]!.emit('error', new Error('gone'));
    await subscription.close();
    await subscription.close();
    made[0]!.emit('error', new Error('late'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(made).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });

  it('a throwing onEffects or onError does not stop it', async () => {
    const { pool, made } = scriptedPool({ connects: [] });
    const subscription = await listenOnPool(pool, SETUP, () => { throw new Error('host bug'); }, () => { throw new Error('host bug'); });
    made[0]!.emit('notification', { channel: SETUP.channel });
    made[0]!.emit('error', new Error('gone'));
    await vi.advanceTimersByTimeAsync(100);
    expect(made).toHaveLength(2);
    await subscription.close();
  });
});
