// A raw HTTP/1.1 client over one TCP socket, for requests no HTTP client library would send
// (garbage, pipelining, missing Host, slow or abandoned bodies): bytes out, parsed answers in.
import { type Socket, connect } from 'node:net';

export type RawResponse = {
  readonly status: number;
  /** Header names in lower case; repeated ones joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
};

type Waiter = { resolve: (response: RawResponse) => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> };

const HEAD_END = Buffer.from('\r\n\r\n');

/** One connection: write requests (say which methods, so HEAD answers are read without a body), read answers in order. */
export class RawConnection {
  readonly socket: Socket;
  /** Resolves when the socket is closed (by either side). */
  readonly closed: Promise<void>;
  /** Answers received and not yet taken by {@link next}. */
  readonly #ready: RawResponse[] = [];
  readonly #waiters: Waiter[] = [];
  readonly #methods: string[] = [];
  #buffer: Buffer = Buffer.alloc(0);
  /** Chunks received and not yet joined to `#buffer`, and their size. */
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** Bytes the answer being read needs in all before it can be parsed (0: unknown). */
  #need = 0;
  #ended = false;

  private constructor(socket: Socket) {
    this.socket = socket;
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('data', (chunk: Buffer) => {
      this.#pending.push(chunk);
      this.#pendingBytes += chunk.length;
      // A large body arrives in many chunks: join them once it is all there, not on every chunk.
      if (this.#buffer.length + this.#pendingBytes >= this.#need) this.#parse();
    });
    socket.on('error', () => undefined);
    socket.once('close', () => {
      this.#ended = true;
      this.#parse();
      for (const waiter of this.#waiters.splice(0)) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error('connection closed before an answer'));
      }
    });
  }

  /** Connects to 127.0.0.1:`port`. */
  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.setNoDelay(true);
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes bytes; `methods` lists the requests they hold, in order (only HEAD changes how an answer is read). */
  write(data: string | Uint8Array, methods: readonly string[] = []): boolean {
    this.#methods.push(...methods);
    if (this.socket.destroyed) return false;
    return this.socket.write(data);
  }

  /** The next answer, in order; rejects after `timeoutMs` or when the connection closes first. 1xx answers count. */
  next(timeoutMs = 5_000): Promise<RawResponse> {
    const ready = this.#ready.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.#ended) return Promise.reject(new Error('connection closed before an answer'));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
          reject(new Error(`no answer within ${timeoutMs} ms`));
        }, timeoutMs),
      };
      this.#waiters.push(waiter);
    });
  }

  /** Destroys the socket. */
  destroy(): void {
    this.socket.destroy();
  }

  #deliver(response: RawResponse): void {
    const waiter = this.#waiters.shift();
    if (waiter === undefined) this.#ready.push(response);
    else {
      clearTimeout(waiter.timer);
      waiter.resolve(response);
    }
  }

  #parse(): void {
    if (this.#pending.length > 0) {
      this.#buffer = Buffer.concat([this.#buffer, ...this.#pending]);
      this.#pending = [];
      this.#pendingBytes = 0;
    }
    this.#need = 0;
    for (;;) {
      const end = this.#buffer.indexOf(HEAD_END);
      if (end < 0) return;
      const lines = this.#buffer.subarray(0, end).toString('latin1').split('\r\n');
      const status = Number(lines[0]?.split(' ')[1]);
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).toLowerCase();
        const value = line.slice(colon + 1).trim();
        headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
      }
      const rest = this.#buffer.subarray(end + 4);
      if (status >= 100 && status < 200) {
        this.#buffer = rest;
        this.#deliver({ status, headers, body: Buffer.alloc(0) });
        continue;
      }
      const method = this.#methods[0];
      let body: Buffer;
      let consumed: number;
      if (method === 'HEAD' || status === 204 || status === 304) {
        body = Buffer.alloc(0);
        consumed = 0;
      } else if (headers['content-length'] !== undefined) {
        const length = Number(headers['content-length']);
        if (rest.length < length) {
          this.#need = end + 4 + length;
          return;
        }
        body = rest.subarray(0, length);
        consumed = length;
      } else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
        const chunked = readChunked(rest);
        if (chunked === undefined) return;
        [body, consumed] = chunked;
      } else {
        // Delimited by the end of the connection.
        if (!this.#ended) return;
        body = rest;
        consumed = rest.length;
      }
      this.#methods.shift();
      this.#buffer = rest.subarray(consumed);
      this.#deliver({ status, headers, body: Buffer.from(body) });
    }
  }
}

/** A whole chunked body from the start of `data`, and the bytes it took; `undefined` while incomplete. */
function readChunked(data: Buffer): [Buffer, number] | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (size === 0) {
      const trailerEnd = data.indexOf(HEAD_END, lineEnd);
      if (trailerEnd < 0) return undefined;
      return [Buffer.concat(parts), trailerEnd + 4];
    }
    if (data.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** `lines` joined by CRLF and followed by the blank line, then `body`. */
export function rawRequest(lines: readonly string[], body: string | Uint8Array = ''): Buffer {
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return Buffer.concat([head, typeof body === 'string' ? Buffer.from(body) : body]);
}

/** The port of a `http://127.0.0.1:PORT` URL. */
export const portOf = (url: string): number => Number(new URL(url).port);
