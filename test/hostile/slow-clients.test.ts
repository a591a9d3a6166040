// Slow and silent clients against createNodeServer, over 127.0.0.1, bounded in count and time:
// 50 sockets that never finish a request (silent, slowloris headers, a trickled body) are cut
// by the timeouts with a 408 that carries x-request-id, while a normal client's p99 stays low.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, createHandler } from '../../src/http/index.js';
import { type NodeServerOptions, createNodeServer } from '../../src/node/index.js';
import { A, SCHEDULE_ID, UUID, testOptions } from '../http/helpers.js';
import { RawConnection, type RawResponse, rawRequest } from '../http/raw-http.js';

const LIMITS = { headersTimeout: 800, requestTimeout: 1_500, connectionsCheckingInterval: 100 } satisfies NodeServerOptions;
/** A timed-out socket is cut at its timeout plus one checking interval; the rest is room for a busy machine. */
const CUT_WITHIN = LIMITS.requestTimeout + 1_500;
const SLOW_SOCKETS = { silent: 15, slowHeaders: 20, slowBody: 15 };
const P99_TARGET_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

type SlowResult = { kind: string; answer: RawResponse | undefined; closedAfterMs: number };

/** Opens one slow socket of `kind` and trickles bytes every 100 ms until the server closes it. */
async function slowSocket(port: number, kind: keyof typeof SLOW_SOCKETS): Promise<SlowResult> {
  const started = performance.now();
  const c = await RawConnection.open(port);
  const answer = c.next(CUT_WITHIN + 1_000).catch(() => undefined);
  if (kind === 'slowHeaders') c.write(`GET /accounts/${A}/schedules/${SCHEDULE_ID} HTTP/1.1\r\nHost: x\r\n`, ['GET']);
  if (kind === 'slowBody') {
    c.write(rawRequest([`PATCH /accounts/${A}/invoices/x HTTP/1.1`, 'Host: x', 'Authorization: Bearer all', 'Content-Type: application/json', 'Content-Length: 100000']), ['PATCH']);
  }
  if (kind === 'silent') c.write('', ['GET']);
  let closed = false;
  void c.closed.then(() => (closed = true));
  let n = 0;
  while (!closed && performance.now() - started < CUT_WITHIN + 1_000) {
    await Promise.race([sleep(100), c.closed]);
    if (closed) break;
    if (kind === 'slowHeaders') c.write(`x-slow-${n++}: 1\r\n`);
    if (kind === 'slowBody') c.write(' ');
  }
  const result = { kind, answer: await answer, closedAfterMs: performance.now() - started };
  c.destroy();
  return result;
}

describe('slow and silent clients are cut by the timeouts while a normal client is served', () => {
  let port: number;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const server = createNodeServer(createHandler(testOptions()), LIMITS);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    close = () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
  });
  afterAll(() => close());

  it(`${Object.values(SLOW_SOCKETS).reduce((a, b) => a + b)} slow sockets each get a 408 with x-request-id and are closed in time; a normal client's p99 stays under ${P99_TARGET_MS} ms`, { timeout: 30_000 }, async () => {
    const kinds = Object.entries(SLOW_SOCKETS).flatMap(([kind, count]) => Array.from({ length: count }, () => kind as keyof typeof SLOW_SOCKETS));
    const slow = Promise.all(kinds.map((kind) => slowSocket(port, kind)));

    // The normal client: one keep-alive connection, one request at a time, for as long as the slow sockets live.
    const normal = await RawConnection.open(port);
    const request = rawRequest([`GET /accounts/${A}/schedules/${SCHEDULE_ID} HTTP/1.1`, 'Host: x', 'Authorization: Bearer all']);
    const latencies: number[] = [];
    let slowDone = false;
    void slow.then(() => (slowDone = true));
    const deadline = performance.now() + CUT_WITHIN + 2_000;
    while (!slowDone && performance.now() < deadline) {
      const sent = performance.now();
      normal.write(request, ['GET']);
      const answer = await normal.next(5_000);
      latencies.push(performance.now() - sent);
      expect(answer.status).toBe(200);
      await sleep(5);
    }
    normal.destroy();

    const results = await slow;
    for (const { kind, answer, closedAfterMs } of results) {
      expect([kind, answer?.status, answer?.headers['x-request-id']]).toEqual([kind, 408, expect.stringMatching(UUID)]);
      expect(JSON.parse(answer?.body.toString() ?? '')).toEqual({ error: HTTP_MESSAGES.requestTimeout });
      expect(closedAfterMs).toBeLessThan(CUT_WITHIN);
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    expect(sorted.length).toBeGreaterThan(50);
    expect(percentile(sorted, 99)).toBeLessThan(P99_TARGET_MS);
  });
});
