// Issue 33, item 1: the Host header never routes. Raw node:net requests (fetch rewrites Host),
// on both paths of the Node adapter: the fast one (a handler from createHandler) and the
// bridged one (any other fetch handler, e.g. a host's middleware `(request) => handler(request)`).
import fc from 'fast-check';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, createHandler } from '../../src/http/index.js';
import { createNodeServer } from '../../src/node/index.js';
import { A, INVOICE_ID, SCHEDULE_ID, SPECIFIED_PATHS, testOptions } from './helpers.js';
import { RawConnection, type RawResponse, rawRequest } from './raw-http.js';

type Running = { port: number; close(): Promise<void> };

async function start(server: Server): Promise<Running> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** One request on a fresh connection; `host` undefined sends no Host line, an array sends each. */
async function send(port: number, method: string, target: string, host: string | readonly string[] | undefined, extra: readonly string[] = [], body = ''): Promise<RawResponse> {
  const connection = await RawConnection.open(port);
  try {
    const hosts = host === undefined ? [] : typeof host === 'string' ? [host] : host;
    const lines = [`${method} ${target} HTTP/1.1`, ...hosts.map((h) => `Host: ${h}`), ...extra];
    if (body !== '') lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
    connection.write(rawRequest(lines, body), [method]);
    return await connection.next();
  } finally {
    connection.destroy();
  }
}

const AUTH = 'Authorization: Bearer all';
const VERSION = 'X-Service-Version: v2026.04.00';
const invoicePath = `/accounts/${A}/invoices/${INVOICE_ID}`;
const schedulePath = `/accounts/${A}/schedules/${SCHEDULE_ID}`;
const badHost = { error: HTTP_MESSAGES.badHost };

/** The bridged path: a host's own wrapper around the handler, recording each Request's URL. */
function bridged(): { server: Server; urls: string[] } {
  const handler = createHandler(testOptions());
  const urls: string[] = [];
  return {
    urls,
    server: createNodeServer((request) => {
      urls.push(request.url);
      return handler(request);
    }),
  };
}

describe('the Host header never chooses the routed path (raw requests)', () => {
  let fast: Running;
  let slow: Running;
  let slowUrls: string[];
  let fastUrls: string[];
  beforeAll(async () => {
    fastUrls = [];
    // A host-registered operation gets a Request on the fast path: its URL is recorded too.
    fast = await start(createNodeServer(createHandler(testOptions({
      operations: { listTerminalApplications: { handle: ({ request }) => (fastUrls.push(request.url), Response.json([])) } },
    }))));
    const b = bridged();
    slowUrls = b.urls;
    slow = await start(b.server);
  });
  afterAll(async () => {
    await fast.close();
    await slow.close();
  });

  it('a Host holding a path and "#" no longer replaces the target (GET and the PATCH that wrote the demo invoice)', async () => {
    for (const running of [slow, fast]) {
      const read = await send(running.port, 'GET', '/public-target', `x${schedulePath}#`, [AUTH, VERSION, 'x-request-id: host-1']);
      expect([read.status, JSON.parse(read.body.toString()), read.headers['x-request-id']]).toEqual([400, badHost, 'host-1']);
      const write = await send(running.port, 'PATCH', '/public-target', `x${invoicePath}#`, [AUTH], '{"description":"via Host"}');
      expect([write.status, JSON.parse(write.body.toString())]).toEqual([400, badHost]);
      expect(write.headers['x-request-id']).toBeTruthy();
      for (const host of ['127.0.0.1/docs/#', `127.0.0.1?${schedulePath}`, 'a@b', 'a\\b', '[::1', 'a b', 'x:1:2']) {
        const r = await send(running.port, 'GET', schedulePath, host, [AUTH, VERSION]);
        expect([host, r.status, JSON.parse(r.body.toString())]).toEqual([host, 400, badHost]);
        expect(r.headers['x-request-id']).toBeTruthy();
      }
    }
    // The invoice was never written through the Host.
    const after = await send(fast.port, 'GET', invoicePath, 'x', [AUTH, VERSION]);
    expect(JSON.parse(after.body.toString())).not.toHaveProperty('description', 'via Host');
  });

  it('a repeated Host is 400 on both paths (RFC 9112 3.2)', async () => {
    for (const running of [slow, fast]) {
      const r = await send(running.port, 'GET', schedulePath, ['a', 'b'], [AUTH, VERSION]);
      expect([r.status, JSON.parse(r.body.toString())]).toEqual([400, badHost]);
      expect(r.headers['x-request-id']).toBeTruthy();
    }
  });

  it('a well-formed Host (name, IPv4, bracketed IPv6, port, empty, absent) is answered by the target alone', async () => {
    for (const host of ['api.example.com', 'API.Example.com:8443', '127.0.0.1:1', '[::1]:3000', '[2001:db8::1]', 'x:', '', undefined]) {
      const before = slowUrls.length;
      for (const running of [slow, fast]) {
        const r = await send(running.port, 'GET', `${schedulePath}?q=1`, host, [AUTH, VERSION]);
        expect([host, r.status]).toEqual([host, 200]);
      }
      const url = new URL(slowUrls[before] ?? '');
      expect([host, url.pathname, url.search]).toEqual([host, schedulePath, '?q=1']);
    }
  });

  it('the Request a handler gets has the same URL on the fast and the bridged path', async () => {
    for (const host of ['api.example.com:8443', '[::1]', '', undefined]) {
      for (const target of ['/terminal-applications?limit=2', 'http://other.example/terminal-applications?x=%2F', 'HTTP://Other.example']) {
        fastUrls.length = 0;
        slowUrls.length = 0;
        await send(fast.port, 'GET', target, host, [AUTH]);
        await send(slow.port, 'GET', target, host, [AUTH]);
        expect([host, target, fastUrls.length > 0 || !target.includes('terminal'), fastUrls[0] ?? slowUrls[0]]).toEqual([host, target, true, slowUrls[0]]);
      }
    }
  });

  it('an absolute-form target with a malformed authority is 400 on both paths', async () => {
    for (const running of [slow, fast]) {
      const r = await send(running.port, 'GET', `http://a@b${schedulePath}`, 'x', [AUTH, VERSION]);
      expect([r.status, JSON.parse(r.body.toString())]).toEqual([400, badHost]);
    }
  });

  it('a target with a scheme other than http(s) is 400 with x-request-id on both paths, never routed by its path', async () => {
    for (const running of [slow, fast]) {
      for (const target of ['ws://evil.example/openapi.json', 'WSS://evil.example/docs', 'file:///openapi.json', `ftp://127.0.0.1${schedulePath}`]) {
        const r = await send(running.port, 'GET', target, '127.0.0.1', [AUTH, VERSION]);
        expect([target, r.status, JSON.parse(r.body.toString())]).toEqual([target, 400, badHost]);
        expect(r.headers['x-request-id']).toMatch(/./);
      }
    }
  });

  // The property of the issue: for random targets and Host values, what is routed (status and
  // body, and on the bridged path the Request's path and query) is what the same target gets
  // with `Host: localhost`, or the Host is refused 400 before anything is routed.
  const segment = fc.oneof(
    fc.constantFrom('accounts', A, 'schedules', SCHEDULE_ID, 'invoices', INVOICE_ID, 'docs', 'openapi.json', '..', '.', '', '%2F', '%23', '#', '?'),
    fc.string({ unit: fc.constantFrom('a', 'Z', '0', '-', '.', '_', '~', '%', '@', ':', '!'), maxLength: 8 }),
  );
  const target = fc.oneof(fc.constantFrom(...SPECIFIED_PATHS), fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`))
    .chain((path) => fc.constantFrom(path, `${path}?limit=2`, `${path}?x=/accounts/${A}`));
  const hostPart = fc.oneof(
    fc.constantFrom('localhost', '127.0.0.1', '[::1]', 'api.example.com', 'x', '', ':80', ':99999'),
    fc.string({ unit: fc.constantFrom('a', '1', '.', '-', ':', '[', ']', '/', '?', '#', '@', '\\', '%', '!', '*'), maxLength: 12 }),
  );
  const host = fc.tuple(hostPart, fc.oneof(fc.constant(''), target, fc.constantFrom('#', '?', '/'))).map(([h, tail]) => `${h}${tail}`);

  it('property: the routed answer depends only on the target, never on Host', async () => {
    const slowPath = (): string => {
      const url = slowUrls.at(-1);
      return url === undefined ? '' : new URL(url).pathname + new URL(url).search;
    };
    await fc.assert(
      fc.asyncProperty(target, host, async (t, h) => {
        for (const running of [slow, fast]) {
          slowUrls.length = 0;
          const baseline = await send(running.port, 'GET', t, 'localhost', [AUTH, VERSION]);
          const seenBaseline = slowPath();
          slowUrls.length = 0;
          const trial = await send(running.port, 'GET', t, h, [AUTH, VERSION]);
          expect(trial.headers['x-request-id']).toBeTruthy();
          if (trial.status === 400 && trial.body.toString() === JSON.stringify(badHost)) continue;
          expect([trial.status, trial.body.toString()]).toEqual([baseline.status, baseline.body.toString()]);
          if (running === slow) expect(slowPath()).toBe(seenBaseline);
        }
      }),
    );
  });
});
