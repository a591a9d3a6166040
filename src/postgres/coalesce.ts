/**
 * Turns a statement over many items into a call per item that shares statements: calls made
 * while a batch runs (or in the same turn of the event loop's microtasks as the first) go
 * together in the next one, at most `maxBatch` and never two with the same `keyOf` in one
 * batch. Nothing waits on a timer: an idle caller's item is sent at once, so batching costs
 * no latency and appears only under load. A batch that rejects rejects each of its calls.
 *
 * @example
 * const complete = coalesced((items) => completeMany(items), (item) => item.effectID, 256);
 * const [a, b] = await Promise.all([complete(x), complete(y)]); // one statement
 */
export function coalesced<I, O>(run: (items: readonly I[]) => Promise<readonly O[]>, keyOf: (item: I) => string, maxBatch: number): (item: I) => Promise<O> {
  type Waiting = { readonly item: I; readonly resolve: (value: O) => void; readonly reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let running = false;

  const next = (): Waiting[] => {
    const batch: Waiting[] = [];
    const keys = new Set<string>();
    const rest: Waiting[] = [];
    for (const waiting of queue) {
      const key = keyOf(waiting.item);
      if (batch.length < maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else rest.push(waiting);
    }
    queue = rest;
    return batch;
  };
  const flush = async (): Promise<void> => {
    running = true;
    try {
      for (let batch = next(); batch.length > 0; batch = next()) {
        try {
          const results = await run(batch.map((waiting) => waiting.item));
          batch.forEach((waiting, i) => waiting.resolve(results[i]!));
        } catch (error) {
          for (const waiting of batch) waiting.reject(error);
        }
      }
    } finally {
      running = false;
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // The first call of an idle spell waits one microtask, for the calls made beside it.
      if (!running) {
        running = true;
        queueMicrotask(() => void flush());
      }
    });
}
