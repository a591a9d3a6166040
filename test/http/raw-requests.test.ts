// Requests only a raw socket can send: absolute-form targets, a Host that forms no URL, and
// two Authorization headers. Each must get a 4xx with x-request-id, never a 500.
import { type ServerOptions, createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, createHandler } from '../../src/http/index.js';
import { answerClientError, toNodeListener } from '../../src/node/index.js';
import { A, INVOICE_ID, SCHEDULE_ID, listen, testOptions } from './helpers.js';

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** Sends `lines` (CRLF-joined, then a blank line) on a fresh socket and reads one answer. */
function rawRequest(port: number, lines: string[], body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = data.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      if (data.length - end - 4 < length) return;
      socket.destroy();
      resolve({ status: Number(head[0]?.split(' ')[1]), headers, body: data.slice(end + 4, end + 4 + length) });
    });
    socket.on('error', reject);
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

const portOf = (url: string): number => Number(new URL(url).port);

describe('raw requests through toNodeListener', () => {
  it('routes an absolute-form target by its path, never by its query: http://x?q=/accounts/... is "/" (404)', async () => {
    const s = await listen(toNodeListener(createHandler(testOptions())));
    try {
      const port = portOf(s.url);
      for (const target of [`http://x?q=/accounts/${A}/schedules/${SCHEDULE_ID}`, `http://x?/accounts/${A}/schedules/${SCHEDULE_ID}`]) {
        const r = await rawRequest(port, [`GET ${target} HTTP/1.1`, 'Host: x', 'Authorization: Bearer all']);
        expect([target, r.status, JSON.parse(r.body)]).toEqual([target, 404, { error: HTTP_MESSAGES.notFound }]);
        expect(r.headers['x-request-id']).toBeTruthy();
      }
      const patch = await rawRequest(
        port,
        [`PATCH http://x?q=/accounts/${A}/invoices/${INVOICE_ID} HTTP/1.1`, 'Host: x', 'Authorization: Bearer all', 'Content-Type: application/json', 'Content-Length: 26'],
        '{"description":"via query"}'.slice(0, 26), // a truncated body: the route is refused before it is read
      );
      expect(patch.status).toBe(404);
      // The absolute form with a real path is still routed by that path.
      const real = await rawRequest(port, [`GET http://x/accounts/${A}/schedules/${SCHEDULE_ID}?q=1 HTTP/1.1`, 'Host: x', 'Authorization: Bearer all']);
      expect(real.status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('answers 400 {error} with x-request-id when Host is not host[:port], or target and Host form no URL', async () => {
    const handler = createHandler(testOptions({ operations: { listTerminalApplications: { handle: () => Response.json([]) } } }));
    const s = await listen(toNodeListener(handler));
    try {
      for (const host of ['a b', 'evil@x:1']) {
        const r = await rawRequest(portOf(s.url), ['GET /terminal-applications HTTP/1.1', `Host: ${host}`, 'Authorization: Bearer all', 'x-request-id: raw-1']);
        expect([host, r.status, JSON.parse(r.body), r.headers['x-request-id']]).toEqual([host, 400, { error: HTTP_MESSAGES.badHost }, 'raw-1']);
      }
    } finally {
      await s.close();
    }
  });

  it('answers 400 with x-request-id for a plain fetch handler when no Request can be built', async () => {
    const s = await listen(toNodeListener(async () => Response.json({ reached: true })));
    try {
      const r = await rawRequest(portOf(s.url), ['GET / HTTP/1.1', 'Host: a b']);
      expect(r.status).toBe(400);
      expect(r.headers['x-request-id']).toBeTruthy();
      const star = await rawRequest(portOf(s.url), ['OPTIONS * HTTP/1.1', 'Host: x']);
      expect(star.status).toBe(400);
    } finally {
      await s.close();
    }
  });

  it('treats two Authorization headers as one malformed credential (401), in either order, as fetch Headers does', async () => {
    const s = await listen(toNodeListener(createHandler(testOptions())));
    try {
      for (const [first, second] of [['all', 'nope'], ['nope', 'all']]) {
        const r = await rawRequest(portOf(s.url), [`GET /accounts/${A}/schedules/${SCHEDULE_ID} HTTP/1.1`, 'Host: x', `Authorization: Bearer ${first}`, `Authorization: Bearer ${second}`]);
        expect([first, r.status, r.headers['www-authenticate']?.startsWith('Bearer')]).toEqual([first, 401, true]);
      }
    } finally {
      await s.close();
    }
  });
});

describe('answerClientError: requests Node’s own parser refuses', () => {
  /** A server with the listener and, optionally, answerClientError on 'clientError'. */
  async function parserServer(withAnswer: boolean, options: ServerOptions = {}): Promise<{ port: number; close: () => Promise<void> }> {
    const server = createServer(options, toNodeListener(createHandler(testOptions())));
    if (withAnswer) server.on('clientError', answerClientError);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { port, close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }) };
  }

  const MALFORMED = [
    ['a request line with a space in the target', ['GET /a b HTTP/1.1', 'Host: x']],
    ['a header line without a colon', ['GET / HTTP/1.1', 'Host: x', 'no colon here']],
    ['a header name with a space', ['GET / HTTP/1.1', 'Host: x', 'bad name: 1']],
    ['a bad Content-Length', ['POST / HTTP/1.1', 'Host: x', 'Content-Length: 1x']],
  ] as const;

  it.each(MALFORMED)('%s: 400 {error} with x-request-id and connection: close', async (_name, lines) => {
    const s = await parserServer(true);
    try {
      const r = await rawRequest(s.port, [...lines]);
      expect([r.status, JSON.parse(r.body), r.headers['connection']]).toEqual([400, { error: HTTP_MESSAGES.unparseable }, 'close']);
      expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await s.close();
    }
  });

  it('chunk extensions over Node\'s limit: 400 {error} (the handler never answers 413), with x-request-id', async () => {
    const s = await parserServer(true);
    try {
      const r = await rawRequest(
        s.port,
        [`POST /accounts/${A}/apple-pay/sessions HTTP/1.1`, 'Host: x', 'Authorization: Bearer all', 'Content-Type: application/json', 'Transfer-Encoding: chunked'],
        `2;${'x'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
      );
      expect([r.status, JSON.parse(r.body)]).toEqual([400, { error: HTTP_MESSAGES.bodyTooLarge }]);
      expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await s.close();
    }
  });

  it('headers over maxHeaderSize: 431 {error} with x-request-id', async () => {
    const s = await parserServer(true, { maxHeaderSize: 1024 });
    try {
      const r = await rawRequest(s.port, ['GET / HTTP/1.1', 'Host: x', `x-big: ${'a'.repeat(2048)}`]);
      expect([r.status, JSON.parse(r.body)]).toEqual([431, { error: HTTP_MESSAGES.headersTooLarge }]);
      expect(r.headers['x-request-id']).toBeTruthy();
    } finally {
      await s.close();
    }
  });

  it('a request not received within requestTimeout: 408 {error} with x-request-id', async () => {
    const s = await parserServer(true, { requestTimeout: 150, headersTimeout: 150, connectionsCheckingInterval: 25 } as ServerOptions);
    try {
      const answer = new Promise<string>((resolve, reject) => {
        const socket = connect(s.port, '127.0.0.1');
        let data = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => (data += chunk));
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
        socket.write('GET / HTTP/1.1\r\nHost: x\r\n'); // headers never finished
      });
      const text = await answer;
      expect(text.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
      expect(text).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/);
      expect(text.endsWith(JSON.stringify({ error: HTTP_MESSAGES.requestTimeout }))).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('without it, Node answers the same request with no x-request-id (why the listener exists)', async () => {
    const s = await parserServer(false);
    try {
      const r = await rawRequest(s.port, ['GET /a b HTTP/1.1', 'Host: x']);
      expect(r.status).toBe(400);
      expect(r.headers['x-request-id']).toBeUndefined();
    } finally {
      await s.close();
    }
  });
});
