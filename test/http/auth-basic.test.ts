import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BASIC_REALM_MESSAGE,
  type CredentialPair,
  HTTP_MESSAGES,
  createHandler,
  createStaticAuth,
  decodeBasicCredentials,
  withBasicAuth,
} from '../../src/http/index.js';
import { A, SCHEDULE_ID, TOKENS, scopesOf, testOptions } from './helpers.js';

const URL_ = `http://127.0.0.1/accounts/${A}/schedules/${SCHEDULE_ID}`;
const CHALLENGE = 'Bearer, Basic realm="payments", charset="UTF-8"';
const USERS: Record<string, string> = { alice: 's3cr3t', 'jürgen': 'pa:ss:wörd', '': 'empty-user' };

const b64 = (bytes: Uint8Array | string) => Buffer.from(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes).toString('base64');

function handlerWith(verify: (pair: CredentialPair) => unknown = ({ username, password }) => (Object.hasOwn(USERS, username) && USERS[username] === password ? { scopes: scopesOf(A) } : undefined), extra = {}) {
  const auth = withBasicAuth(createStaticAuth(TOKENS), { realm: 'payments', verify: verify as never });
  return createHandler(testOptions({ auth, ...extra }));
}

async function get(handler: (request: Request) => Promise<Response>, authorization?: string) {
  const response = await handler(new Request(URL_, { headers: authorization === undefined ? {} : { authorization } }));
  return { status: response.status, challenge: response.headers.get('www-authenticate'), body: (await response.json()) as unknown, requestId: response.headers.get('x-request-id') };
}

describe('Authorization: Basic through withBasicAuth (spec 5.3, RFC 7617)', () => {
  it('accepts a valid pair (UTF-8 names, a password holding colons, an empty user-id) with the verifier grant', async () => {
    const seen: CredentialPair[] = [];
    const handler = handlerWith((pair) => {
      seen.push(pair);
      return USERS[pair.username] === pair.password ? { scopes: scopesOf(A) } : undefined;
    });
    for (const [user, password] of Object.entries(USERS)) {
      expect((await get(handler, `Basic ${b64(`${user}:${password}`)}`)).status).toBe(200);
    }
    expect((await get(handler, `basic   ${b64('alice:s3cr3t')}  `)).status).toBe(200);
    expect(seen[1]).toEqual({ username: 'jürgen', password: 'pa:ss:wörd' });
  });

  it('refuses a wrong password with 401 and a challenge naming both schemes', async () => {
    const answer = await get(handlerWith(), `Basic ${b64('alice:wrong')}`);
    expect(answer).toMatchObject({ status: 401, challenge: CHALLENGE, body: { error: HTTP_MESSAGES.invalidCredentials } });
    expect(answer.requestId).toBeTruthy();
  });

  it.each([
    ['characters outside base64', 'Basic YWxp!2U6czNjcjN0'],
    ['missing padding', `Basic ${b64('alice:s3cr3').replace(/=+$/, '')}`],
    ['padding in the middle', 'Basic YQ==YWxpY2U6czNjcjN0'],
    ['no token at all', 'Basic'],
    ['two tokens', `Basic ${b64('alice:s3cr3t')} ${b64('alice:s3cr3t')}`],
    ['latin-1 bytes in the header', 'Basic \u00ff\u00fe\u00fd\u00fc'],
    ['no colon', `Basic ${b64('alice')}`],
    ['bytes that are not UTF-8', `Basic ${b64(new Uint8Array([0x61, 0xff, 0x3a, 0x62]))}`],
    ['an encoded surrogate (not UTF-8)', `Basic ${b64(new Uint8Array([0x61, 0x3a, 0xed, 0xa0, 0x80]))}`],
    ['a control character', `Basic ${b64('al\u0001ice:s3cr3t')}`],
    ['DEL in the password', `Basic ${b64('alice:s3cr\u007f3t')}`],
  ])('refuses %s with 401 (malformed) and both challenges, never asking the verifier', async (_name, header) => {
    let asked = 0;
    const answer = await get(
      handlerWith(() => {
        asked += 1;
        return { scopes: scopesOf(A) };
      }),
      header,
    );
    expect(answer).toMatchObject({ status: 401, challenge: CHALLENGE, body: { error: HTTP_MESSAGES.malformedBasic } });
    expect(asked).toBe(0);
  });

  it('names both schemes when credentials are missing or unknown, and bearer tokens still work', async () => {
    const handler = handlerWith();
    expect(await get(handler)).toMatchObject({ status: 401, challenge: CHALLENGE, body: { error: HTTP_MESSAGES.missingCredentials } });
    expect(await get(handler, 'Bearer nope')).toMatchObject({
      status: 401,
      challenge: 'Bearer error="invalid_token", error_description="unknown token", Basic realm="payments", charset="UTF-8"',
    });
    expect(await get(handler, 'Digest x')).toMatchObject({ status: 401, body: { error: HTTP_MESSAGES.malformedCredentials } });
    expect((await get(handler, 'Bearer all')).status).toBe(200);
  });

  it('answers 403 for a valid pair whose grant lacks the scope, and 401 for a pair the verifier calls expired', async () => {
    expect((await get(handlerWith(() => ({ scopes: [] })), `Basic ${b64('alice:s3cr3t')}`)).status).toBe(403);
    expect(await get(handlerWith(() => ({ refused: 'expired' })), `Basic ${b64('alice:s3cr3t')}`)).toMatchObject({
      status: 401,
      challenge: CHALLENGE,
      body: { error: HTTP_MESSAGES.expiredCredentials },
    });
  });

  it('answers 504 when the verifier says its directory is unavailable or does not answer in time', async () => {
    const errors: unknown[] = [];
    const down = handlerWith(() => ({ refused: 'unavailable', cause: new Error('directory down') }), { onError: (e: unknown) => errors.push(e) });
    expect(await get(down, `Basic ${b64('alice:s3cr3t')}`)).toMatchObject({ status: 504, challenge: null, body: { error: HTTP_MESSAGES.authUnavailable } });
    expect(errors).toEqual([new Error('directory down')]);
    const slow = handlerWith(() => new Promise(() => undefined), { downstreamTimeoutMs: 200 });
    const started = performance.now();
    expect((await get(slow, `Basic ${b64('alice:s3cr3t')}`)).status).toBe(504);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('is not accepted without withBasicAuth: a bearer-only port answers Basic with invalid_request', async () => {
    const answer = await get(createHandler(testOptions()), `Basic ${b64('alice:s3cr3t')}`);
    expect(answer).toMatchObject({
      status: 401,
      challenge: 'Bearer error="invalid_request", error_description="malformed Authorization header"',
      body: { error: HTTP_MESSAGES.malformedAuthorization },
    });
  });

  it('refuses a realm a quoted string cannot carry', () => {
    const verify = () => undefined;
    expect(() => withBasicAuth(createStaticAuth({}), { verify, realm: 'a"b' })).toThrow(BASIC_REALM_MESSAGE);
    expect(() => withBasicAuth(createStaticAuth({}), { verify, realm: 'a\\b' })).toThrow(BASIC_REALM_MESSAGE);
    expect(() => withBasicAuth(createStaticAuth({}), { verify, realm: 'é' })).toThrow(BASIC_REALM_MESSAGE);
    expect(withBasicAuth(createStaticAuth({}), { verify }).basicRealm).toBeUndefined();
  });
});

describe('decodeBasicCredentials', () => {
  const noCtl = (s: string) => !/[\x00-\x1F\x7F]/.test(s);
  it('round-trips any UTF-8 user-id without colon or control characters and any password without control characters', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }).filter((s) => !s.includes(':') && noCtl(s)),
        fc.string({ unit: 'grapheme' }).filter(noCtl),
        (username, password) => {
          expect(decodeBasicCredentials(b64(`${username}:${password}`))).toEqual({ username, password });
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });

  it('refuses any non-base64 text and anything without a colon', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const decoded = decodeBasicCredentials(text);
        if (decoded !== undefined) expect(Buffer.from(text, 'base64').toString('base64')).toBe(text);
        expect(decodeBasicCredentials(b64(text.replaceAll(':', '')))).toBeUndefined();
      }),
      { numRuns: 300, seed: 8 },
    );
  });
});
