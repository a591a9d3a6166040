import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEffectDispatcher } from '../../src/http/index.js';
import {
  WEBHOOK_MESSAGES,
  createWebhookRelay,
  isWebhookDeliveryError,
  isWebhookVerificationError,
  verifyWebhook,
} from '../../src/relay/webhook/index.js';
import { ACCOUNT_A, fixtureEffect } from '../../src/testing/index.js';
import { INVOICE, effectIDs, storeWithEffects, tally } from './helpers.js';
import { type Receiver, startReceiver } from './webhook-receiver.js';
import { binaryText } from '../limits/code-points.js';

const newSecret = (bytes = 32): string => `whsec_${randomBytes(bytes).toString('base64')}`;
const effect = { ...fixtureEffect(INVOICE), effectID: 'eff-1' };
const context = { accountID: ACCOUNT_A, requestId: 'req-1' };
const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
async function receiver(secret: string, options?: { hang?: boolean }): Promise<Receiver> {
  const started = await startReceiver(secret, options);
  receivers.push(started);
  return started;
}

/** Headers of a message signed by the standardwebhooks package. */
function signedByThem(secret: string, id: string, seconds: number, body: string): Record<string, string> {
  return { 'webhook-id': id, 'webhook-timestamp': String(seconds), 'webhook-signature': new Webhook(secret).sign(id, new Date(seconds * 1000), body) };
}

describe('createWebhookRelay against a real receiver verifying with standardwebhooks', () => {
  it('every effect arrives once, verified, with webhook-id = effect ID and the JSON envelope as body', async () => {
    const secret = newSecret();
    const target = await receiver(secret);
    const store = await storeWithEffects(25, 'wh');
    const dispatcher = createEffectDispatcher({ store, deliver: createWebhookRelay({ url: target.url, secret }) });
    expect(await dispatcher.drain()).toBe(25);
    expect(target.received.every((r) => r.verified && r.status === 200)).toBe(true);
    expect([...tally(target.received.map((r) => r.id)).entries()].sort()).toEqual(effectIDs('wh', 25).sort().map((id) => [id, 1]));
    const third = target.received.find((r) => r.id === 'wh-3');
    expect(JSON.parse(third?.body ?? '')).toEqual({
      type: 'invoice.finalized',
      effectID: 'wh-3',
      accountID: ACCOUNT_A,
      requestId: 'req-3',
      data: fixtureEffect(INVOICE, 'INV-3'),
    });
  });

  it('a receiver that answers 500 three times then 200 gets the effect once more (4 requests, one ID), then it is delivered', async () => {
    const secret = newSecret();
    const target = await receiver(secret);
    target.script.push(500, 500, 500);
    const store = await storeWithEffects(1, 'retry');
    const errors: unknown[] = [];
    const dispatcher = createEffectDispatcher({
      store,
      deliver: createWebhookRelay({ url: target.url, secret }),
      retry: { initialDelayMs: 5, maxDelayMs: 20 },
      onError: (error) => errors.push(error),
    });
    let delivered = 0;
    for (let round = 0; round < 200 && delivered === 0; round += 1) {
      delivered = await dispatcher.drain();
      if (delivered === 0) await new Promise((r) => setTimeout(r, 10));
    }
    expect(delivered).toBe(1);
    expect(target.received.map((r) => [r.id, r.status, r.verified])).toEqual([
      ['retry-0', 500, true],
      ['retry-0', 500, true],
      ['retry-0', 500, true],
      ['retry-0', 200, true],
    ]);
    expect(errors.map((e) => isWebhookDeliveryError(e) && e.status)).toEqual([500, 500, 500]);
    expect(await dispatcher.drain()).toBe(0);
  });

  it('signs with every secret during a key rotation; a receiver knowing either verifies', async () => {
    const [oldSecret, newOne] = [newSecret(), newSecret(24)];
    const relay = createWebhookRelay({ url: 'http://127.0.0.1:1/', secret: [oldSecret, newOne], fetch: async (_url, init) => {
      const headers = init?.headers as Record<string, string>;
      expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
      for (const secret of [oldSecret, newOne]) expect(new Webhook(secret).verify(String(init?.body), headers)).toBeTruthy();
      await verifyWebhook(String(init?.body), headers, newOne);
      return new Response(null, { status: 204 });
    } });
    await relay(effect, context);
  });

  it('refused connections, timeouts, redirects and non-2xx answers throw WebhookDeliveryError (the effect is retried)', async () => {
    const secret = newSecret();
    const closed = createWebhookRelay({ url: 'http://127.0.0.1:1/hooks', secret });
    await expect(closed(effect, context)).rejects.toSatisfy((e) => isWebhookDeliveryError(e) && e.status === undefined);
    const silent = await receiver(secret, { hang: true });
    const started = Date.now();
    const slow = createWebhookRelay({ url: silent.url, secret, timeoutMs: 200 });
    await expect(slow(effect, context)).rejects.toThrow(WEBHOOK_MESSAGES.timedOut(200));
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const status of [302, 400, 404, 429, 503]) {
      const relay = createWebhookRelay({ url: 'https://hooks.example.com/x', secret, fetch: async () => new Response(null, { status, headers: { location: 'http://127.0.0.1:1/' } }) });
      await expect(relay(effect, context)).rejects.toThrow(WEBHOOK_MESSAGES.status(status));
    }
  });

  it('aborting the delivery context (the dispatcher deadline) aborts the request', async () => {
    const secret = newSecret();
    const silent = await receiver(secret, { hang: true });
    const controller = new AbortController();
    const relay = createWebhookRelay({ url: silent.url, secret, timeoutMs: 60_000 });
    const pending = relay(effect, { ...context, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('deadline')), 50);
    await expect(pending).rejects.toSatisfy(isWebhookDeliveryError);
  });

  it('checks its options once, at construction, with clear errors', () => {
    const secret = newSecret();
    for (const url of ['ftp://example.com/', '/relative', 'not a url', 'https://user:pass@example.com/', 42, undefined]) {
      expect(() => createWebhookRelay({ url: url as string, secret })).toThrow(WEBHOOK_MESSAGES.url);
    }
    for (const bad of ['', 'whsec_', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', `whsec_${randomBytes(23).toString('base64')}`, `whsec_${randomBytes(65).toString('base64')}`, 'whsec_!!!!', 'whsec_😀', `whsec_${'A'.repeat(10_000)}`, 7]) {
      expect(() => createWebhookRelay({ url: 'https://example.com/', secret: bad as string })).toThrow(WEBHOOK_MESSAGES.secret);
    }
    expect(() => createWebhookRelay({ url: 'https://example.com/', secret: [] })).toThrow(WEBHOOK_MESSAGES.secrets);
    expect(() => createWebhookRelay({ url: 'https://example.com/', secret: Array(9).fill(secret) })).toThrow(WEBHOOK_MESSAGES.secrets);
    for (const timeoutMs of [0, -1, 1.5, Number.NaN, Infinity, 2 ** 31]) {
      expect(() => createWebhookRelay({ url: 'https://example.com/', secret, timeoutMs })).toThrow(WEBHOOK_MESSAGES.timeout);
    }
    for (const name of ['Content-Type', 'webhook-id', 'Webhook-Signature', 'webhook-timestamp']) {
      expect(() => createWebhookRelay({ url: 'https://example.com/', secret, headers: { [name]: 'x' } })).toThrow(WEBHOOK_MESSAGES.headers);
    }
    expect(createWebhookRelay({ url: new URL('https://example.com/h'), secret, timeoutMs: 1, headers: { 'user-agent': 'x' } })).toBeTypeOf('function');
  });
});

describe('verifyWebhook', () => {
  const NOW = 1_780_000_000;
  const now = () => NOW * 1000;

  it('accepts what standardwebhooks signs, and standardwebhooks accepts what our relay signs (any body, id, time)', async () => {
    const secret = newSecret();
    const body = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), binaryText({ maxLength: 50 })).map((text) => JSON.stringify({ text }));
    await fc.assert(
      fc.asyncProperty(body, fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/), fc.integer({ min: -300, max: 300 }), async (payload, id, skew) => {
        const ts = NOW + skew;
        expect(await verifyWebhook(payload, signedByThem(secret, id, ts, payload), secret, { now })).toEqual(JSON.parse(payload));
        let sent: { body: string; headers: Record<string, string> } | undefined;
        const relay = createWebhookRelay({ url: 'https://example.com/', secret, now: () => ts * 1000, fetch: async (_u, init) => {
          sent = { body: String(init?.body), headers: init?.headers as Record<string, string> };
          return new Response(null, { status: 200 });
        } });
        await relay({ ...effect, effectID: id, invoiceNumber: payload }, context);
        expect(sent?.headers['webhook-signature']).toBe(new Webhook(secret).sign(id, new Date(ts * 1000), sent?.body ?? ''));
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a tampered body, a wrong secret, and a timestamp outside the tolerance', async () => {
    const secret = newSecret();
    const body = JSON.stringify({ amount: '1.00' });
    const headers = signedByThem(secret, 'eff-1', NOW, body);
    const reason = (promise: Promise<unknown>) => promise.then(() => 'accepted', (e: unknown) => (isWebhookVerificationError(e) ? e.reason : String(e)));
    expect(await reason(verifyWebhook(body.replace('1.00', '9.00'), headers, secret, { now }))).toBe('no-matching-signature');
    expect(await reason(verifyWebhook(body, headers, newSecret(), { now }))).toBe('no-matching-signature');
    expect(await reason(verifyWebhook(body, headers, secret, { now: () => (NOW + 301) * 1000 }))).toBe('timestamp-too-old');
    expect(await reason(verifyWebhook(body, headers, secret, { now: () => (NOW - 301) * 1000 }))).toBe('timestamp-too-new');
    expect(await reason(verifyWebhook(body, headers, secret, { now: () => (NOW + 300) * 1000 }))).toBe('accepted');
    expect(await reason(verifyWebhook(body, headers, secret, { now: () => (NOW + 11) * 1000, toleranceSeconds: 10 }))).toBe('timestamp-too-old');
    expect(await reason(verifyWebhook(body, { ...headers, 'webhook-id': 'eff-2' }, secret, { now }))).toBe('no-matching-signature');
    expect(await reason(verifyWebhook(new TextEncoder().encode(body), new Headers(headers), secret, { now }))).toBe('accepted');
  });

  it('accepts one matching signature among several (key rotation) and one of several secrets', async () => {
    const [a, b] = [newSecret(), newSecret()];
    const body = '{}';
    const theirs = signedByThem(a, 'm1', NOW, body);
    const rotated = { ...theirs, 'webhook-signature': `v1,${randomBytes(32).toString('base64')} v2,abc ${theirs['webhook-signature']} v1,notbase64` };
    expect(await verifyWebhook(body, rotated, a, { now })).toEqual({});
    expect(await verifyWebhook(body, theirs, [b, a], { now })).toEqual({});
    await expect(verifyWebhook(body, theirs, [b], { now })).rejects.toThrow(WEBHOOK_MESSAGES.noMatch);
  });

  it('refuses missing, repeated, malformed and oversized headers, and a body that is not JSON, with bounded work', async () => {
    const secret = newSecret();
    const body = '{}';
    const good = signedByThem(secret, 'm1', NOW, body);
    const reason = (headers: Record<string, string | string[]>, payload = body) =>
      verifyWebhook(payload, headers, secret, { now }).then(() => 'accepted', (e: unknown) => (isWebhookVerificationError(e) ? e.reason : String(e)));
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const { [name]: _gone, ...rest } = good;
      expect(await reason(rest)).toBe('missing-header');
      expect(await reason({ ...good, [name]: '' })).toBe('missing-header');
      expect(await reason({ ...good, [name]: [good[name] ?? '', good[name] ?? ''] })).toBe('bad-header');
    }
    for (const timestamp of ['-1', '1.5', '1e9', ' 1780000000', '0x10', '9'.repeat(13)]) expect(await reason({ ...good, 'webhook-timestamp': timestamp })).toBe('bad-header');
    expect(await reason({ ...good, 'webhook-id': 'x'.repeat(257) })).toBe('bad-header');
    expect(await reason({ ...good, 'webhook-signature': Array(17).fill(good['webhook-signature']).join(' ') })).toBe('bad-header');
    expect(await reason({ ...good, 'webhook-signature': 'v1,'.padEnd(5_000, 'A') })).toBe('bad-header');
    expect(await reason({ ...good, 'Webhook-Id': 'm1', 'webhook-id': undefined as unknown as string })).toBe('accepted');
    const notJson = 'hello';
    expect(await reason(signedByThem(secret, 'm1', NOW, notJson), notJson)).toBe('not-json');
    await expect(verifyWebhook(body, good, secret, { toleranceSeconds: -1 })).rejects.toThrow(WEBHOOK_MESSAGES.tolerance);
    await expect(verifyWebhook(body, good, 'whsec_short', {})).rejects.toThrow(WEBHOOK_MESSAGES.secret);
  });
});

describe('payments-kit/relay/webhook is runtime-neutral', () => {
  it('reaches no node: module, Buffer or process through its imports', () => {
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      expect({ file, node: /from ['"]node:|\bBuffer\b|\bprocess\./.test(source.replace(/\/\*\*[\s\S]*?\*\/|\/\/.*$/gm, '')) }).toEqual({ file, node: false });
      for (const [, spec] of source.matchAll(/from ['"](\.{1,2}\/[^'"]+)['"]/g)) visit(resolve(dirname(file), (spec ?? '').replace(/\.js$/, '.ts')));
    };
    visit(join(import.meta.dirname, '../../src/relay/webhook/index.ts'));
    expect(seen.size).toBeGreaterThan(8);
  });
});

describe('verifyWebhook: bounded work and a clock that must tell the time (issue 33)', () => {
  const NOW = 1_780_000_000;
  const now = () => NOW * 1000;
  const reason = (promise: Promise<unknown>) => promise.then(() => 'accepted', (e: unknown) => (isWebhookVerificationError(e) ? e.reason : String(e)));

  /** Counts the calls WebCrypto gets to hash or check something, and the bytes they cover, while `run` runs. */
  async function countHmacWork(run: () => Promise<unknown>): Promise<{ calls: number; bytes: number }> {
    const work = { calls: 0, bytes: 0 };
    const subtle = crypto.subtle;
    const count = (data: BufferSource): void => {
      work.calls += 1;
      work.bytes += data.byteLength;
    };
    const sign = subtle.sign.bind(subtle);
    const verify = subtle.verify.bind(subtle);
    const digest = subtle.digest.bind(subtle);
    const spies = [
      vi.spyOn(subtle, 'sign').mockImplementation((algorithm, key, data) => (count(data), sign(algorithm, key, data))),
      vi.spyOn(subtle, 'verify').mockImplementation((algorithm, key, signature, data) => (count(data), verify(algorithm, key, signature, data))),
      vi.spyOn(subtle, 'digest').mockImplementation((algorithm, data) => (count(data), digest(algorithm, data))),
    ];
    try {
      await run();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    return work;
  }

  it('16 signatures x 8 secrets over a 1 MB body: at most 8 hashes of the body (one per secret), and a real signature still found', async () => {
    const secrets = Array.from({ length: 8 }, () => newSecret());
    const body = JSON.stringify({ pad: 'x'.repeat(1_000_000 - 10) });
    expect(body.length).toBe(1_000_000);
    const junk = Array.from({ length: 16 }, () => `v1,${randomBytes(32).toString('base64')}`).join(' ');
    const headers = { ...signedByThem(secrets[0] ?? '', 'm1', NOW, body), 'webhook-signature': junk };
    let refused = '';
    const work = await countHmacWork(async () => {
      refused = await reason(verifyWebhook(body, headers, secrets, { now }));
    });
    expect(refused).toBe('no-matching-signature');
    expect(work.calls).toBeLessThanOrEqual(8);
    expect(work.bytes).toBeLessThanOrEqual(8 * (body.length + 64));
    // The last of 16 candidates under the last of 8 secrets still verifies, with the same work.
    const real = signedByThem(secrets[7] ?? '', 'm1', NOW, body)['webhook-signature'] ?? '';
    const last = { ...headers, 'webhook-signature': `${junk.split(' ').slice(1).join(' ')} ${real}` };
    let accepted: unknown;
    const again = await countHmacWork(async () => {
      accepted = await verifyWebhook(body, last, secrets, { now });
    });
    expect(accepted).toEqual(JSON.parse(body));
    expect(again.calls).toBeLessThanOrEqual(8);
  });

  it('more than 16 signatures, a body over maxBodyBytes and an out-of-tolerance timestamp are refused before anything is hashed', async () => {
    const secret = newSecret();
    const body = '{}';
    const good = signedByThem(secret, 'm1', NOW, body);
    const cases: [string, () => Promise<unknown>][] = [
      ['bad-header', () => verifyWebhook(body, { ...good, 'webhook-signature': Array(17).fill('v1,AAAA').join(' ') }, secret, { now })],
      ['body-too-large', () => verifyWebhook('{"a":"'.padEnd(1_048_577, 'x'), good, secret, { now })],
      ['body-too-large', () => verifyWebhook(new Uint8Array(1_048_577), good, secret, { now })],
      ['body-too-large', () => verifyWebhook('"é"', good, secret, { now, maxBodyBytes: 3 })], // 4 UTF-8 bytes
      ['timestamp-too-old', () => verifyWebhook(body, good, secret, { now: () => (NOW + 301) * 1000 })],
    ];
    for (const [expected, run] of cases) {
      let got = '';
      const work = await countHmacWork(async () => {
        got = await reason(run());
      });
      expect([expected, got, work.calls]).toEqual([expected, expected, 0]);
    }
    // At the limit it is verified: maxBodyBytes counts UTF-8 bytes.
    const small = '"é"';
    expect(await verifyWebhook(small, signedByThem(secret, 'm1', NOW, small), secret, { now, maxBodyBytes: 4 })).toBe('é');
    for (const maxBodyBytes of [0, -1, 1.5, Number.NaN, Infinity]) {
      await expect(verifyWebhook(body, good, secret, { now, maxBodyBytes })).rejects.toThrow(WEBHOOK_MESSAGES.maxBodyBytes);
    }
  });

  it('imports each secret\'s key once and reuses it for later messages; a bad secret is never cached', async () => {
    const secret = newSecret();
    const body = '{}';
    const headers = signedByThem(secret, 'm1', NOW, body);
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    try {
      expect(await verifyWebhook(body, headers, secret, { now })).toEqual({});
      expect(await verifyWebhook(body, headers, [newSecret(), secret], { now })).toEqual({});
      expect(await verifyWebhook(body, headers, secret, { now })).toEqual({});
      expect(importKey).toHaveBeenCalledTimes(2); // the secret once, the other once
      for (let i = 0; i < 2; i += 1) await expect(verifyWebhook(body, headers, 'whsec_short', { now })).rejects.toThrow(WEBHOOK_MESSAGES.secret);
      expect(importKey).toHaveBeenCalledTimes(2);
    } finally {
      importKey.mockRestore();
    }
  });

  it('a clock that returns undefined, NaN or Infinity throws a TypeError; it never accepts a message signed in 1970', async () => {
    const secret = newSecret();
    const body = '{}';
    const old = signedByThem(secret, 'm1', 1, body);
    for (const clock of [() => undefined, () => Number.NaN, () => Infinity, () => -Infinity, () => '1780000000000', () => null]) {
      const refusal = await verifyWebhook(body, old, secret, { now: clock as unknown as () => number }).then(() => undefined, (e: unknown) => e);
      expect(refusal).toBeInstanceOf(TypeError);
      expect((refusal as Error).message).toBe(WEBHOOK_MESSAGES.clock);
    }
    await expect(verifyWebhook(body, old, secret, { now: 5 as unknown as () => number })).rejects.toThrow(WEBHOOK_MESSAGES.clock);
    expect(await reason(verifyWebhook(body, old, secret, { now }))).toBe('timestamp-too-old');
  });

  it('a header repeated in a Headers object (joined with ", ") or in node:http headers is refused as documented', async () => {
    const secret = newSecret();
    const body = '{}';
    const good = signedByThem(secret, 'm1', NOW, body);
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const headers = new Headers(good);
      headers.append(name, good[name] ?? '');
      expect([name, await reason(verifyWebhook(body, headers, secret, { now }))]).toEqual([name, 'bad-header']);
      // node:http's req.headers joins a repeated unknown header into one string the same way.
      expect([name, await reason(verifyWebhook(body, { ...good, [name]: `${good[name]}, ${good[name]}` }, secret, { now }))]).toEqual([name, 'bad-header']);
    }
    expect(await reason(verifyWebhook(body, new Headers(good), secret, { now }))).toBe('accepted');
  });
});

describe('createWebhookRelay checks extra headers when it is created (issue 33)', () => {
  it('refuses a name that is not a token and a value with CR, LF or other control characters, without repeating the value', () => {
    const secret = newSecret();
    const make = (headers: Record<string, string>) => () => createWebhookRelay({ url: 'https://example.com/', secret, headers });
    for (const name of ['bad name', 'x:y', '', 'é', 'a\r\nb']) expect(make({ [name]: 'v' })).toThrow(WEBHOOK_MESSAGES.headerName);
    for (const value of ['a\r\nx-injected: 1', 'a\nb', 'a\rb', 'a\u0000b', 'a\u007fb', ' padded', 'padded\t', 'snow ☃']) {
      let message = '';
      try {
        make({ 'x-trace': value })();
      } catch (error) {
        message = (error as Error).message;
      }
      expect([value, message]).toEqual([value, WEBHOOK_MESSAGES.headerValue('x-trace')]);
    }
    for (const name of ['Host', 'content-length', 'Transfer-Encoding', 'connection']) expect(make({ [name]: '1' })).toThrow(WEBHOOK_MESSAGES.headers);
    expect(make({ 'user-agent': 'payments-kit/1 (+https://example.com)', 'x-empty': '', 'x-tab': 'a\tb' })()).toBeTypeOf('function');
  });

  it('a clock that gives no finite number fails the delivery with a TypeError instead of signing "NaN"', async () => {
    let posted = false;
    const relay = createWebhookRelay({ url: 'https://example.com/', secret: newSecret(), now: () => Number.NaN, fetch: async () => ((posted = true), new Response(null)) });
    await expect(relay(effect, context)).rejects.toThrow(WEBHOOK_MESSAGES.relayClock);
    expect(posted).toBe(false);
  });
});
