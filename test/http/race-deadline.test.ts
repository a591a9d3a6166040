import { afterEach, describe, expect, it, vi } from 'vitest';
import { raceDeadline } from '../../src/http/store/deadline.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const expiredError = () => new Error('expired');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('raceDeadline: a task against a deadline, without a signal', () => {
  it('the task\'s value or error when it settles first, expired() when the deadline passes first', async () => {
    expect(await raceDeadline(() => Promise.resolve('value'), 50, expiredError)).toBe('value');
    expect(await raceDeadline(() => 'plain', 50, expiredError)).toBe('plain');
    await expect(raceDeadline(() => Promise.reject(new Error('task failed')), 50, expiredError)).rejects.toThrow('task failed');
    // A task that never settles: the rejection itself shows that the deadline does not wait for
    // it (a 300 ms task and a 250 ms bound before, which a loaded machine could reach).
    const started = performance.now();
    await expect(raceDeadline(() => new Promise(() => undefined), 40, expiredError)).rejects.toThrow('expired');
    expect(performance.now() - started).toBeGreaterThanOrEqual(35); // Node may fire a timer a little early by the loop's clock
  });

  it('a task that rejects after its deadline is not an unhandled rejection (vitest fails the run on one)', async () => {
    await expect(raceDeadline(() => pause(60).then(() => Promise.reject(new Error('late'))), 20, expiredError)).rejects.toThrow('expired');
    await pause(80);
  });

  it('clears its timer when the task settles, and starts none for a task that throws at once', async () => {
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    await raceDeadline(() => Promise.resolve(1), 10_000, expiredError);
    expect(cleared).toHaveBeenCalledTimes(1);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await expect(
      raceDeadline(() => {
        throw new Error('at once');
      }, 10_000, expiredError),
    ).rejects.toThrow('at once');
    expect(timers).not.toHaveBeenCalled();
  });
});
