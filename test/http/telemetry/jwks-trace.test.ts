import type { ServerResponse } from 'node:http';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { type JWK, SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type JwtAuthOptions, createHandler, createJwtAuth } from '../../../src/http/index.js';
import { scrubbedUrl } from '../../../src/http/telemetry/traced-fetch.js';
import { A, NOW, SCHEDULE_ID, type TestServer, listen, testOptions } from '../helpers.js';
import { createTracing, only, openTelemetry } from './otel.js';

// The JWKS fetch of createJwtAuth as a child span of the request's server span, with the real
// SDK (in-memory exporter) and a real JWKS server on 127.0.0.1; no context manager is registered.
const ISSUER = 'https://id.example.test/';
const AUDIENCE = 'payments-api';
const ROUTE = 'GET /accounts/{accountID}/schedules/{scheduleID}';
const SCHEDULE_URL = `http://127.0.0.1/accounts/${A}/schedules/${SCHEDULE_ID}`;
const ACCESS_KEY = 'jwks-access-key-4b1e-never-in-a-span';
const CLIENT = 1 + 1; // SpanKind.CLIENT
const ERROR = 2; // SpanStatusCode.ERROR

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let signer: KeyPair;
let rotated: KeyPair; // listed only once `served` has it
let jwks: TestServer;
let fetches = 0;
const served: JWK[] = [];
const hanging: ServerResponse[] = [];
let release: (() => void) | undefined; // holds /slow answers until called

const tracing = createTracing();
beforeEach(() => tracing.reset());

beforeAll(async () => {
  [signer, rotated] = await Promise.all([generateKeyPair('RS256', { extractable: true }), generateKeyPair('RS256', { extractable: true })]);
  served.push({ ...(await exportJWK(signer.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' });
  jwks = await listen((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/jwks.json' || path === '/slow') {
      fetches += 1;
      const answer = () => res.writeHead(200, { 'content-type': 'application/jwk-set+json' }).end(JSON.stringify({ keys: served }));
      if (path === '/slow') release = answer;
      else answer();
    } else if (path === '/hang') hanging.push(res);
    else res.writeHead(500).end('upstream trouble');
  });
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  await jwks.close();
});

const sign = (pair: KeyPair, kid: string) =>
  new SignJWT({ iss: ISSUER, aud: AUDIENCE, exp: Math.floor(NOW.getTime() / 1000) + 300, scope: `/accounts/${A}/transfers.read` })
    .setProtectedHeader({ alg: 'RS256', kid })
    .sign(pair.privateKey);

function tracedHandler(path: string, options: Partial<JwtAuthOptions> = {}) {
  const auth = createJwtAuth({ jwks: `${jwks.url}${path}`, issuer: ISSUER, audience: AUDIENCE, clock: () => NOW, ...options } as JwtAuthOptions);
  return createHandler(testOptions({ auth, tracer: tracing.tracer, openTelemetry, onError: () => undefined }));
}

const get = (handler: (request: Request) => Promise<Response>, token: string) =>
  handler(new Request(SCHEDULE_URL, { headers: { authorization: `Bearer ${token}` } }));

const fetchSpans = (spans: readonly ReadableSpan[]) => spans.filter((span) => span.attributes['url.full'] !== undefined);

function expectChildOf(child: ReadableSpan, parent: ReadableSpan): void {
  expect(child.spanContext().traceId).toBe(parent.spanContext().traceId);
  expect(child.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
}

describe('the JWKS fetch as a child span of the request', () => {
  it('is a client span "GET" under the server span, with method, scrubbed url.full, server and status; none once cached', async () => {
    const handler = tracedHandler(`/jwks.json?access_key=${ACCESS_KEY}`);
    const token = await sign(signer, 'k1');
    expect((await get(handler, token)).status).toBe(200);
    const spans = await tracing.spans();
    const [fetch] = fetchSpans(spans);
    expect(fetchSpans(spans)).toHaveLength(1);
    expectChildOf(fetch!, only(spans, ROUTE));
    expect(fetch!.name).toBe('GET');
    expect(fetch!.kind).toBe(CLIENT);
    expect(fetch!.attributes).toEqual({
      'http.request.method': 'GET',
      'url.full': `${jwks.url}/jwks.json?access_key=REDACTED`,
      'server.address': '127.0.0.1',
      'server.port': Number(new URL(jwks.url).port),
      'http.response.status_code': 200,
    });
    expect(fetch!.status.code).toBe(0);
    expect(JSON.stringify(spans.map((span) => [span.name, span.attributes, span.events]))).not.toContain(ACCESS_KEY);

    tracing.reset();
    expect((await get(handler, token)).status).toBe(200);
    const cached = await tracing.spans();
    expect(cached.map((span) => span.name)).toContain(ROUTE);
    expect(fetchSpans(cached)).toEqual([]);
  });

  it('records an error answer: status Error, error.type the status code, and the request answered 504', async () => {
    const handler = tracedHandler('/broken');
    expect((await get(handler, await sign(signer, 'k1'))).status).toBe(504);
    const spans = await tracing.spans();
    const [fetch] = fetchSpans(spans);
    expectChildOf(fetch!, only(spans, ROUTE));
    expect(fetch!.attributes['http.response.status_code']).toBe(500);
    expect(fetch!.attributes['error.type']).toBe('500');
    expect(fetch!.status.code).toBe(ERROR);
  });

  it('records a fetch that fails: a timeout, and a refused connection, by the error name only', async () => {
    const hangs = tracedHandler('/hang', { jwksTimeoutMs: 50 });
    expect((await get(hangs, await sign(signer, 'k1'))).status).toBe(504);
    const closed = await listen(() => undefined);
    const url = closed.url;
    await closed.close();
    const refused = createHandler(
      testOptions({ auth: createJwtAuth({ jwks: `${url}/jwks.json`, issuer: ISSUER, audience: AUDIENCE, clock: () => NOW }), tracer: tracing.tracer, openTelemetry, onError: () => undefined }),
    );
    expect((await get(refused, await sign(signer, 'k1'))).status).toBe(504);
    const failed = fetchSpans(await tracing.spans());
    expect(failed.map((span) => [span.attributes['error.type'], span.status.code, span.attributes['http.response.status_code']])).toEqual([
      ['TimeoutError', ERROR, undefined],
      ['TypeError', ERROR, undefined],
    ]);
  });

  it('makes one span for concurrent requests sharing one fetch, under the request that started it', async () => {
    const handler = tracedHandler('/slow');
    const token = await sign(signer, 'k1');
    const before = fetches;
    const first = get(handler, token);
    const second = get(handler, token);
    await expect.poll(() => release).toBeDefined();
    release?.();
    release = undefined;
    expect((await Promise.all([first, second])).map((response) => response.status)).toEqual([200, 200]);
    expect(fetches - before).toBe(1);
    const spans = await tracing.spans();
    const servers = spans.filter((span) => span.name === ROUTE);
    const [fetch] = fetchSpans(spans);
    expect(fetchSpans(spans)).toHaveLength(1);
    expect(servers.filter((server) => server.spanContext().spanId === fetch!.parentSpanContext?.spanId)).toHaveLength(1);
  });

  it('traces the refetch for a key the set lacks (after the cooldown) under the request that needed it', async () => {
    const handler = tracedHandler('/jwks.json', { jwksCooldownMs: 0 });
    expect((await get(handler, await sign(signer, 'k1'))).status).toBe(200);
    served.push({ ...(await exportJWK(rotated.publicKey)), kid: 'k2', alg: 'RS256', use: 'sig' });
    tracing.reset();
    const before = fetches;
    expect((await get(handler, await sign(rotated, 'k2'))).status).toBe(200);
    expect(fetches - before).toBe(1);
    const spans = await tracing.spans();
    const [fetch] = fetchSpans(spans);
    expect(fetchSpans(spans)).toHaveLength(1);
    expectChildOf(fetch!, only(spans, ROUTE));
    served.pop();
  });
});

describe('scrubbedUrl', () => {
  it('redacts the user name, the password and every query value, and drops the fragment', () => {
    expect(scrubbedUrl(new URL('https://user:pass@id.example/jwks.json?key=s3cret&v=2#frag'))).toBe('https://REDACTED:REDACTED@id.example/jwks.json?key=REDACTED&v=REDACTED');
    expect(scrubbedUrl(new URL('https://id.example/jwks.json'))).toBe('https://id.example/jwks.json');
  });
});
