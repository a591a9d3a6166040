import { describe, expect, it, vi } from 'vitest';
import { type Store, createHandler, createMemoryStore } from '../../src/http/index.js';
import { requestFingerprint } from '../../src/http/idempotency/fingerprint.js';
import { isValidIdempotencyKey } from '../../src/http/idempotency/key.js';
import { IDEMPOTENCY_MESSAGES } from '../../src/http/idempotency/messages.js';
import { resolveIdempotency } from '../../src/http/idempotency/settings.js';
import { A, B, DISPUTE_ID, DOMAIN, INVOICE_ID, SESSION, bearer, call, jsonInit, released, seed, serve, testOptions } from './helpers.js';
import { racedOnceStore } from './faulty-stores.js';

const invoiceUrl = (base: string) => `${base}/accounts/${A}/invoices/${INVOICE_ID}`;
const evidenceUrl = (base: string) => `${base}/accounts/${A}/disputes/${DISPUTE_ID}/evidence-text`;
const sessionUrl = (base: string, account = A) => `${base}/accounts/${account}/apple-pay/sessions`;
const withKey = (key: string, extra: Record<string, string> = {}) => ({ ...bearer('all'), 'idempotency-key': key, ...extra });
const session = { domain: DOMAIN, displayName: 'Shop' };
const evidence = { evidenceType: 'receipt', text: 'paid in full' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A clock that stands still until the test moves it on, for a memory store's `clock`: leases
 * and TTLs then run out when the test says, not when a loaded machine gets round to it.
 */
function steppedClock(): { clock: () => Date; advance(ms: number): void } {
  let now = Date.parse('2026-04-10T12:00:00Z');
  return { clock: () => new Date(now), advance: (ms) => void (now += ms) };
}

describe('Idempotency-Key on the three writes', () => {
  it('a repeated evidence upload replays the first 201 (same evidenceID) with idempotent-replayed and a fresh request id', async () => {
    const store = createMemoryStore({ seed: seed() });
    const s = await serve({ store });
    try {
      const first = await call(evidenceUrl(s.url), jsonInit('POST', evidence, withKey('k-1', { 'x-request-id': 'r-1' })));
      const again = await call(evidenceUrl(s.url), jsonInit('POST', evidence, withKey('k-1', { 'x-request-id': 'r-2' })));
      expect(first.status).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect([again.status, again.text, again.headers.get('idempotent-replayed'), again.headers.get('x-request-id')]).toEqual([201, first.text, 'true', 'r-2']);
      const generated = await call(evidenceUrl(s.url), jsonInit('POST', evidence, withKey('k-1')));
      expect(generated.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
      expect(await store.listEvidence(A, DISPUTE_ID)).toHaveLength(1);
    } finally {
      await s.close();
    }
  });

  it('a repeated wallet session replays the first session: the provider runs once', async () => {
    let sessions = 0;
    const s = await serve({ walletProvider: { createSession: async () => `${SESSION.slice(0, -1)},"n":${++sessions}}` } });
    try {
      const first = await call(sessionUrl(s.url), jsonInit('POST', session, withKey('k-w')));
      const again = await call(sessionUrl(s.url), jsonInit('POST', session, withKey('k-w')));
      expect(first.status).toBe(200);
      expect([again.status, again.text, again.headers.get('idempotent-replayed')]).toEqual([200, first.text, 'true']);
      expect(sessions).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('without the header every request runs, as before', async () => {
    const store = createMemoryStore({ seed: seed() });
    const s = await serve({ store });
    try {
      for (let i = 0; i < 2; i++) expect((await call(evidenceUrl(s.url), jsonInit('POST', evidence))).status).toBe(201);
      expect(await store.listEvidence(A, DISPUTE_ID)).toHaveLength(2);
    } finally {
      await s.close();
    }
  });

  it('the same key with another body, method-path or operation is 409 saying the key was used for another request', async () => {
    const s = await serve();
    try {
      expect((await call(evidenceUrl(s.url), jsonInit('POST', evidence, withKey('k-2')))).status).toBe(201);
      const otherBody = await call(evidenceUrl(s.url), jsonInit('POST', { ...evidence, text: 'other' }, withKey('k-2')));
      expect([otherBody.status, otherBody.json]).toEqual([409, { error: IDEMPOTENCY_MESSAGES.keyReused }]);
      expect(otherBody.headers.get('x-request-id')).toBeTruthy();
      const otherOperation = await call(sessionUrl(s.url), jsonInit('POST', session, withKey('k-2')));
      expect([otherOperation.status, otherOperation.json]).toEqual([409, { error: IDEMPOTENCY_MESSAGES.keyReused }]);
      // The same JSON with other whitespace is other bytes: another request.
      const reformatted = await call(evidenceUrl(s.url), jsonInit('POST', JSON.stringify(evidence, null, 2), withKey('k-2')));
      expect(reformatted.status).toBe(409);
    } finally {
      await s.close();
    }
  });

  it('the same key while the first request is in flight is 409 saying so; after it completes, the answer is replayed', async () => {
    let release: (() => void) | undefined;
    let sessions = 0;
    const s = await serve({
      walletProvider: {
        createSession: () => {
          sessions += 1;
          return new Promise((resolve) => (release = () => resolve(SESSION)));
        },
      },
    });
    try {
      const first = call(sessionUrl(s.url), jsonInit('POST', session, withKey('k-3')));
      while (release === undefined) await pause(5);
      const concurrent = await call(sessionUrl(s.url), jsonInit('POST', session, withKey('k-3')));
      expect([concurrent.status, concurrent.json]).toEqual([409, { error: IDEMPOTENCY_MESSAGES.inFlight }]);
      expect(concurrent.headers.get('x-request-id')).toBeTruthy();
      release();
      expect((await first).status).toBe(200);
      const after = await call(sessionUrl(s.url), jsonInit('POST', session, withKey('k-3')));
      expect([after.status, after.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
      expect(sessions).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('concurrent PATCHes with one key: one runs, the others are 409 in flight or a replay, never a second write', async () => {
    const inner = createMemoryStore({ seed: seed() });
    let writes = 0;
    // The request that holds the key reads once a second request has begun under it (an event,
    // not a delay, so a loaded machine cannot let the holder finish before any other arrives).
    const secondBegan = released();
    let begins = 0;
    const store: Store = {
      ...inner,
      async beginIdempotentRequest(accountID, input) {
        const began = await inner.beginIdempotentRequest(accountID, input);
        if (++begins === 2) secondBegan.resolve();
        return began;
      },
      async getInvoice(accountID, invoiceID) {
        await secondBegan.promise;
        return inner.getInvoice(accountID, invoiceID);
      },
      async compareAndSetInvoice(...args) {
        writes += 1;
        return inner.compareAndSetInvoice(...args);
      },
    };
    const s = await serve({ store });
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => call(invoiceUrl(s.url), jsonInit('PATCH', { description: 'once' }, withKey('k-4')))),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((x) => x === 200).length).toBeGreaterThanOrEqual(1);
      expect(answers.filter((a) => a.status === 200 && a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
      for (const a of answers) if (a.status === 409) expect(a.json).toEqual({ error: IDEMPOTENCY_MESSAGES.inFlight });
      expect(answers.some((a) => a.status === 409)).toBe(true);
      expect(writes).toBe(1);
    } finally {
      await s.close();
    }
  });

  it.each([
    ['too long (256 characters)', 'k'.repeat(256)],
    ['empty', ''],
    ['a tab inside', 'a\tb'],
    ['a non-ASCII character', 'caf\u00e9'],
  ])('a key %s is 400 {error} with x-request-id, and nothing runs', async (_name, key) => {
    const store = createMemoryStore({ seed: seed() });
    const handler = createHandler(testOptions({ store }));
    const headers = new Headers({ 'content-type': 'application/json', ...bearer('all') });
    headers.set('idempotency-key', key);
    const response = await handler(new Request(`http://x${`/accounts/${A}/disputes/${DISPUTE_ID}/evidence-text`}`, { method: 'POST', headers, body: JSON.stringify(evidence) }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.invalidKey });
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(await store.listEvidence(A, DISPUTE_ID)).toHaveLength(0);
  });

  it('a 255-character key of every printable ASCII character is accepted', async () => {
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    const key = `k${printable.repeat(3)}`.slice(0, 255);
    expect(key).toHaveLength(255);
    const s = await serve();
    try {
      expect((await call(evidenceUrl(s.url), jsonInit('POST', evidence, withKey(key)))).status).toBe(201);
    } finally {
      await s.close();
    }
  });

  it('the key is checked after auth and scope: a bad key without a token is 401', async () => {
    const s = await serve();
    try {
      const r = await call(evidenceUrl(s.url), jsonInit('POST', evidence, { 'idempotency-key': 'k'.repeat(300) }));
      expect(r.status).toBe(401);
      const wrongAccount = await call(sessionUrl(s.url, B), jsonInit('POST', session, withKey('k'.repeat(300))));
      expect(wrongAccount.status).toBe(403);
    } finally {
      await s.close();
    }
  });

  it('keys are scoped to the account: one key in two accounts is two requests', async () => {
    const s = await serve();
    try {
      const a = await call(sessionUrl(s.url, A), jsonInit('POST', session, withKey('shared')));
      const b = await call(sessionUrl(s.url, B), jsonInit('POST', { ...session, domain: 'b.example.com' }, { ...bearer('allB'), 'idempotency-key': 'shared' }));
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(b.headers.get('idempotent-replayed')).toBeNull();
    } finally {
      await s.close();
    }
  });

  it('answers that changed nothing are not kept: a 422 then the corrected body with the same key runs', async () => {
    const s = await serve();
    try {
      const invalid = await call(invoiceUrl(s.url), jsonInit('PATCH', { status: 'bogus' }, withKey('k-5')));
      expect(invalid.status).toBe(422);
      const fixed = await call(invoiceUrl(s.url), jsonInit('PATCH', { status: 'unpaid' }, withKey('k-5')));
      expect([fixed.status, fixed.headers.get('idempotent-replayed')]).toEqual([200, null]);
      const notFound = await call(`${s.url}/accounts/${A}/disputes/nope/evidence-text`, jsonInit('POST', evidence, withKey('k-6')));
      expect(notFound.status).toBe(404);
      const again = await call(`${s.url}/accounts/${A}/disputes/nope/evidence-text`, jsonInit('POST', evidence, withKey('k-6')));
      expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([404, null]);
    } finally {
      await s.close();
    }
  });

  it('a compare-and-set race 409 is not kept: the retry with the same key runs again and succeeds', async () => {
    const { store, inner } = racedOnceStore();
    const s = await serve({ store });
    try {
      expect((await call(invoiceUrl(s.url), jsonInit('PATCH', { description: 'mine' }, withKey('k-7')))).status).toBe(409);
      const retry = await call(invoiceUrl(s.url), jsonInit('PATCH', { description: 'mine' }, withKey('k-7')));
      expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([200, null]);
      expect((await inner.getInvoice(A, INVOICE_ID))?.invoice.description).toBe('mine');
    } finally {
      await s.close();
    }
  });

  it('a 5xx is not kept: after a provider failure the retry with the same key runs again', async () => {
    let calls = 0;
    const s = await serve({
      walletProvider: {
        createSession: async () => {
          calls += 1;
          if (calls === 1) throw new Error('provider down');
          return SESSION;
        },
      },
    });
    try {
      expect((await call(sessionUrl(s.url), jsonInit('POST', session, withKey('k-8')))).status).toBe(500);
      const retry = await call(sessionUrl(s.url), jsonInit('POST', session, withKey('k-8')));
      expect([retry.status, retry.headers.get('idempotent-replayed'), calls]).toEqual([200, null, 2]);
    } finally {
      await s.close();
    }
  });

  it('ttlSeconds: after the TTL the key is free for another request', async () => {
    const time = steppedClock();
    const s = await serve({ store: createMemoryStore({ seed: seed(), clock: time.clock }), idempotency: { ttlSeconds: 0.2 } });
    try {
      expect((await call(evidenceUrl(s.url), jsonInit('POST', evidence, withKey('k-9')))).status).toBe(201);
      expect((await call(evidenceUrl(s.url), jsonInit('POST', { ...evidence, text: 'x' }, withKey('k-9')))).status).toBe(409);
      time.advance(199);
      expect((await call(evidenceUrl(s.url), jsonInit('POST', { ...evidence, text: 'x' }, withKey('k-9')))).status).toBe(409);
      time.advance(1);
      expect((await call(evidenceUrl(s.url), jsonInit('POST', { ...evidence, text: 'x' }, withKey('k-9')))).status).toBe(201);
    } finally {
      await s.close();
    }
  });

  it('lockSeconds: a key whose holder died (no renewals) is free after one lease; meanwhile 409 with Retry-After', async () => {
    const time = steppedClock();
    const store = createMemoryStore({ seed: seed(), clock: time.clock });
    const s = await serve({ store, idempotency: { lockSeconds: 0.4 } });
    try {
      const body = JSON.stringify(session);
      const fingerprint = await requestFingerprint('POST', `/accounts/${A}/apple-pay/sessions`, new TextEncoder().encode(body));
      // A process that began the key and was killed: nothing renews or releases it.
      const dead = await store.beginIdempotentRequest(A, { key: 'k-10', fingerprint, ttlMs: 86_400_000, lockMs: 400 });
      expect(dead.state).toBe('started');
      time.advance(399);
      const held = await call(sessionUrl(s.url), jsonInit('POST', session, withKey('k-10')));
      expect([held.status, held.json, held.headers.get('retry-after')]).toEqual([409, { error: IDEMPOTENCY_MESSAGES.inFlight }, '1']);
      time.advance(1);
      expect((await call(sessionUrl(s.url), jsonInit('POST', session, withKey('k-10')))).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('lockSeconds: a live request renews its lease, so a retry past the lease is still 409 and then replays', async () => {
    let sessions = 0;
    // The provider answers once the retry was answered: the first request lives past two leases, however loaded the machine.
    const retried = released();
    // The store's clock moves only when the test moves it, each time by less than a lease, and
    // the test then waits for a renewal made on the moved clock: the lease ran out without one.
    const time = steppedClock();
    const inner = createMemoryStore({ seed: seed(), clock: time.clock });
    let renewals = 0;
    const store: Store = {
      ...inner,
      renewIdempotentRequest: (...args) => ((renewals += 1), inner.renewIdempotentRequest(...args)),
    };
    const renewedAfterMoving = async (ms: number) => {
      time.advance(ms);
      const before = renewals;
      await vi.waitFor(() => expect(renewals).toBeGreaterThan(before), { timeout: 10_000 });
    };
    const s = await serve({
      store,
      idempotency: { lockSeconds: 0.2 },
      walletProvider: { createSession: () => (sessions++, retried.promise.then(() => SESSION)) },
    });
    try {
      const first = call(sessionUrl(s.url), jsonInit('POST', session, withKey('k-11')));
      while (sessions === 0) await pause(5);
      await renewedAfterMoving(150);
      await renewedAfterMoving(150); // 300 ms after the begin: past the first lease (200 ms)
      const retry = await call(sessionUrl(s.url), jsonInit('POST', session, withKey('k-11')));
      retried.resolve();
      expect([retry.status, retry.headers.get('retry-after')]).toEqual([409, '1']);
      expect((await first).status).toBe(200);
      const after = await call(sessionUrl(s.url), jsonInit('POST', session, withKey('k-11')));
      expect([after.status, after.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
      expect(sessions).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('a request that lost its key (renewals failed, a retry took it over) is rolled back: one write under the key', async () => {
    const inner = createMemoryStore({ seed: seed() });
    // The first request's invoice read starts, then waits until the second has begun under the
    // key (taken over: the 0.2 s lock ran out, the renewals failed); events, not sleeps, order it.
    const firstReading = released();
    const secondBegan = released();
    let begins = 0;
    let reads = 0;
    const store: Store = {
      ...inner,
      async renewIdempotentRequest() {
        throw new Error('renewal lost on the way');
      },
      async beginIdempotentRequest(accountID, input) {
        const began = await inner.beginIdempotentRequest(accountID, input);
        if (begins++ === 1) secondBegan.resolve();
        return began;
      },
      async getInvoice(accountID, invoiceID) {
        const read = await inner.getInvoice(accountID, invoiceID);
        if (reads++ === 0) {
          firstReading.resolve();
          await secondBegan.promise;
        }
        return read;
      },
    };
    const s = await serve({ store, idempotency: { lockSeconds: 0.2 } });
    try {
      const first = call(invoiceUrl(s.url), jsonInit('PATCH', { description: 'once' }, withKey('k-12')));
      await firstReading.promise;
      await pause(350);
      const second = call(invoiceUrl(s.url), jsonInit('PATCH', { description: 'once' }, withKey('k-12')));
      const [a, b] = await Promise.all([first, second]);
      expect([a.status, a.json, a.headers.get('retry-after')]).toEqual([409, { error: IDEMPOTENCY_MESSAGES.inFlight }, '1']);
      expect(b.status).toBe(200);
      expect((await inner.getInvoice(A, INVOICE_ID))?.version).toBe('2');
      const replay = await call(invoiceUrl(s.url), jsonInit('PATCH', { description: 'once' }, withKey('k-12')));
      expect([replay.status, replay.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    } finally {
      await s.close();
    }
  });

  it('idempotency: false ignores the header: every request runs and no key is checked', async () => {
    const store = createMemoryStore({ seed: seed() });
    const s = await serve({ store, idempotency: false });
    try {
      for (let i = 0; i < 2; i++) {
        const r = await call(evidenceUrl(s.url), jsonInit('POST', evidence, withKey('k'.repeat(300))));
        expect([r.status, r.headers.get('idempotent-replayed')]).toEqual([201, null]);
      }
      expect(await store.listEvidence(A, DISPUTE_ID)).toHaveLength(2);
    } finally {
      await s.close();
    }
  });

  it('options: default TTL 24 h and a lease of 8 s (bounded by the TTL); bad values refused', () => {
    expect(resolveIdempotency(undefined)).toEqual({ ttlMs: 86_400_000, lockMs: 8_000 });
    expect(resolveIdempotency({ ttlSeconds: 5 })).toEqual({ ttlMs: 5_000, lockMs: 5_000 });
    expect(resolveIdempotency({ lockSeconds: 2 })).toEqual({ ttlMs: 86_400_000, lockMs: 2_000 });
    expect(resolveIdempotency(false)).toBeUndefined();
    expect(() => resolveIdempotency({ ttlSeconds: 0 })).toThrow(TypeError);
    expect(() => resolveIdempotency({ lockSeconds: Number.NaN })).toThrow(TypeError);
    expect(() => createHandler({ store: createMemoryStore(), idempotency: { ttlSeconds: -1 } })).toThrow(TypeError);
  });

  it('keys and fingerprints: printable ASCII only; the fingerprint separates method, path and body', async () => {
    expect(isValidIdempotencyKey(' ~')).toBe(true);
    expect(isValidIdempotencyKey('\x7f')).toBe(false);
    const body = new TextEncoder().encode('{}');
    const base = await requestFingerprint('POST', '/a', body);
    expect(base).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await requestFingerprint('POST', '/a', body)).toBe(base);
    expect(await requestFingerprint('PATCH', '/a', body)).not.toBe(base);
    expect(await requestFingerprint('POST', '/b', body)).not.toBe(base);
    expect(await requestFingerprint('POST', '/a', new TextEncoder().encode('{ }'))).not.toBe(base);
    expect(await requestFingerprint('POST', '/a{}', new Uint8Array(0))).not.toBe(await requestFingerprint('POST', '/a', body));
  });
});
