// NodeExchange finds the headers every answer reads in one walk of rawHeaders (HeaderScan):
// the same values as reading each header alone (headerOf: duplicates joined, Host and
// Content-Length first line wins), the same "close the connection?" and the same Host verdict,
// on any list of header lines.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nodeExchange } from '../../src/node/exchange.js';
import { badAuthority } from '../../src/node/request-authority.js';
import { asksForUpgrade, hasUnreadBody, headerOf } from '../../src/node/request-headers.js';
import { pathOfTarget } from '../../src/node/request-target.js';
import { VERSION_HEADER_NAME } from '../../src/http/core/versions.js';
import { VERSION_HEADER } from '../../src/version/index.js';

const NAMES = ['authorization', 'x-request-id', 'x-service-version'] as const;

// Names in several cases, names of the same length as the ones looked for, and others.
const name = fc.constantFrom(
  'host', 'Host', 'HOST', 'hosT', 'hots', 'upgrade', 'Upgrade', 'upgrada', 'x-request-id', 'X-Request-ID', 'x-request-ix',
  'authorization', 'Authorization', 'authorizatioN', 'authorisation', 'content-length', 'Content-Length', 'content-lengtx',
  'x-service-version', 'X-Service-Version', 'transfer-encoding', 'Transfer-Encoding', 'x-service-versiom', 'user-agent', 'accept', '',
);
const value = fc.constantFrom('', '0', ' 0 ', '12', 'chunked', 'Bearer a', 'v2026.04.00', '127.0.0.1:3000', 'a/b', 'h2c', 'x, y');
const lines = fc.array(fc.tuple(name, value), { maxLength: 10 }).map((pairs) => pairs.flat());

const requestOf = (rawHeaders: string[], done: boolean, target: string) =>
  ({ method: 'GET', url: target, rawHeaders, headers: {}, socket: {}, complete: false, readableEnded: done }) as unknown as IncomingMessage;

describe('HeaderScan (NodeExchange reads its headers in one walk)', () => {
  it('answers as reading each header alone, on any header lines', () => {
    fc.assert(
      fc.property(lines, fc.boolean(), fc.constantFrom('/x', 'http://a.example/x', 'http://a b/x', '*'), (raw, done, target) => {
        const req = requestOf(raw, done, target);
        const exchange = nodeExchange(req, {} as ServerResponse);
        for (const n of NAMES) expect(exchange.header(n)).toBe(headerOf(req, n));
        expect(exchange.header('upgrade')).toBe(headerOf(req, 'upgrade'));
        expect(exchange.closesConnection()).toBe(hasUnreadBody(req) || asksForUpgrade(req));
        expect(exchange.malformed !== undefined).toBe(badAuthority(req, target));
      }),
      { numRuns: 5_000 },
    );
  });

  it('joins repeated lines and keeps the first Host and Content-Length', () => {
    const req = requestOf(
      ['Authorization', 'Bearer a', 'x-request-id', 'r1', 'authorization', 'Bearer b', 'X-Request-Id', 'r2', 'Content-Length', '0', 'content-length', '5', 'Host', 'a.example'],
      false,
      '/x',
    );
    const exchange = nodeExchange(req, {} as ServerResponse);
    expect(exchange.header('authorization')).toBe('Bearer a, Bearer b');
    expect(exchange.header('x-request-id')).toBe('r1, r2');
    expect(exchange.header('x-service-version')).toBeUndefined();
    expect(exchange.closesConnection()).toBe(false);
    expect(exchange.malformed).toBeUndefined();
    expect(nodeExchange(requestOf(['Host', 'a.example', 'host', 'a.example'], true, '/x'), {} as ServerResponse).malformed).toBeDefined();
  });
});

describe('the names the pipeline asks the exchange for', () => {
  it('VERSION_HEADER_NAME is the version header in lower case (a literal, so compared by identity)', () => {
    expect(VERSION_HEADER_NAME).toBe(VERSION_HEADER.toLowerCase());
  });

  it('a repeated target gives the same path; another target its own', () => {
    const path = (url: string) => nodeExchange(requestOf(['Host', 'a.example'], true, url), {} as ServerResponse).path;
    for (const url of ['/a/b?x=1', '/a/b?x=1', '/a/c', '/a/b?x=1', 'http://a.example/q?z', 'http://a.example/q?z', '/a/c', `/${'x'.repeat(300)}?q`, `/${'x'.repeat(300)}?q`, '/a/c']) {
      expect(path(url)).toBe(pathOfTarget(url));
    }
  });
});
