import { type IncomingMessage, type ServerResponse } from 'node:http';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { type HandlerOptions, type Store, createHandler, createMemoryStore } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { A, DISPUTE_ID, INVOICE_ID, SCHEDULE_ID, type TestServer, listen, released, seed, testOptions } from '../http/helpers.js';

// The retry policy against real faults: a server that commits and then drops the connection,
// 429 and 504 with Retry-After, a server that never answers, a reused key with another body,
// and (fast-check) random sequences of transport faults: never more than one execution per write.
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const evidence = { evidenceType: 'receipt', text: 'Paid in full.' } as const;
const disputeParams = { accountID: A, disputeID: DISPUTE_ID };
const invoiceParams = { accountID: A, invoiceID: INVOICE_ID };

/** A client of `baseUrl` that records the status of each answer it gets and calls `seen` on each answer with `status`. */
function watchingClient(baseUrl: string, status: number, seen: () => void): { client: ReturnType<typeof createClient>; statuses: number[] } {
  const statuses: number[] = [];
  const client = createClient({
    baseUrl,
    token: 'all',
    onResponse: ({ response }) => {
      statuses.push(response?.status ?? 0);
      if (response?.status === status) seen();
    },
  });
  return { client, statuses };
}

/**
 * The memory store, counting the writes that commit (the executions of the two stored writes);
 * its first invoice read calls `firstReadBegan` and waits for `firstReadWaitsFor` when given
 * (events the test names, not times, so that a loaded machine cannot reorder the scenario).
 */
function countingStore(firstReadWaitsFor?: Promise<unknown>, firstReadBegan: () => void = () => undefined): { store: Store; executions: () => number } {
  const { within: _within, ...inner } = createMemoryStore({ seed: seed() });
  let executions = 0;
  let reads = 0;
  return {
    executions: () => executions,
    store: {
      ...inner,
      getInvoice: async (accountID, invoiceID) => {
        if (reads++ === 0) {
          firstReadBegan();
          if (firstReadWaitsFor !== undefined) await firstReadWaitsFor;
        }
        return inner.getInvoice(accountID, invoiceID);
      },
      addEvidence: async (...args) => {
        const added = await inner.addEvidence(...args);
        if (added.ok) executions++;
        return added;
      },
      compareAndSetInvoice: async (...args) => {
        const written = await inner.compareAndSetInvoice(...args);
        if (written.ok) executions++;
        return written;
      },
    },
  };
}

/** A node:http server running the handler that, for the first `drops` writes, commits and then destroys the socket instead of answering. */
async function droppingServer(options: Partial<HandlerOptions>, drops: number): Promise<TestServer> {
  const handler = createHandler(testOptions(options));
  const normal = toNodeListener(handler);
  let dropped = 0;
  const server = await listen((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' || dropped >= drops) return normal(req, res);
    dropped++;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = new Headers(Object.entries(req.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value] as [string, string]] : [])));
      void handler(new Request(`http://127.0.0.1${req.url}`, { method: req.method ?? 'POST', headers, body: Buffer.concat(chunks) })).then(async (response) => {
        await response.text(); // committed and answered: now the connection goes before a byte is sent
        req.socket.destroy();
      });
    });
  });
  servers.push(server);
  return server;
}

const fast = { backoff: { initialMs: 1, maxMs: 5 } } as const;

describe('retries (Stripe policy, docs/client.md)', () => {
  it('a connection dropped after the commit: the retry replays under the same key, one execution', async () => {
    for (const write of ['evidence', 'invoice'] as const) {
      const counted = countingStore();
      const server = await droppingServer({ store: counted.store }, 1);
      const keys: string[] = [];
      const client = createClient({ baseUrl: server.url, token: 'all', ...fast, onRequest: ({ request }) => void keys.push(request.headers.get('idempotency-key') ?? '') });
      const result = write === 'evidence' ? await client.uploadEvidenceText(disputeParams, evidence) : await client.updateInvoice(invoiceParams, { status: 'unpaid' });
      expect(result).toMatchObject({ ok: true, attempts: 2, replayed: true });
      expect(counted.executions()).toBe(1);
      expect(new Set(keys).size).toBe(1);
      expect(keys[0]).toBe(result.idempotencyKey);
    }
  });

  it('the caller’s own key is used on every attempt', async () => {
    const counted = countingStore();
    const server = await droppingServer({ store: counted.store }, 2);
    const keys: string[] = [];
    const client = createClient({ baseUrl: server.url, token: 'all', ...fast, onRequest: ({ request }) => void keys.push(request.headers.get('idempotency-key') ?? '') });
    const result = await client.uploadEvidenceText(disputeParams, evidence, { idempotencyKey: 'order-42/evidence' });
    expect(result).toMatchObject({ ok: true, attempts: 3, replayed: true, idempotencyKey: 'order-42/evidence' });
    expect(keys).toEqual(['order-42/evidence', 'order-42/evidence', 'order-42/evidence']);
    expect(counted.executions()).toBe(1);
  });

  it('retries run out: a write whose outcome is unknown is a network failure with its key, to retry under', async () => {
    const counted = countingStore();
    const server = await droppingServer({ store: counted.store }, 2);
    const client = createClient({ baseUrl: server.url, token: 'all', ...fast, retries: 1 });
    const result = await client.uploadEvidenceText(disputeParams, evidence);
    expect(result).toMatchObject({ ok: false, kind: 'network', attempts: 2 });
    expect(counted.executions()).toBe(1);
    const again = await client.uploadEvidenceText(disputeParams, evidence, { idempotencyKey: result.idempotencyKey ?? '' });
    expect(again).toMatchObject({ ok: true, replayed: true, attempts: 1 });
    expect(counted.executions()).toBe(1);
  });

  it('429 with Retry-After: waits that long, then succeeds', async () => {
    let checks = 0;
    const rateLimiter = { check: () => (checks++ === 0 ? { allowed: false as const, retryAfterSeconds: 1 } : { allowed: true as const }) };
    const server = await listen(toNodeListener(createHandler(testOptions({ rateLimiter }))));
    servers.push(server);
    const client = createClient({ baseUrl: server.url, token: 'all' });
    const started = performance.now();
    const result = await client.getSchedule({ accountID: A, scheduleID: SCHEDULE_ID });
    expect(result).toMatchObject({ ok: true, attempts: 2 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
  });

  it('504 with Retry-After (a store past its deadline): waits, retries under the same key, one execution', async () => {
    // The first attempt's invoice read outlasts the store deadline (504) and finishes, committing the write, once the client has seen that 504.
    const seen504 = released();
    const counted = countingStore(seen504.promise);
    const server = await listen(toNodeListener(createHandler(testOptions({ store: counted.store, storeTimeoutMs: 100 }))));
    servers.push(server);
    const { client, statuses } = watchingClient(server.url, 504, seen504.resolve);
    const started = performance.now();
    const result = await client.updateInvoice(invoiceParams, { status: 'unpaid' });
    expect(statuses).toEqual([504, 200]);
    expect(result).toMatchObject({ ok: true, attempts: 2, data: { status: 'unpaid' } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(counted.executions()).toBe(1);
  });

  it('a Retry-After beyond maxRetryAfterMs or the deadline is answered as is, without waiting', async () => {
    const rateLimiter = { check: () => ({ allowed: false as const, retryAfterSeconds: 120 }) };
    const client = createClient({ baseUrl: 'https://x.test', token: 'all', fetch: createHandler(testOptions({ rateLimiter })) });
    const started = performance.now();
    expect(await client.getSchedule({ accountID: A, scheduleID: SCHEDULE_ID })).toMatchObject({ ok: false, kind: 'answer', status: 429, attempts: 1 });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('a hung server: the deadline fires as a timeout and the fetch is aborted (the server sees the connection close)', async () => {
    let closed = 0;
    const server = await listen((req) => void req.socket.on('close', () => void closed++));
    servers.push(server);
    const client = createClient({ baseUrl: server.url, token: 'all', timeoutMs: 300 });
    const started = performance.now();
    const result = await client.getSchedule({ accountID: A, scheduleID: SCHEDULE_ID });
    expect(result).toMatchObject({ ok: false, kind: 'timeout', attempts: 1 });
    if (!result.ok && result.kind === 'timeout') expect((result.error as Error).name).toBe('TimeoutError');
    expect(performance.now() - started).toBeLessThan(1500);
    await expect.poll(() => closed).toBe(1);
  });

  it("the caller's AbortSignal aborts the fetch in flight and the waits", async () => {
    let closed = 0;
    // The caller aborts once the server holds the request (not after a delay a loaded machine may outlast before sending it).
    const arrived = released();
    const server = await listen((req) => {
      req.socket.on('close', () => void closed++);
      arrived.resolve();
    });
    servers.push(server);
    const client = createClient({ baseUrl: server.url, token: 'all' });
    const controller = new AbortController();
    void arrived.promise.then(() => controller.abort(new Error('user left')));
    const result = await client.uploadEvidenceText(disputeParams, evidence, { signal: controller.signal });
    expect(result).toMatchObject({ ok: false, kind: 'aborted', attempts: 1, error: new Error('user left') });
    expect(result.idempotencyKey).toBeTypeOf('string');
    await expect.poll(() => closed).toBe(1);
    // An aborted signal sends nothing; a wait for Retry-After is cut short.
    let sent = 0;
    const limited = createClient({
      baseUrl: 'https://x.test',
      token: 'all',
      fetch: createHandler(testOptions({ rateLimiter: { check: () => ({ allowed: false as const, retryAfterSeconds: 5 }) } })),
      onRequest: () => void sent++,
    });
    expect(await limited.getSchedule({ accountID: A, scheduleID: SCHEDULE_ID }, { signal: AbortSignal.abort() })).toMatchObject({ kind: 'aborted', attempts: 0 });
    expect(sent).toBe(0);
    const started = performance.now();
    expect(await limited.getSchedule({ accountID: A, scheduleID: SCHEDULE_ID }, { signal: AbortSignal.timeout(150) })).toMatchObject({ kind: 'aborted', attempts: 1 });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a 409 key mismatch (same key, another body) is not retried; a 409 "still being processed" (Retry-After) is', async () => {
    const seen409 = released();
    const firstReading = released();
    const counted = countingStore(seen409.promise, firstReading.resolve);
    const server = await listen(toNodeListener(createHandler(testOptions({ store: counted.store }))));
    servers.push(server);
    const { client, statuses } = watchingClient(server.url, 409, seen409.resolve);
    // The first holds the key (its invoice read waits) until the second, same key and body, has met 409 with Retry-After; the second retries.
    // The second is sent once the first is reading under the key, so the two cannot swap roles on a loaded machine.
    const [first, second] = await Promise.all([
      client.updateInvoice(invoiceParams, { status: 'unpaid' }, { idempotencyKey: 'k-1' }),
      firstReading.promise.then(() => client.updateInvoice(invoiceParams, { status: 'unpaid' }, { idempotencyKey: 'k-1' })),
    ]);
    expect(first).toMatchObject({ ok: true, replayed: false, attempts: 1 });
    expect(second).toMatchObject({ ok: true, replayed: true, attempts: 2 });
    expect(statuses.filter((status) => status === 409)).toHaveLength(1);
    const mismatch = await client.updateInvoice(invoiceParams, { status: 'canceled' }, { idempotencyKey: 'k-1' });
    expect(mismatch).toMatchObject({ ok: false, kind: 'answer', status: 409, attempts: 1 });
    expect(counted.executions()).toBe(1);
  });

  it('500 and other 4xx are never retried; a refused connection is (reads and writes), then reported', async () => {
    let sent = 0;
    const client = createClient({
      baseUrl: 'https://x.test',
      token: 'all',
      fetch: async () => (sent++, new Response('{"error":"boom"}', { status: 500, headers: { 'retry-after': '0' } })),
    });
    expect(await client.getSchedule({ accountID: A, scheduleID: SCHEDULE_ID })).toMatchObject({ status: 500, attempts: 1 });
    expect(sent).toBe(1);
    const closed = await listen(() => {});
    const url = closed.url;
    await closed.close();
    const refused = createClient({ baseUrl: url, token: 'all', ...fast });
    expect(await refused.getSchedule({ accountID: A, scheduleID: SCHEDULE_ID })).toMatchObject({ ok: false, kind: 'network', attempts: 3 });
    expect(await refused.uploadEvidenceText(disputeParams, evidence)).toMatchObject({ ok: false, kind: 'network', attempts: 3 });
  });

  it('never more than one execution per write over random sequences of transport faults (fast-check)', async () => {
    const FAULTS = ['none', 'refuse', 'drop-after-commit', '429', '503', '504', 'reset-body'] as const;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...FAULTS), { maxLength: 6 }), fc.integer({ min: 0, max: 4 }), fc.boolean(), async (faults, retries, invoice) => {
        const counted = countingStore();
        const handler = createHandler(testOptions({ store: counted.store }));
        let attempt = 0;
        const fetch = async (request: Request): Promise<Response> => {
          const fault = faults[attempt++] ?? 'none';
          if (fault === 'refuse') throw new TypeError('fetch failed (connection refused)');
          if (fault === '429' || fault === '503' || fault === '504') return new Response('{"error":"busy"}', { status: Number(fault), headers: { 'retry-after': '0' } });
          const response = await handler(request);
          if (fault === 'drop-after-commit') throw new TypeError('fetch failed (socket hang up)');
          if (fault === 'reset-body') return new Response(new ReadableStream({ start: (c) => c.error(new TypeError('terminated')) }), { status: response.status });
          return response;
        };
        const client = createClient({ baseUrl: 'https://x.test', token: 'all', fetch, retries, backoff: { initialMs: 0, maxMs: 0 } });
        const result = invoice ? await client.updateInvoice(invoiceParams, { status: 'unpaid' }) : await client.uploadEvidenceText(disputeParams, evidence);
        expect(counted.executions()).toBeLessThanOrEqual(1);
        expect(result.attempts).toBe(Math.min(attempt, retries + 1));
        if (result.ok) expect(counted.executions()).toBe(1);
        // Retried until an answer or out of attempts; an answer after a commit is the replay.
        const firstAnswer = faults.findIndex((fault) => fault === 'none');
        if (firstAnswer >= 0 && firstAnswer <= retries) expect(result.ok).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
