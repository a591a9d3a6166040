import { describe, expect, it } from 'vitest';
import { coalesced } from '../../src/postgres/coalesce.js';

/** A batch runner that records each batch and answers each item doubled, after `ms`. */
function recorder(ms = 5) {
  const batches: number[][] = [];
  const run = async (items: readonly number[]) => {
    batches.push([...items]);
    await new Promise((resolve) => setTimeout(resolve, ms));
    return items.map((n) => n * 2);
  };
  return { batches, run };
}

describe('coalesced', () => {
  it('calls made together share one batch, each gets its own answer', async () => {
    const { batches, run } = recorder();
    const call = coalesced(run, String, 100);
    expect(await Promise.all([call(1), call(2), call(3)])).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('calls made while a batch runs go together in the next one; an idle call is sent alone, at once', async () => {
    const { batches, run } = recorder(20);
    const call = coalesced(run, String, 100);
    const first = call(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = [call(2), call(3), call(4)];
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(await call(5)).toBe(10);
    expect(batches.at(-1)).toEqual([5]);
  });

  it('never puts two calls with one key or more than maxBatch in a batch', async () => {
    const { batches, run } = recorder();
    const call = coalesced(run, (n: number) => String(n % 10), 2);
    expect(await Promise.all([call(1), call(11), call(2), call(3)])).toEqual([2, 22, 4, 6]);
    expect(batches).toEqual([[1, 2], [11, 3]]);
  });

  it('a batch that rejects rejects each of its calls, and the next batch runs', async () => {
    let fail = true;
    const call = coalesced(
      async (items: readonly number[]) => {
        if (fail) throw new Error('connection lost');
        return items;
      },
      String,
      10,
    );
    const results = await Promise.allSettled([call(1), call(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await call(3)).toBe(3);
  });
});
