import { connect } from 'node:net';

/** A whole HTTP/1.1 answer read from its own connection. */
export type OwnConnectionAnswer = { readonly status: number; readonly headers: Headers; readonly text: string };

/** What {@link sendOnOwnConnection} sends. */
export type OwnConnectionRequest = {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /**
   * Writes the head first and holds the body back this long: a server that answers from the head
   * alone (a `content-length` above its limit) answers before any byte of the body is on the wire.
   */
  readonly holdBodyMs?: number;
};

const HEAD_END = '\r\n\r\n';

/** The answer in `received` once it is complete (by `content-length`, chunked framing or `ended`), else `undefined`. */
function parseAnswer(received: Buffer, ended: boolean): OwnConnectionAnswer | undefined {
  const headEnd = received.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const [statusLine = '', ...lines] = received.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!Number.isInteger(status)) throw new Error(`not an HTTP/1.1 status line: ${JSON.stringify(statusLine)}`);
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const rest = received.subarray(headEnd + HEAD_END.length);
  const length = headers.get('content-length');
  if (length !== null) return rest.byteLength >= Number(length) ? { status, headers, text: rest.subarray(0, Number(length)).toString('utf8') } : undefined;
  if (/chunked/i.test(headers.get('transfer-encoding') ?? '')) {
    const chunks: Buffer[] = [];
    let at = 0;
    for (;;) {
      const sizeEnd = rest.indexOf('\r\n', at);
      if (sizeEnd < 0) return undefined;
      const size = Number.parseInt(rest.subarray(at, sizeEnd).toString('latin1'), 16);
      if (size === 0) return { status, headers, text: Buffer.concat(chunks).toString('utf8') };
      if (rest.byteLength < sizeEnd + 2 + size + 2) return undefined;
      chunks.push(rest.subarray(sizeEnd + 2, sizeEnd + 2 + size));
      at = sizeEnd + 2 + size + 2;
    }
  }
  return ended ? { status, headers, text: rest.toString('utf8') } : undefined;
}

/**
 * Sends one HTTP/1.1 request on a connection of its own (`connection: close`, never pooled) and
 * resolves with the answer as soon as it has arrived whole. A server that refuses a large body
 * from its `content-length` alone answers before reading it; workerd serving HTTP itself then
 * closes with the body unread, which the kernel turns into a reset that cuts the client's upload
 * (`write ECONNRESET`, `EPIPE`) or a pooled connection's next request (`read ECONNRESET`). With
 * `holdBodyMs` the body waits until the server has had the time to answer from the head, as a
 * client sending `expect: 100-continue` would. An answer that did not arrive whole rejects with
 * the socket's error.
 *
 * @example
 * const answer = await sendOnOwnConnection('http://127.0.0.1:8787', { method: 'POST', path: '/x', headers: {}, body: '{}' });
 */
export function sendOnOwnConnection(base: string, request: OwnConnectionRequest): Promise<OwnConnectionAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    let received = Buffer.alloc(0);
    let settled = false;
    const settle = (ended: boolean, error?: Error): void => {
      if (settled) return;
      let answer: OwnConnectionAnswer | undefined;
      try {
        answer = parseAnswer(received, ended);
      } catch (parseError) {
        error = parseError as Error;
      }
      if (answer === undefined && !ended && error === undefined) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (answer !== undefined) resolve(answer);
      else reject(error ?? new Error(`the connection closed before a whole answer arrived (${received.byteLength} bytes)`));
    };
    const timer = setTimeout(() => settle(true, new Error('no whole answer in 30 s')), 30_000);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      settle(false);
    });
    socket.on('end', () => settle(true));
    socket.on('error', (error) => settle(true, error));
    const head = [`${request.method} ${request.path} HTTP/1.1`, `host: ${url.host}`, 'connection: close', `content-length: ${Buffer.byteLength(request.body)}`];
    for (const [name, value] of Object.entries(request.headers)) head.push(`${name}: ${value}`);
    socket.write(`${head.join('\r\n')}${HEAD_END}`);
    if (request.holdBodyMs === undefined) socket.end(request.body);
    else setTimeout(() => settled || socket.end(request.body), request.holdBodyMs);
  });
}
