import type { ServerResponse } from 'node:http';
import fc from 'fast-check';
import { type JWK, type JWTPayload, SignJWT, base64url, exportJWK, exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JwtAuthOptions, JWT_AUTH_MESSAGES, createHandler, createJwtAuth } from '../../src/http/index.js';
import { A, NOW, SCHEDULE_ID, type TestServer, listen, testOptions } from './helpers.js';

const ISSUER = 'https://id.example.test/';
const AUDIENCE = 'payments-api';
const READ_SCOPE = `/accounts/${A}/transfers.read`;
const SCHEDULE_URL = `http://127.0.0.1/accounts/${A}/schedules/${SCHEDULE_ID}`;
const nowSeconds = Math.floor(NOW.getTime() / 1000);

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let rsa: KeyPair;
let ec: KeyPair;
let stranger: KeyPair; // an RS256 key the JWKS never lists
let rotated: KeyPair; // an ES256 key the JWKS lists only after a rotation
let jwks: TestServer;
let fetches = 0;
const served: JWK[] = [];
const hanging: ServerResponse[] = [];

async function publicJwk(pair: KeyPair, kid: string, alg: string): Promise<JWK> {
  return { ...(await exportJWK(pair.publicKey)), kid, alg, use: 'sig' };
}

beforeAll(async () => {
  [rsa, ec, stranger, rotated] = await Promise.all([
    generateKeyPair('RS256', { extractable: true }),
    generateKeyPair('ES256', { extractable: true }),
    generateKeyPair('RS256', { extractable: true }),
    generateKeyPair('ES256', { extractable: true }),
  ]);
  served.push(await publicJwk(rsa, 'rsa-1', 'RS256'), await publicJwk(ec, 'ec-1', 'ES256'));
  jwks = await listen((req, res) => {
    if (req.url === '/jwks.json') {
      fetches += 1;
      res.writeHead(200, { 'content-type': 'application/jwk-set+json' }).end(JSON.stringify({ keys: served }));
    } else if (req.url === '/hang') {
      hanging.push(res); // never answered
    } else if (req.url === '/broken') {
      res.writeHead(500).end('upstream trouble');
    } else {
      res.writeHead(404).end();
    }
  });
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  await jwks.close();
});

type Claims = Record<string, unknown>;

/** A token over `claims` with sensible defaults (issuer, audience, 5-minute expiry, the read scope). */
function sign(pair: KeyPair, kid: string, alg: string, claims: Claims = {}): Promise<string> {
  const payload: JWTPayload = { iss: ISSUER, aud: AUDIENCE, iat: nowSeconds, exp: nowSeconds + 300, scope: READ_SCOPE, ...claims };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
  return new SignJWT(payload).setProtectedHeader({ alg, kid, typ: 'JWT' }).sign(pair.privateKey);
}

function handlerWith(options: Partial<JwtAuthOptions> & { downstreamTimeoutMs?: number }, errors: unknown[] = []) {
  const { downstreamTimeoutMs, ...jwtOptions } = options;
  const auth = createJwtAuth({ jwks: `${jwks.url}/jwks.json`, issuer: ISSUER, audience: AUDIENCE, clock: () => NOW, ...jwtOptions } as JwtAuthOptions);
  return createHandler(testOptions({ auth, onError: (error) => errors.push(error), ...(downstreamTimeoutMs === undefined ? {} : { downstreamTimeoutMs }) }));
}

async function getSchedule(handler: (request: Request) => Promise<Response>, token: string) {
  const response = await handler(new Request(SCHEDULE_URL, { headers: { authorization: `Bearer ${token}` } }));
  const body = (await response.json()) as { error?: string };
  return { status: response.status, challenge: response.headers.get('www-authenticate'), requestId: response.headers.get('x-request-id'), body };
}

describe('createJwtAuth with a JWKS served on 127.0.0.1', () => {
  it('accepts RS256 and ES256 tokens whose kid is in the set, fetching the set once', async () => {
    const handler = handlerWith({ jwksCooldownMs: 60_000 });
    const before = fetches;
    expect((await getSchedule(handler, await sign(rsa, 'rsa-1', 'RS256'))).status).toBe(200);
    expect((await getSchedule(handler, await sign(ec, 'ec-1', 'ES256'))).status).toBe(200);
    expect((await getSchedule(handler, await sign(rsa, 'rsa-1', 'RS256'))).status).toBe(200);
    expect(fetches - before).toBe(1);
  });

  it('refuses an expired token with 401 and RFC 6750 error="invalid_token"; 30 s of clock tolerance', async () => {
    const handler = handlerWith({});
    const expired = await getSchedule(handler, await sign(rsa, 'rsa-1', 'RS256', { iat: nowSeconds - 600, exp: nowSeconds - 31 }));
    expect(expired.status).toBe(401);
    expect(expired.challenge).toBe('Bearer error="invalid_token", error_description="expired token"');
    expect(expired.body).toEqual({ error: 'the access token has expired' });
    expect(expired.requestId).toBeTruthy();
    const withinTolerance = await getSchedule(handler, await sign(rsa, 'rsa-1', 'RS256', { iat: nowSeconds - 600, exp: nowSeconds - 29 }));
    expect(withinTolerance.status).toBe(200);
    const strict = handlerWith({ clockToleranceSeconds: 0 });
    expect((await getSchedule(strict, await sign(rsa, 'rsa-1', 'RS256', { exp: nowSeconds - 1 }))).status).toBe(401);
  });

  it('refuses a token that is not yet valid (nbf beyond the tolerance), and one without exp', async () => {
    const handler = handlerWith({});
    const early = await getSchedule(handler, await sign(ec, 'ec-1', 'ES256', { nbf: nowSeconds + 31 }));
    expect([early.status, early.challenge]).toEqual([401, 'Bearer error="invalid_token", error_description="invalid token"']);
    expect((await getSchedule(handler, await sign(ec, 'ec-1', 'ES256', { nbf: nowSeconds + 29 }))).status).toBe(200);
    const forever = await sign(ec, 'ec-1', 'ES256', { exp: undefined });
    expect((await getSchedule(handler, forever)).status).toBe(401);
    expect((await getSchedule(handlerWith({ requireExpiry: false }), forever)).status).toBe(200);
  });

  it('refuses a wrong issuer and a wrong audience with 401 invalid_token', async () => {
    const handler = handlerWith({});
    for (const claims of [{ iss: 'https://evil.example.test/' }, { aud: 'other-api' }, { iss: undefined }, { aud: undefined }]) {
      const answer = await getSchedule(handler, await sign(rsa, 'rsa-1', 'RS256', claims));
      expect([answer.status, answer.challenge, answer.body]).toEqual([
        401,
        'Bearer error="invalid_token", error_description="invalid token"',
        { error: 'the access token is not valid' },
      ]);
    }
    // Any of several configured audiences is enough.
    const either = handlerWith({ audience: ['other-api', AUDIENCE] });
    expect((await getSchedule(either, await sign(rsa, 'rsa-1', 'RS256'))).status).toBe(200);
  });

  it('refetches the set once for an unknown kid (a rotation is picked up), then refuses with 401', async () => {
    const handler = handlerWith({ jwksCooldownMs: 0 });
    expect((await getSchedule(handler, await sign(rsa, 'rsa-1', 'RS256'))).status).toBe(200);
    const afterFirst = fetches;
    const unknown = await getSchedule(handler, await sign(stranger, 'stranger', 'RS256'));
    expect([unknown.status, unknown.challenge]).toEqual([401, 'Bearer error="invalid_token", error_description="invalid token"']);
    expect(fetches - afterFirst).toBe(1);
    served.push(await publicJwk(rotated, 'rotated', 'ES256'));
    try {
      expect((await getSchedule(handler, await sign(rotated, 'rotated', 'ES256'))).status).toBe(200);
      expect(fetches - afterFirst).toBe(2);
    } finally {
      served.pop();
    }
  });

  it('does not refetch for unknown kids during the cooldown (a flood of bad kids cannot hammer the IdP)', async () => {
    const handler = handlerWith({ jwksCooldownMs: 60_000 });
    expect((await getSchedule(handler, await sign(rsa, 'rsa-1', 'RS256'))).status).toBe(200);
    const afterFirst = fetches;
    for (let i = 0; i < 5; i += 1) expect((await getSchedule(handler, await sign(stranger, `unknown-${i}`, 'RS256'))).status).toBe(401);
    expect(fetches).toBe(afterFirst);
  });

  it('refuses alg "none" and a token signed with HS256 over the public key', async () => {
    const handler = handlerWith({});
    const payload = { iss: ISSUER, aud: AUDIENCE, exp: nowSeconds + 300, scope: READ_SCOPE };
    const encode = (value: unknown) => base64url.encode(JSON.stringify(value));
    for (const kid of [undefined, 'rsa-1']) {
      const none = `${encode({ alg: 'none', typ: 'JWT', ...(kid === undefined ? {} : { kid }) })}.${encode(payload)}.`;
      expect((await getSchedule(handler, none)).status).toBe(401);
    }
    const pem = await exportSPKI(rsa.publicKey);
    const jwkText = JSON.stringify(served[0]);
    for (const secret of [pem, jwkText]) {
      const forged = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256', kid: 'rsa-1' }).sign(new TextEncoder().encode(secret));
      expect((await getSchedule(handler, forged)).status).toBe(401);
      // With the public key configured directly, too.
      const keyed = createHandler(testOptions({ auth: createJwtAuth({ key: rsa.publicKey, issuer: ISSUER, audience: AUDIENCE, clock: () => NOW }) }));
      expect((await getSchedule(keyed, forged)).status).toBe(401);
      expect((await getSchedule(keyed, await sign(rsa, 'any', 'RS256'))).status).toBe(200);
    }
  });

  it('answers 403 when the token lacks the operation scope, reading scopes from `scope` or a configured claim', async () => {
    const handler = handlerWith({});
    const none = await getSchedule(handler, await sign(ec, 'ec-1', 'ES256', { scope: undefined }));
    expect([none.status, none.challenge]).toEqual([403, `Bearer error="insufficient_scope", scope="${READ_SCOPE}"`]);
    const other = await getSchedule(handler, await sign(ec, 'ec-1', 'ES256', { scope: `/accounts/${A}/wallets.read /accounts/${A}/transfers.reads` }));
    expect(other.status).toBe(403);
    const spaced = await getSchedule(handler, await sign(ec, 'ec-1', 'ES256', { scope: `  /accounts/${A}/wallets.read  ${READ_SCOPE} ` }));
    expect(spaced.status).toBe(200);
    const scp = handlerWith({ scopeClaim: 'scp' });
    expect((await getSchedule(scp, await sign(ec, 'ec-1', 'ES256', { scope: undefined, scp: [READ_SCOPE] }))).status).toBe(200);
    expect((await getSchedule(scp, await sign(ec, 'ec-1', 'ES256', { scp: 'x' }))).status).toBe(403);
    // A scope claim that is neither a string nor an array of strings makes the token invalid.
    expect((await getSchedule(scp, await sign(ec, 'ec-1', 'ES256', { scp: [READ_SCOPE, 7] }))).status).toBe(401);
  });

  it('answers 504 within the fetch timeout when the JWKS endpoint hangs, and reports it', async () => {
    const errors: unknown[] = [];
    const handler = handlerWith({ jwks: `${jwks.url}/hang`, jwksTimeoutMs: 300 }, errors);
    const started = performance.now();
    const answer = await getSchedule(handler, await sign(rsa, 'rsa-1', 'RS256'));
    const elapsed = performance.now() - started;
    expect([answer.status, answer.challenge, answer.body]).toEqual([504, null, { error: 'the identity provider did not respond in time' }]);
    expect(elapsed).toBeLessThan(4_000);
    expect(errors).toHaveLength(1);
  });

  it('answers 504 within the handler downstream timeout when that is shorter than the fetch timeout', async () => {
    const errors: unknown[] = [];
    const handler = handlerWith({ jwks: `${jwks.url}/hang`, downstreamTimeoutMs: 300 }, errors);
    const started = performance.now();
    const answer = await getSchedule(handler, await sign(rsa, 'rsa-1', 'RS256'));
    expect(answer.status).toBe(504);
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(errors).toHaveLength(1);
  });

  it('answers 504, not 401, when the JWKS endpoint fails or is not listening', async () => {
    const closed = await listen(() => undefined);
    const closedUrl = `${closed.url}/jwks.json`;
    await closed.close();
    for (const url of [`${jwks.url}/broken`, closedUrl]) {
      const errors: unknown[] = [];
      const answer = await getSchedule(handlerWith({ jwks: url }, errors), await sign(rsa, 'rsa-1', 'RS256'));
      expect([answer.status, answer.challenge]).toEqual([504, null]);
      expect(errors).toHaveLength(1);
    }
  });

  it('answers 401, never 500, for any garbage bearer token', async () => {
    const handler = handlerWith({});
    const segment = fc.oneof(fc.base64String(), fc.string().map((s) => base64url.encode(s)), fc.constant(base64url.encode('{"alg":"RS256","kid":"rsa-1"}')));
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 4 }), async (parts) => {
        const token = parts.join('.').replace(/[^A-Za-z0-9\-._~+/]/g, '') || 'x';
        expect((await getSchedule(handler, token)).status).toBe(401);
      }),
      { numRuns: 60, seed: 13 },
    );
  });
});

describe('createJwtAuth start-up checks', () => {
  it('refuses "none", HMAC with a public key or a JWKS, both or neither key source, and remote http JWKS URLs', async () => {
    const jwksUrl = `${jwks.url}/jwks.json`;
    expect(() => createJwtAuth({ jwks: jwksUrl, algorithms: ['none'] })).toThrow(JWT_AUTH_MESSAGES.algorithmNotForKey('none'));
    expect(() => createJwtAuth({ jwks: jwksUrl, algorithms: ['HS256'] })).toThrow(JWT_AUTH_MESSAGES.algorithmNotForKey('HS256'));
    expect(() => createJwtAuth({ key: rsa.publicKey, algorithms: ['HS256'] })).toThrow(JWT_AUTH_MESSAGES.algorithmNotForKey('HS256'));
    expect(() => createJwtAuth({ key: ec.publicKey, algorithms: ['RS256'] })).toThrow(JWT_AUTH_MESSAGES.algorithmNotForKey('RS256'));
    expect(() => createJwtAuth({ key: rsa.publicKey, algorithms: [] })).toThrow(JWT_AUTH_MESSAGES.noAlgorithms);
    expect(() => createJwtAuth({ jwks: jwksUrl, key: rsa.publicKey } as never)).toThrow(JWT_AUTH_MESSAGES.keySource);
    expect(() => createJwtAuth({} as never)).toThrow(JWT_AUTH_MESSAGES.keySource);
    expect(() => createJwtAuth({ jwks: 'http://id.example.test/jwks.json' })).toThrow(JWT_AUTH_MESSAGES.jwksUrl);
    expect(() => createJwtAuth({ jwks: 'not a url' })).toThrow(JWT_AUTH_MESSAGES.jwksUrl);
    expect(() => createJwtAuth({ jwks: jwksUrl, clockToleranceSeconds: -1 })).toThrow(JWT_AUTH_MESSAGES.nonNegative('clockToleranceSeconds'));
    expect(() => createJwtAuth({ jwks: 'https://id.example.test/jwks.json' })).not.toThrow();
  });

  it('refuses, at construction, a key that is PEM text given as bytes, a string, a secret KeyObject or an oct JWK (issue 33)', async () => {
    const pem = await exportSPKI(rsa.publicKey);
    const bytes = new TextEncoder().encode(pem);
    const { createSecretKey } = await import('node:crypto');
    const forms: [string, unknown][] = [
      ['bytes', bytes],
      ['bytes after a newline', new TextEncoder().encode(`\n  ${pem}`)],
      ['string', pem],
      ['secret KeyObject', createSecretKey(bytes)],
      ['oct JWK', { kty: 'oct', k: base64url.encode(bytes) }],
    ];
    for (const [form, key] of forms) {
      expect(() => createJwtAuth({ key, algorithms: ['HS256'] } as JwtAuthOptions), form).toThrow(JWT_AUTH_MESSAGES.pemKey);
      expect(() => createJwtAuth({ key } as JwtAuthOptions), form).toThrow(JWT_AUTH_MESSAGES.pemKey);
    }
    // The message names the fix; the imported public key works.
    expect(JWT_AUTH_MESSAGES.pemKey).toContain('createPublicKey');
    const { createPublicKey } = await import('node:crypto');
    const auth = createJwtAuth({ key: createPublicKey(pem), clock: () => NOW });
    expect(await auth.verify(await sign(rsa, 'rsa-1', 'RS256'))).toEqual({ scopes: [READ_SCOPE] });
    // A secret that merely contains the text later on is a secret like any other.
    expect(() => createJwtAuth({ key: new TextEncoder().encode(`secret -----BEGIN ${'x'.repeat(32)}`) })).not.toThrow();
  });

  it('accepts an HMAC secret only with HMAC algorithms', async () => {
    const secret = new TextEncoder().encode('0123456789abcdef0123456789abcdef');
    const auth = createJwtAuth({ key: secret, clock: () => NOW });
    const token = await new SignJWT({ exp: nowSeconds + 60, scope: READ_SCOPE }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    expect(await auth.verify(token)).toEqual({ scopes: [READ_SCOPE] });
    const rsToken = await sign(rsa, 'rsa-1', 'RS256');
    expect(await auth.verify(rsToken)).toEqual({ refused: 'invalid' });
  });
});
