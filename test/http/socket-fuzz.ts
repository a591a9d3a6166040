// A seeded fuzz of raw HTTP/1.1 over sockets against createNodeServer: methods, targets,
// versions, headers, bodies (invalid UTF-8, deep nesting, duplicated keys, huge numbers,
// `__proto__`) and framing (pipelining, split writes, conflicting lengths, broken chunks,
// trailing garbage). Shared by the 500-request run in `npm test` (test/http/socket-fuzz.test.ts)
// and the 20,000-request run in `npm run test:hostile` (test/hostile/socket-fuzz.test.ts).
import type { AddressInfo } from 'node:net';
import { createHandler } from '../../src/http/index.js';
import { createNodeServer } from '../../src/node/index.js';
import { A, ADJUSTMENT_ID, DISPUTE_ID, INVOICE_ID, SCHEDULE_ID, SPECIFIED_PATHS, testOptions } from './helpers.js';
import { RawConnection, type RawResponse } from './raw-http.js';

/** A small seeded PRNG (mulberry32): the same cases on every machine for a given seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;
export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const chance = (random: Random, p: number): boolean => random() < p;
const int = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

function randomBytes(random: Random, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = Math.floor(random() * 256);
  return bytes;
}

/** Characters a header value may hold (the request head is written as latin1). */
const HEADER_TEXT = 'aZ0 =-",;/\t.%~:é';

function randomText(random: Random, max: number, alphabet = HEADER_TEXT): string {
  const chars = [...alphabet];
  let text = '';
  const length = int(random, 0, max);
  for (let i = 0; i < length; i++) text += pick(random, chars);
  return text;
}

const METHODS = ['GET', 'GET', 'POST', 'POST', 'PATCH', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'];
const ODD_METHODS = ['TRACE', 'CONNECT', 'PROPFIND', 'PURGE', 'QUERY', 'PRI', 'BREW', 'get', 'Patch', '', 'G ET', 'PATCH\x00'];
const BODY_ROUTES = [
  `/accounts/${A}/invoices/${INVOICE_ID}`,
  `/accounts/${A}/disputes/${DISPUTE_ID}/evidence-text`,
  `/accounts/${A}/apple-pay/sessions`,
];
const SEGMENTS = ['accounts', A, 'schedules', SCHEDULE_ID, 'invoices', INVOICE_ID, 'disputes', DISPUTE_ID, 'evidence-text', 'apple-pay', 'sessions', 'adjustments', ADJUSTMENT_ID, '__proto__', 'constructor', 'prototype', '%zz', '%00', '%2F', '..', '.', '', 'transfers', '%E2%98%95', '\xff'];

function target(random: Random): string {
  const path = chance(random, 0.6)
    ? pick(random, [...SPECIFIED_PATHS, ...BODY_ROUTES])
    : `/${Array.from({ length: int(random, 0, 6) }, () => pick(random, SEGMENTS)).join('/')}`;
  const query = chance(random, 0.2) ? `?${randomText(random, 20, 'a=&?/%#1')}` : '';
  if (chance(random, 0.85)) return path + query;
  return pick(random, [
    `http://x${path}${query}`,
    `https://user@h:99${path}`,
    `http://x?q=${path}`,
    '*',
    'example.com:443',
    '',
    `${path} x`,
    `/${'a'.repeat(int(random, 100, 20_000))}`,
    `/${randomText(random, 30, 'a/%\x7f\x01 é')}`,
  ]);
}

const ODD_VERSIONS = ['HTTP/1.0', 'HTTP/2.0', 'HTTP/0.9', 'HTTP/1.2', 'http/1.1', 'HTTP/11', ''];

const HUGE_NUMBERS = ['1e400', '-1e400', '123456789012345678901234567890', '-0', '0.0000000001', '9007199254740993', '1e-400'];

function jsonBody(random: Random): Buffer {
  const depth = int(random, 1, 3_000);
  const n = pick(random, HUGE_NUMBERS);
  const text = pick(random, [
    () => JSON.stringify({ description: randomText(random, 40, `${HEADER_TEXT}☕\u0000`) }),
    () => JSON.stringify({ status: pick(random, ['unpaid', 'canceled', 'draft', 'paid', 'x']) }),
    () => `{"description":${n},"taxAmount":{"currency":"USD","valueDecimal":${n}}}`,
    () => '{"__proto__":{"polluted":"yes","status":"paid"},"constructor":{"prototype":{"polluted":"yes"}}}',
    () => `{"lineItems":{"items":[{"name":"__proto__","basePrice":{"currency":"USD","valueDecimal":"1"},"quantity":${n}}]}}`,
    () => '{"status":"unpaid","status":"canceled","description":"a","description":"b"}',
    () => '{"evidenceType":"receipt","text":"\\ud800","evidenceType":"other"}',
    () => `{"domain":"shop.example.com","displayName":"${randomText(random, 80, `${HEADER_TEXT}☕\\`)}"}`,
    () => `${'['.repeat(depth)}${']'.repeat(depth)}`,
    () => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    () => `{"lineItems":{"items":[${Array.from({ length: int(random, 0, 400) }, () => '{}').join(',')}]}}`,
    () => pick(random, ['null', '[]', '"\\u0000"', '{}', '1', 'true', '', ' ', '{', '{"a":}', '{"a":1,}']),
  ])();
  if (chance(random, 0.1)) return Buffer.concat([Buffer.from(text.slice(0, 5)), Buffer.from([0xc3, 0x28, 0xed, 0xa0, 0x80, 0xff]), Buffer.from(text.slice(5))]);
  return Buffer.from(text);
}

/** One request as bytes; `complete` is false when its body (or head) is left unfinished on purpose. */
type FuzzRequest = { readonly bytes: Buffer; readonly method: string; readonly complete: boolean };

const HEADERS: readonly ((random: Random) => string)[] = [
  () => 'Authorization: Bearer readOnly',
  (random) => `Authorization: Bearer ${randomText(random, 30)}`,
  (random) => `Authorization: Basic ${randomText(random, 20)}`,
  () => 'Content-Type: application/json; charset=utf-16',
  (random) => `Content-Type: ${randomText(random, 30)}`,
  (random) => `X-Service-Version: ${pick(random, ['v2026.04.00', 'v2024.01.00', 'dev', 'v9999.10.99', 'v0000.01.00', randomText(random, 12)])}`,
  (random) => `X-Request-Id: ${randomText(random, 300, 'aZ0_=-+ /é')}`,
  () => 'Host: x',
  () => 'Host: a b',
  () => 'Host: user@host',
  (random) => `Host: ${randomText(random, 20)}`,
  () => 'Expect: 100-continue',
  () => 'Expect: something-else',
  () => 'Connection: close',
  () => 'Connection: upgrade',
  () => 'Upgrade: websocket',
  (random) => `X-Bytes: ${randomBytes(random, 8).toString('latin1').replace(/[\r\n]/g, '')}`,
  (random) => `__proto__: ${randomText(random, 10)}`,
  (random) => `constructor: ${randomText(random, 10)}`,
];
/** Headers Node's parser refuses (or 431s): rarer, so most requests reach the handler. */
const ODD_HEADERS: readonly ((random: Random) => string)[] = [
  () => 'Transfer-Encoding: gzip, chunked',
  () => 'Content-Length: -1',
  () => 'Content-Length: 1x',
  () => 'Content-Length: 99999999999999999999',
  () => ' folded: continuation',
  () => 'bad name: 1',
  () => 'no-colon',
  (random) => `X-Big: ${'a'.repeat(int(random, 1_000, 20_000))}`,
  (random) => `X-Bytes: ${randomBytes(random, 8).toString('latin1')}`,
];

function fuzzRequest(random: Random): FuzzRequest {
  const method = chance(random, 0.9) ? pick(random, METHODS) : pick(random, ODD_METHODS);
  const lines = [`${method} ${target(random)} ${chance(random, 0.92) ? 'HTTP/1.1' : pick(random, ODD_VERSIONS)}`];
  if (chance(random, 0.9)) lines.push('Host: x');
  if (chance(random, 0.85)) lines.push('Authorization: Bearer all');
  if (chance(random, 0.85)) lines.push('Content-Type: application/json');
  const extra = int(random, 0, 2);
  for (let i = 0; i < extra; i++) lines.push(pick(random, HEADERS)(random));
  if (chance(random, 0.05)) lines.push(pick(random, ODD_HEADERS)(random));
  let body: Buffer = Buffer.alloc(0);
  let complete = true;
  const hasBody = chance(random, method === 'GET' || method === 'HEAD' ? 0.1 : 0.85);
  if (hasBody) {
    const raw = chance(random, 0.85) ? jsonBody(random) : randomBytes(random, int(random, 0, 200));
    const framing = chance(random, 0.75) ? 'length' : pick(random, ['chunked', 'chunked', 'chunked-bad', 'short', 'long', 'both', 'twice']);
    if (framing === 'length') {
      lines.push(`Content-Length: ${raw.length}`);
      body = raw;
    } else if (framing === 'chunked' || framing === 'chunked-bad') {
      lines.push('Transfer-Encoding: chunked');
      const cut = int(random, 0, raw.length);
      const chunks = [raw.subarray(0, cut), raw.subarray(cut)].filter((c) => c.length > 0);
      const size = (c: Buffer) => (framing === 'chunked-bad' && chance(random, 0.5) ? randomText(random, 4, 'xyz;-0') : c.length.toString(16));
      body = Buffer.concat([...chunks.flatMap((c) => [Buffer.from(`${size(c)}\r\n`), c, Buffer.from('\r\n')]), Buffer.from('0\r\n\r\n')]);
    } else if (framing === 'short') {
      // Declares more than it sends: the request stays incomplete until requestTimeout.
      lines.push(`Content-Length: ${raw.length + int(random, 1, 50)}`);
      body = raw;
      complete = false;
    } else if (framing === 'long') {
      // Declares less than it sends: the rest is read as the next request.
      lines.push(`Content-Length: ${Math.max(0, raw.length - int(random, 1, 20))}`);
      body = raw;
    } else if (framing === 'both') {
      lines.push(`Content-Length: ${raw.length}`, 'Transfer-Encoding: chunked');
      body = raw;
    } else {
      lines.push(`Content-Length: ${raw.length}`, `Content-Length: ${raw.length + 1}`);
      body = raw;
    }
  }
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return { bytes: Buffer.concat([head, body]), method: method.trim().toUpperCase(), complete };
}

/** One connection's script: 1 to 3 requests, maybe garbage after them, written in one or more pieces. */
type Script = { readonly requests: readonly FuzzRequest[]; readonly pieces: readonly Buffer[] };

export function fuzzScript(random: Random): Script {
  const requests = Array.from({ length: chance(random, 0.7) ? 1 : int(random, 2, 3) }, () => fuzzRequest(random));
  // HEAD answers have no body even when a header says so: keep HEAD alone, where the parse never depends on it.
  const usable = requests.some((r) => r.method === 'HEAD') ? requests.slice(0, 1) : requests;
  let bytes = Buffer.concat(usable.map((r) => r.bytes));
  if (chance(random, 0.1)) bytes = Buffer.concat([bytes, chance(random, 0.5) ? randomBytes(random, int(random, 1, 100)) : Buffer.from('\x01\x02 garbage \r\n\r\n')]);
  const pieces: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const size = chance(random, 0.7) ? bytes.length - at : int(random, 1, Math.max(1, bytes.length - at));
    pieces.push(bytes.subarray(at, at + size));
    at += size;
  }
  return { requests: usable, pieces };
}

/** What the fuzz checks after every connection and at the end. */
export type FuzzReport = {
  readonly requests: number;
  readonly connections: number;
  readonly answers: number;
  readonly statuses: Readonly<Record<string, number>>;
  /** Each a description of a broken rule, with the bytes that broke it. */
  readonly failures: readonly string[];
  /** What `onError` received (internal errors): must stay empty. */
  readonly internalErrors: readonly unknown[];
  readonly prototypeTouched: boolean;
};

const REQUEST_ID = /^[A-Za-z0-9_=-]{1,255}$/;
/** requestTimeout plus a checking interval, plus room for a busy machine. */
const HANG_MS = 6_000;

function prototypeSnapshot(): string {
  return JSON.stringify([Object.prototype, Array.prototype, Function.prototype].map((p) => Object.getOwnPropertyNames(p).sort()));
}

async function runScript(port: number, script: Script, failures: string[], statuses: Record<string, number>): Promise<number> {
  const c = await RawConnection.open(port);
  const shown = () => JSON.stringify(Buffer.concat(script.pieces).toString('latin1').slice(0, 600));
  let answers = 0;
  try {
    for (const [i, piece] of script.pieces.entries()) {
      c.write(piece, i === 0 ? script.requests.map((r) => r.method) : []);
      if (i < script.pieces.length - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    const started = performance.now();
    while (answers < script.requests.length) {
      let answer: RawResponse;
      try {
        answer = await c.next(Math.max(1, HANG_MS - (performance.now() - started)));
      } catch (error) {
        if (c.socket.destroyed || (error as Error).message.startsWith('connection closed')) break;
        failures.push(`hang: no answer or close within ${HANG_MS} ms for ${shown()}`);
        break;
      }
      if (answer.status >= 100 && answer.status < 200) continue;
      answers += 1;
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (!(answer.status >= 200 && answer.status < 600) || answer.status === 500) failures.push(`status ${answer.status} for ${shown()}`);
      if (!REQUEST_ID.test(answer.headers['x-request-id'] ?? '')) failures.push(`no x-request-id (status ${answer.status}) for ${shown()}`);
    }
    // The first request of a connection is always answered (by the handler, or by
    // answerClientError when Node cannot parse it); later ones may be cut off by a refusal.
    if (answers === 0) failures.push(`closed without an answer for ${shown()}`);
  } finally {
    c.destroy();
  }
  return answers;
}

/**
 * Serves `createHandler` on `createNodeServer` (short timeouts so unfinished requests end
 * quickly) and sends `count` fuzzed requests over concurrent raw connections, from `seed`.
 */
export async function runSocketFuzz({ seed, count, concurrency = 16 }: { seed: number; count: number; concurrency?: number }): Promise<FuzzReport> {
  const before = prototypeSnapshot();
  const internalErrors: unknown[] = [];
  const server = createNodeServer(createHandler(testOptions({ maxBodyBytes: 65_536, onError: (error) => internalErrors.push(error) })), {
    headersTimeout: 1_000,
    requestTimeout: 1_000,
    // Long, so a request left unanswered on an open connection shows as a hang, not as a close.
    keepAliveTimeout: 30_000,
    connectionsCheckingInterval: 100,
    maxHeaderSize: 8_192,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const random = seededRandom(seed);
  const failures: string[] = [];
  const statuses: Record<string, number> = {};
  let requests = 0;
  let connections = 0;
  let answers = 0;
  try {
    const worker = async (): Promise<void> => {
      while (requests < count && failures.length < 20) {
        const script = fuzzScript(random);
        requests += script.requests.length;
        connections += 1;
        const answered = await runScript(port, script, failures, statuses);
        answers += answered;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
  const polluted = ({} as Record<string, unknown>)['polluted'] !== undefined;
  return { requests, connections, answers, statuses, failures, internalErrors, prototypeTouched: polluted || prototypeSnapshot() !== before };
}
