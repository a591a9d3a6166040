/** A request the runner sent, as it went on the wire. */
export type SentRequest = {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The body text, when there was one. */
  readonly body?: string;
};

/** What came back: the status, the headers (lower-case names) and the body (parsed when it is JSON). */
export type ReceivedResponse = {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  /** True when the body is not JSON (then `body` is its text, cut at 2,000 characters). */
  readonly notJson?: true;
};

/** One request and its answer, or why there was none (a timeout, a refused connection, the total bound). */
export type Exchange = {
  /** The operation's id (`updateInvoice`, ...), for the listed-status rule. */
  readonly operation: string;
  readonly request: SentRequest;
  readonly response?: ReceivedResponse;
  readonly error?: string;
};

/** Options of {@link Wire}. */
export type WireOptions = {
  readonly baseUrl: string;
  readonly fetch: typeof fetch;
  readonly requestTimeoutMs: number;
  /** Epoch ms after which no request is sent. */
  readonly deadline: number;
  readonly maxResponseBytes: number;
  readonly now: () => number;
};

/** The requests a rule sends: method, path below the base URL, headers, body. */
export type Outgoing = {
  readonly operation: string;
  readonly method: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** A value to send as JSON, or `{ raw }` to send the text as it is. */
  readonly body?: unknown;
  readonly raw?: string;
};

/** How many times one request is sent again after a 429. */
const MAX_RATE_LIMIT_WAITS = 3;

/** How many requests in a row may go unanswered before the run stops sending (the server is away or hangs). */
const UNANSWERED_IN_A_ROW = 3;

/**
 * Sends the runner's requests with `fetch`, one at a time, each under its own timeout and all
 * under one deadline; records every exchange. After {@link UNANSWERED_IN_A_ROW} unanswered
 * requests in a row, or past the deadline, it answers at once with an error instead of sending.
 */
export class Wire {
  readonly exchanges: Exchange[] = [];
  #unanswered = 0;
  #stopped: string | undefined;
  readonly #options: WireOptions;

  constructor(options: WireOptions) {
    this.#options = options;
  }

  /** Why the wire stopped sending, if it did. */
  get stopped(): string | undefined {
    return this.#stopped;
  }

  /**
   * Sends one request and records the exchange. A 429 is recorded and the request sent again
   * after its `Retry-After` (at most {@link MAX_RATE_LIMIT_WAITS} times, each wait at most 5 s
   * and within the deadline), so that a rate limiter does not fail the rules. Never throws.
   */
  async send(outgoing: Outgoing): Promise<Exchange> {
    const request = buildRequest(this.#options.baseUrl, outgoing);
    for (let waits = 0; ; waits++) {
      const exchange = await this.#exchange(outgoing.operation, request);
      this.exchanges.push(exchange);
      const retryAfter = exchange.response?.status === 429 ? Number(exchange.response.headers['retry-after'] ?? '1') : Number.NaN;
      const waitMs = Math.min(5000, Math.max(0, Number.isFinite(retryAfter) ? retryAfter * 1000 : 1000));
      if (Number.isNaN(retryAfter) || waits >= MAX_RATE_LIMIT_WAITS || this.#options.now() + waitMs >= this.#options.deadline) return exchange;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }

  async #exchange(operation: string, request: SentRequest): Promise<Exchange> {
    const { now, deadline, requestTimeoutMs } = this.#options;
    if (this.#stopped === undefined && now() >= deadline) this.#stopped = 'the run reached its total time bound; no more requests were sent';
    if (this.#stopped !== undefined) return { operation, request, error: this.#stopped };
    const timeout = Math.max(1, Math.min(requestTimeoutMs, deadline - now()));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeout);
    try {
      const init: RequestInit = { method: request.method, headers: request.headers, signal: controller.signal, redirect: 'manual' };
      if (request.body !== undefined) init.body = request.body;
      const answer = await this.#options.fetch(request.url, init);
      const response = await readResponse(answer, this.#options.maxResponseBytes);
      this.#unanswered = 0;
      return { operation, request, response };
    } catch (error) {
      this.#unanswered += 1;
      const message = controller.signal.aborted
        ? `no complete answer within ${timeout} ms`
        : `no answer: ${error instanceof Error ? error.message : String(error)}`;
      if (this.#unanswered >= UNANSWERED_IN_A_ROW) this.#stopped = `${UNANSWERED_IN_A_ROW} requests in a row got no answer (last: ${message}); no more requests were sent`;
      return { operation, request, error: message };
    } finally {
      clearTimeout(timer);
    }
  }
}

function buildRequest(baseUrl: string, outgoing: Outgoing): SentRequest {
  const headers: Record<string, string> = { ...outgoing.headers };
  let body: string | undefined;
  if (outgoing.raw !== undefined) body = outgoing.raw;
  else if (outgoing.body !== undefined) body = JSON.stringify(outgoing.body);
  if (body !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
  const url = `${baseUrl.replace(/\/+$/, '')}${outgoing.path}`;
  return body === undefined ? { method: outgoing.method, url, headers } : { method: outgoing.method, url, headers, body };
}

/** Reads the answer's body up to `limit` bytes (a longer body is cut and read as not JSON). */
async function readResponse(answer: Response, limit: number): Promise<ReceivedResponse> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const bytes = await readBounded(answer, limit);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.data);
  if (!bytes.cut && text !== '') {
    try {
      return { status: answer.status, headers, body: JSON.parse(text) as unknown };
    } catch {
      // not JSON: reported as text below
    }
  }
  return { status: answer.status, headers, body: text.length > 2000 ? `${text.slice(0, 2000)}…` : text, ...(text === '' ? {} : { notJson: true as const }) };
}

async function readBounded(answer: Response, limit: number): Promise<{ data: Uint8Array; cut: boolean }> {
  if (answer.body === null) return { data: new Uint8Array(), cut: false };
  const reader = answer.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return { data: concat(chunks, limit), cut: true };
    }
  }
  return { data: concat(chunks, size), cut: false };
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    if (at >= size) break;
    const part = chunk.subarray(0, size - at);
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * A `curl` command that sends `request` again (headers and body exactly), printing the status
 * line and headers (`-i`).
 *
 * @example
 * curlCommand({ method: 'GET', url: 'http://127.0.0.1:3000/accounts/a/schedules/s', headers: { authorization: 'Bearer t' } })
 * // "curl -sS -i -X GET 'http://127.0.0.1:3000/accounts/a/schedules/s' -H 'authorization: Bearer t'"
 */
export function curlCommand(request: SentRequest): string {
  const parts = ['curl', '-sS', '-i', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (request.body !== undefined) parts.push('--data-binary', shellQuote(request.body));
  return parts.join(' ');
}
