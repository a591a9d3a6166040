// Servers that hang, answer slowly, send garbage or are not there: the run ends within its
// bounds and says why, it never hangs.
import { type Server, createServer } from 'node:http';
import * as fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/testing/index.js';
import { closedPort, referenceFixtures } from './reference-server.js';

const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
}

const options = { fixtures: referenceFixtures(), fastCheck: fc, seed: 9, runs: 5, requestTimeoutMs: 150, timeoutMs: 10_000 };

describe('the runner never hangs', () => {
  it('a server that never answers: three timeouts, then no more requests; every rule fails or skips with the reason', async () => {
    const url = await listen(() => undefined);
    const started = Date.now();
    const report = await runConformance({ ...options, baseUrl: url });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(report.stopped).toMatch(/^3 requests in a row got no answer \(last: no complete answer within 150 ms\)/);
    expect(report.passed).toBe(0);
    const failed = report.rules.find((r) => r.status === 'fail');
    expect(failed?.counterexample?.response).toEqual({ error: expect.stringMatching(/no complete answer within 150 ms/) });
  });

  it('a server that sends its headers and then never finishes the body: the body read times out too', async () => {
    const url = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'r' });
      response.write('{"scheduleID":');
    });
    const report = await runConformance({ ...options, baseUrl: url });
    expect(report.stopped).toMatch(/no complete answer within 150 ms/);
  });

  it('a slow server (each answer after 400 ms) is reported as not answering within the request timeout', async () => {
    const url = await listen((_request, response) => {
      setTimeout(() => response.writeHead(404, { 'x-request-id': 'r', 'content-type': 'application/json' }).end('{"error":"late"}'), 400).unref();
    });
    const report = await runConformance({ ...options, baseUrl: url });
    expect(report.failed).toBeGreaterThan(0);
    expect(report.stopped).toContain('no answer');
  });

  it('the total bound stops the run: past timeoutMs no request is sent', async () => {
    const url = await listen((_request, response) => {
      setTimeout(() => response.writeHead(401, { 'x-request-id': 'r', 'content-type': 'application/json' }).end('{}'), 30).unref();
    });
    const started = Date.now();
    const report = await runConformance({ ...options, baseUrl: url, requestTimeoutMs: 1000, timeoutMs: 400 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(report.stopped).toBe('the run reached its total time bound; no more requests were sent');
  });

  it('garbage (200 with bytes that are not JSON, no x-request-id) fails the rules it breaks, with the text as the answer', async () => {
    const url = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('\u0000\u00ff<html>not json');
    });
    const report = await runConformance({ ...options, baseUrl: url });
    const byId = Object.fromEntries(report.rules.map((r) => [r.id, r]));
    expect(byId['request-id']?.status).toBe('fail');
    expect(byId['auth-missing']?.status).toBe('fail');
    expect(byId['resource-schemas']?.counterexample?.message).toContain('the body is not JSON');
    const response = byId['auth-missing']?.counterexample?.response;
    expect(response).toMatchObject({ status: 200, notJson: true });
    expect(report.stopped).toBeUndefined();
  });

  it('a huge answer is read up to 1 MiB and reported as not JSON', async () => {
    const url = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'r' });
      response.end(`{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`);
    });
    const report = await runConformance({ ...options, baseUrl: url, requestTimeoutMs: 2000, runs: 1 });
    expect(report.rules.find((r) => r.id === 'resource-schemas')?.counterexample?.message).toContain('the body is not JSON');
  });

  it('nothing listening: connection refused three times, then the run ends', async () => {
    const report = await runConformance({ ...options, baseUrl: `http://127.0.0.1:${await closedPort()}` });
    expect(report.stopped).toMatch(/^3 requests in a row got no answer \(last: no answer: /);
    expect(report.requests).toBeGreaterThan(3);
  });
});
