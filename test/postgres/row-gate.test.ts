import { describe, expect, it } from 'vitest';
import { isStoreUnavailable } from '../../src/http/store/errors.js';
import { storeDeadline } from '../../src/http/store/deadline.js';
import { createRowGate } from '../../src/postgres/row-gate.js';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('createRowGate: one write per row per process holds a connection, the others wait in memory', () => {
  it('writes of one row run one at a time, in arrival order; writes of other rows do not wait', async () => {
    const gate = createRowGate();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const write = (name: string, ms: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await pause(ms);
      running -= 1;
      log.push(`end ${name}`);
      return name;
    };
    const deadline = storeDeadline(1_000);
    const rowA = Promise.all([gate.run('row-a', deadline, write('a1', 20)), gate.run('row-a', deadline, write('a2', 5)), gate.run('row-a', deadline, write('a3', 5))]);
    const other = gate.run('row-b', deadline, write('b', 5));
    const results = await rowA;
    expect(results).toEqual(['a1', 'a2', 'a3']);
    expect(log.filter((line) => line.endsWith('a1') || line.endsWith('a2') || line.endsWith('a3'))).toEqual(['start a1', 'end a1', 'start a2', 'end a2', 'start a3', 'end a3']);
    // Row b, asked for last, ran beside a1 (it started before a1 ended), not after row a's queue: an order,
    // not a duration, so the machine's load cannot change it.
    expect(await other).toBe('b');
    expect(log.indexOf('start b')).toBeLessThan(log.indexOf('end a1'));
    expect(gate.size).toBe(0);
  });

  it('a waiter whose deadline passes is refused unsent ("timeout", nothing written) and leaves the queue', async () => {
    const gate = createRowGate();
    let ran = 0;
    const holder = gate.run('row', storeDeadline(1_000), () => pause(80));
    const waiter = gate.run('row', storeDeadline(20), async () => void (ran += 1)).catch((error: unknown) => error);
    const refused = await waiter;
    expect(isStoreUnavailable(refused) && [refused.reason, refused.outcome]).toEqual(['timeout', 'none']);
    await holder;
    expect(ran).toBe(0);
    expect(gate.size).toBe(0);
  });

  it('a failing write frees the row for the next one', async () => {
    const gate = createRowGate();
    const deadline = storeDeadline(1_000);
    const first = gate.run('row', deadline, () => Promise.reject(new Error('boom'))).catch((e: Error) => e.message);
    const second = gate.run('row', deadline, async () => 'ok');
    expect(await Promise.all([first, second])).toEqual(['boom', 'ok']);
  });

  it('past maxWaiters a write is refused at once with "contention" (memory stays bounded)', async () => {
    const gate = createRowGate(2);
    const deadline = storeDeadline(1_000);
    const holder = gate.run('row', deadline, () => pause(30));
    const waiting = [gate.run('row', deadline, async () => 1), gate.run('row', deadline, async () => 2)];
    const refused = await gate.run('row', deadline, async () => 3).catch((error: unknown) => error);
    expect(isStoreUnavailable(refused) && refused.reason).toBe('contention');
    await holder;
    expect(await Promise.all(waiting)).toEqual([1, 2]);
  });

  it('a deadline already passed: refused without waiting', async () => {
    const gate = createRowGate();
    const deadline = storeDeadline(1);
    await pause(5);
    const refused = await gate.run('row', deadline, async () => 'ran').catch((error: unknown) => error);
    expect(isStoreUnavailable(refused) && refused.reason).toBe('timeout');
  });
});
