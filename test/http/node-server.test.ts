// createNodeServer over real sockets: every request a client can send gets the handler's answer
// (or answerClientError's) with x-request-id, never a misattributed one, and refused uploads
// are not read to their end.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, type HandlerOptions, createHandler } from '../../src/http/index.js';
import { DEFAULT_NODE_SERVER_LIMITS, NODE_SERVER_MESSAGES, type NodeServerOptions, createNodeServer } from '../../src/node/index.js';
import { A, INVOICE_ID, SCHEDULE_ID, TOKENS, UUID, draftInvoice, testOptions } from './helpers.js';
import { RawConnection, rawRequest } from './raw-http.js';

type Started = {
  readonly port: number;
  readonly server: Server;
  /** The server side of every accepted connection. */
  readonly sockets: Socket[];
  readonly errors: unknown[];
  close(): Promise<void>;
};

const opened: Started[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

/** Serves `createHandler(testOptions(overrides))`; `bridged` hides its fast path, as any other fetch handler. */
async function start(overrides: Partial<HandlerOptions> = {}, options: NodeServerOptions = {}, bridged = false): Promise<Started> {
  const errors: unknown[] = [];
  const handler = createHandler(testOptions({ onError: (error) => errors.push(error), ...overrides }));
  const server = createNodeServer(bridged ? (request) => handler(request) : handler, options);
  const sockets: Socket[] = [];
  server.on('connection', (socket: Socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const started: Started = {
    port: (server.address() as AddressInfo).port,
    server,
    sockets,
    errors,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }),
  };
  opened.push(started);
  return started;
}

const auth = 'Authorization: Bearer all';
const invoicePath = `/accounts/${A}/invoices/${INVOICE_ID}`;
const patchLines = (body: string, extra: string[] = []) => [
  `PATCH ${invoicePath} HTTP/1.1`,
  'Host: x',
  auth,
  'Content-Type: application/json',
  `Content-Length: ${Buffer.byteLength(body)}`,
  ...extra,
];
const json = (body: Buffer): unknown => JSON.parse(body.toString());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createNodeServer: every request gets an answer with x-request-id', () => {
  it('a request without Host gets the handler’s answer (Node alone answers a bare 400)', async () => {
    const s = await start();
    const c = await RawConnection.open(s.port);
    c.write(rawRequest([`GET /accounts/${A}/schedules/${SCHEDULE_ID} HTTP/1.1`, auth]), ['GET']);
    const r = await c.next();
    expect(r.status).toBe(200);
    expect((json(r.body) as { scheduleID: string }).scheduleID).toBe(SCHEDULE_ID);
    expect(r.headers['x-request-id']).toMatch(UUID);
    // And a Host-less request to nowhere is the handler's 404, not the parser's 400.
    c.write(rawRequest(['GET /nowhere HTTP/1.1']), ['GET']);
    const missing = await c.next();
    expect([missing.status, json(missing.body)]).toEqual([404, { error: HTTP_MESSAGES.notFound }]);
    expect(missing.headers['x-request-id']).toMatch(UUID);
    c.destroy();
  });

  it('CONNECT is answered by the handler with x-request-id, and the connection is closed', async () => {
    const s = await start();
    for (const target of ['example.com:443', invoicePath]) {
      const c = await RawConnection.open(s.port);
      c.write(rawRequest([`CONNECT ${target} HTTP/1.1`, 'Host: example.com:443', auth]), ['CONNECT']);
      const r = await c.next();
      expect(r.status).toBe(target === invoicePath ? 405 : 404);
      expect(r.headers['x-request-id']).toMatch(UUID);
      expect(r.headers['connection']).toBe('close');
      await c.closed;
    }
  });

  it('a CONNECT pipelined after other requests is answered after them, in order (it used to crash the process)', async () => {
    const s = await start();
    const c = await RawConnection.open(s.port);
    const get = rawRequest([`GET /accounts/${A}/schedules/${SCHEDULE_ID} HTTP/1.1`, 'Host: x', auth]);
    c.write(Buffer.concat([get, get, rawRequest(['CONNECT example.com:443 HTTP/1.1', 'Host: example.com:443'], 'tunnel bytes')]), ['GET', 'GET', 'CONNECT']);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await c.next()).status);
    expect(statuses).toEqual([200, 200, 404]);
    await c.closed;
  });

  it('a request asking to switch protocols is answered and the connection closed (Node drops what is pipelined behind it)', async () => {
    const s = await start();
    const c = await RawConnection.open(s.port);
    const get = [`GET /accounts/${A}/schedules/${SCHEDULE_ID} HTTP/1.1`, 'Host: x', auth];
    c.write(Buffer.concat([rawRequest([...get, 'Connection: upgrade', 'Upgrade: websocket']), rawRequest(get)]), ['GET', 'GET']);
    const r = await c.next();
    expect([r.status, r.headers['connection']]).toEqual([200, 'close']);
    expect(r.headers['x-request-id']).toMatch(UUID);
    await Promise.race([c.closed, sleep(2_000)]);
    expect(c.socket.destroyed).toBe(true);
  });

  it('methods the router does not serve get 405 or 404, and methods Node cannot parse a 400, each with x-request-id', async () => {
    const s = await start();
    const cases = [
      ['PROPFIND', invoicePath, 405],
      ['PURGE', '/x', 404],
      ['QUERY', invoicePath, 405],
      ['TRACE', invoicePath, 405],
      ['BREW', invoicePath, 400],
      ['get', invoicePath, 400],
    ] as const;
    for (const [method, path, status] of cases) {
      const c = await RawConnection.open(s.port);
      c.write(rawRequest([`${method} ${path} HTTP/1.1`, 'Host: x', auth]), [method]);
      const r = await c.next();
      expect([method, r.status]).toEqual([method, status]);
      expect(r.headers['x-request-id']).toMatch(UUID);
      c.destroy();
    }
  });

  it('an Expect other than 100-continue is served as if absent (Node alone answers a bare 417)', async () => {
    const s = await start();
    const c = await RawConnection.open(s.port);
    c.write(rawRequest([`GET /accounts/${A}/schedules/${SCHEDULE_ID} HTTP/1.1`, 'Host: x', auth, 'Expect: something-else']), ['GET']);
    const r = await c.next();
    expect(r.status).toBe(200);
    expect(r.headers['x-request-id']).toMatch(UUID);
    c.destroy();
  });
});

describe('createNodeServer: pipelined bytes Node cannot parse never replace a pending answer', () => {
  it('a committed PATCH followed by garbage on the same write gets its own 200; the garbage gets the 400 after it', async () => {
    const committed: string[] = [];
    const base = testOptions().store;
    const store = {
      ...base,
      // A slow write: the garbage is parsed long before the PATCH is answered.
      compareAndSetInvoice: async (...args: Parameters<typeof base.compareAndSetInvoice>) => {
        await sleep(50);
        const result = await base.compareAndSetInvoice(...args);
        if (result.ok) committed.push(args[1].description ?? '');
        return result;
      },
    };
    const s = await start({ store });
    const c = await RawConnection.open(s.port);
    const body = JSON.stringify({ description: 'pipelined' });
    c.write(Buffer.concat([rawRequest(patchLines(body), body), Buffer.from('\x01\x02 garbage \r\n\r\n')]), ['PATCH', 'GARBAGE']);
    const first = await c.next();
    expect(first.status).toBe(200);
    expect(json(first.body)).toMatchObject({ invoiceID: INVOICE_ID, description: 'pipelined' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    const second = await c.next();
    expect([second.status, json(second.body), second.headers['connection']]).toEqual([400, { error: HTTP_MESSAGES.unparseable }, 'close']);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(committed).toEqual(['pipelined']);
    await c.closed;
  });

  it('several pipelined requests are all answered, in order, before the garbage’s 400', async () => {
    const s = await start();
    const c = await RawConnection.open(s.port);
    const get = rawRequest([`GET /accounts/${A}/schedules/${SCHEDULE_ID} HTTP/1.1`, 'Host: x', auth]);
    const body = JSON.stringify({ description: 'second' });
    c.write(Buffer.concat([get, rawRequest(patchLines(body), body), get, Buffer.from('NOT HTTP AT ALL\r\n\r\n')]), ['GET', 'PATCH', 'GET', 'X']);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await c.next()).status);
    expect(statuses).toEqual([200, 200, 200, 400]);
    await c.closed;
  });

  it('garbage that keeps coming while the answer is pending is read only up to a bound, then the socket is destroyed', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const base = testOptions().store;
    const store = { ...base, getInvoice: async (...args: Parameters<typeof base.getInvoice>) => (await gate, base.getInvoice(...args)) };
    const s = await start({ store });
    const c = await RawConnection.open(s.port);
    const body = JSON.stringify({ description: 'x' });
    c.write(Buffer.concat([rawRequest(patchLines(body), body), Buffer.from('garbage\r\n')]), ['PATCH']);
    const chunk = Buffer.alloc(16_384, 0x41);
    const started = Date.now();
    while (!c.socket.destroyed && Date.now() - started < 5_000) {
      if (!c.write(chunk)) await Promise.race([new Promise((resolve) => c.socket.once('drain', resolve)), c.closed]);
    }
    await Promise.race([c.closed, sleep(1_000)]);
    release();
    expect(c.socket.destroyed).toBe(true);
    expect(s.sockets[0]?.bytesRead).toBeLessThan(2 * 65_536 + 65_536);
  });
});

describe('createNodeServer: refused uploads close the connection instead of being read', () => {
  /** Streams `total` bytes of body after `head` until the server closes the connection; resolves with the first answer. */
  async function upload(port: number, head: Buffer, total: number, chunked = false) {
    const c = await RawConnection.open(port);
    c.write(head, ['PATCH']);
    const answer = c.next(10_000);
    const chunk = Buffer.alloc(65_536, 0x20);
    const framed = chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
    let sent = 0;
    const started = Date.now();
    while (!c.socket.destroyed && sent < total && Date.now() - started < 10_000) {
      sent += framed.length;
      if (!c.write(framed)) await Promise.race([new Promise((resolve) => c.socket.once('drain', resolve)), c.closed, sleep(200)]);
    }
    const response = await answer;
    await Promise.race([c.closed, sleep(2_000)]);
    const closed = c.socket.destroyed || c.socket.readableEnded;
    c.destroy();
    return { response, closed, sent };
  }

  const GiB = 1 << 30;

  it('a declared Content-Length over maxBodyBytes: 400 with connection: close; the server reads a bounded part of the upload', async () => {
    const s = await start({ maxBodyBytes: 65_536 });
    const head = rawRequest([`PATCH ${invoicePath} HTTP/1.1`, 'Host: x', auth, 'Content-Type: application/json', `Content-Length: ${GiB}`]);
    const { response, closed, sent } = await upload(s.port, head, 64 * 1_048_576);
    expect([response.status, json(response.body), response.headers['connection']]).toEqual([400, { error: HTTP_MESSAGES.bodyTooLarge }, 'close']);
    expect(response.headers['x-request-id']).toMatch(UUID);
    expect(closed).toBe(true);
    expect(sent).toBeLessThan(64 * 1_048_576);
    expect(s.sockets[0]?.bytesRead).toBeLessThan(1_048_576);
  });

  it('an unauthenticated chunked upload: 401 with connection: close, a bounded part read', async () => {
    const s = await start();
    const head = rawRequest([`PATCH ${invoicePath} HTTP/1.1`, 'Host: x', 'Content-Type: application/json', 'Transfer-Encoding: chunked']);
    const { response, closed } = await upload(s.port, head, 64 * 1_048_576, true);
    expect([response.status, response.headers['connection']]).toEqual([401, 'close']);
    expect(response.headers['x-request-id']).toMatch(UUID);
    expect(closed).toBe(true);
    expect(s.sockets[0]?.bytesRead).toBeLessThan(1_048_576);
  });

  it('a body streamed past maxBodyBytes without a declared length: 400, closed, a bounded part read', async () => {
    const s = await start({ maxBodyBytes: 65_536 });
    const head = rawRequest([`PATCH ${invoicePath} HTTP/1.1`, 'Host: x', auth, 'Content-Type: application/json', 'Transfer-Encoding: chunked']);
    const { response, closed } = await upload(s.port, head, 64 * 1_048_576, true);
    expect([response.status, json(response.body), response.headers['connection']]).toEqual([400, { error: HTTP_MESSAGES.bodyTooLarge }, 'close']);
    expect(closed).toBe(true);
    expect(s.sockets[0]?.bytesRead).toBeLessThan(1_048_576);
  });

  it('Expect: 100-continue: a refused request is answered without 100 Continue; an accepted one gets 100 Continue, then its answer', async () => {
    const s = await start();
    const body = JSON.stringify({ description: 'after continue' });
    const refused = await RawConnection.open(s.port);
    refused.write(rawRequest([`PATCH ${invoicePath} HTTP/1.1`, 'Host: x', 'Content-Type: application/json', `Content-Length: ${body.length}`, 'Expect: 100-continue']), ['PATCH']);
    const r = await refused.next();
    expect([r.status, r.headers['connection']]).toEqual([401, 'close']);
    await refused.closed;

    const accepted = await RawConnection.open(s.port);
    accepted.write(rawRequest([...patchLines(body), 'Expect: 100-continue']), ['PATCH']);
    expect((await accepted.next()).status).toBe(100);
    accepted.write(body);
    const answer = await accepted.next();
    expect(answer.status).toBe(200);
    expect(json(answer.body)).toMatchObject({ description: 'after continue' });
    expect(answer.headers['connection']).not.toBe('close');
    accepted.destroy();
  });

  it('a request whose body was read to its end keeps the connection open', async () => {
    const s = await start();
    const c = await RawConnection.open(s.port);
    for (const description of ['one', 'two']) {
      const body = JSON.stringify({ description });
      c.write(rawRequest(patchLines(body), body), ['PATCH']);
      const r = await c.next();
      expect([r.status, r.headers['connection']]).toEqual([200, 'keep-alive']);
    }
    expect(s.sockets).toHaveLength(1);
    c.destroy();
  });
});

describe('createNodeServer: a client that goes away is not an internal error', () => {
  /** Resolves when the server has closed the response of the next request. */
  function nextResponseClosed(server: Server): Promise<void> {
    return new Promise((resolve) => server.once('request', (_req: IncomingMessage, res: ServerResponse) => res.once('close', () => resolve())));
  }

  it.each([
    ['createHandler’s own path', false],
    ['a bridged fetch handler', true],
  ])('a disconnect mid-body reaches no onError, and the server keeps serving (%s)', async (_name, bridged) => {
    const s = await start({}, {}, bridged);
    const received = new Promise((resolve) => s.server.once('request', resolve));
    const closed = nextResponseClosed(s.server);
    const c = await RawConnection.open(s.port);
    c.write(rawRequest([`PATCH ${invoicePath} HTTP/1.1`, 'Host: x', auth, 'Content-Type: application/json', 'Content-Length: 1000'], '{"description":'), ['PATCH']);
    await received; // the server has the request and waits for the rest of its body (not a delay a loaded machine may outlast)
    c.destroy();
    await closed;
    await sleep(100);
    expect(s.errors).toEqual([]);
    const again = await RawConnection.open(s.port);
    const body = JSON.stringify({ description: 'still serving' });
    again.write(rawRequest(patchLines(body), body), ['PATCH']);
    expect((await again.next()).status).toBe(200);
    again.destroy();
  });

  it('a disconnect while the wallet provider works aborts its signal and reaches no onError', async () => {
    let aborted: unknown;
    let working: () => void = () => undefined;
    const providerWorks = new Promise<void>((resolve) => (working = resolve));
    const s = await start({
      walletProvider: {
        createSession: ({ signal }) =>
          new Promise((_resolve, reject) => {
            working();
            signal.addEventListener('abort', () => {
              aborted = signal.reason;
              reject(signal.reason);
            });
          }),
      },
    });
    const closed = nextResponseClosed(s.server);
    const c = await RawConnection.open(s.port);
    const body = JSON.stringify({ domain: 'shop.example.com', displayName: 'Shop' });
    c.write(
      rawRequest([`POST /accounts/${A}/apple-pay/sessions HTTP/1.1`, 'Host: x', auth, 'Content-Type: application/json', `Content-Length: ${body.length}`], body),
      ['POST'],
    );
    await providerWorks; // the client goes while the provider works (not after a delay a loaded machine may outlast)
    c.destroy();
    await closed;
    await sleep(100);
    expect(aborted).toBeDefined();
    expect(s.errors).toEqual([]);
  });
});

describe('createNodeServer: settings', () => {
  it('applies the documented defaults and any override, and refuses bad values with a TypeError', async () => {
    const handler = createHandler(testOptions());
    const server = createNodeServer(handler);
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout, server.maxConnections]).toEqual([
      DEFAULT_NODE_SERVER_LIMITS.headersTimeout,
      DEFAULT_NODE_SERVER_LIMITS.requestTimeout,
      DEFAULT_NODE_SERVER_LIMITS.keepAliveTimeout,
      DEFAULT_NODE_SERVER_LIMITS.maxConnections,
    ]);
    const custom = createNodeServer(handler, { headersTimeout: 2_000, requestTimeout: 4_000, keepAliveTimeout: 65_000, maxConnections: 7 });
    expect([custom.headersTimeout, custom.requestTimeout, custom.keepAliveTimeout, custom.maxConnections]).toEqual([2_000, 4_000, 65_000, 7]);
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createNodeServer(handler, { maxConnections: bad })).toThrow(new TypeError(NODE_SERVER_MESSAGES.positive('maxConnections')));
    }
    expect(() => createNodeServer(handler, { headersTimeout: 5_000, requestTimeout: 1_000 })).toThrow(
      new TypeError(NODE_SERVER_MESSAGES.headersAfterRequest),
    );
  });

  it('connections beyond maxConnections are closed at once; the open ones keep being served', async () => {
    const s = await start({}, { maxConnections: 2 });
    const kept = [await RawConnection.open(s.port), await RawConnection.open(s.port)];
    await sleep(50);
    const third = await RawConnection.open(s.port);
    await third.closed;
    for (const c of kept) {
      c.write(rawRequest([`GET /accounts/${A}/schedules/${SCHEDULE_ID} HTTP/1.1`, 'Host: x', auth]), ['GET']);
      expect((await c.next()).status).toBe(200);
      c.destroy();
    }
    await sleep(50);
    const later = await RawConnection.open(s.port);
    later.write(rawRequest([`GET /accounts/${A}/schedules/${SCHEDULE_ID} HTTP/1.1`, 'Host: x', auth]), ['GET']);
    expect((await later.next()).status).toBe(200);
    later.destroy();
  });

  it('reports each parser refusal to onClientError with its status, request id and code', async () => {
    const entries: unknown[] = [];
    const s = await start({}, { onClientError: (entry) => entries.push(entry) });
    const c = await RawConnection.open(s.port);
    c.write('GET /a b HTTP/1.1\r\nHost: x\r\n\r\n', ['GET']);
    const r = await c.next();
    expect(r.status).toBe(400);
    expect(entries).toEqual([{ status: 400, requestId: r.headers['x-request-id'], code: expect.stringMatching(/^HPE_/) }]);
  });
});

// Keep the seeded fixtures referenced (the draft is what the PATCHes above change).
void draftInvoice;
void TOKENS;
