import type { BeginIdempotentInput, BeginIdempotentResult, IdempotentAnswer, Store } from '../http/store/port.js';
import { check, checkSameJson } from './assert.js';
import { ACCOUNT_A, ACCOUNT_B, fixtureInvoice } from './fixtures.js';
import { type CheckList, DISPUTE, type FreshStore, INVOICE, evidence, pause, withShortLease } from './seed.js';

const DAY_MS = 86_400_000;
/** A lock no check outlives unless it waits for it on purpose. */
const LONG_LOCK_MS = 60_000;
/** A short TTL or lock (longer when the store is slower than it: see withShortLease), and how long past it a check waits. */
const SHORT_MS = 100;
const PAST_MARGIN_MS = 300;

const input = (key: string, fingerprint = 'fp-1', overrides: Partial<BeginIdempotentInput> = {}): BeginIdempotentInput => ({
  key,
  fingerprint,
  ttlMs: DAY_MS,
  lockMs: LONG_LOCK_MS,
  ...overrides,
});

const ANSWER: IdempotentAnswer = { status: 201, headers: { 'retry-after': '3' }, body: '{"evidenceID":"ev-1"}' };

async function started(store: Store, accountID: string, begin: BeginIdempotentInput, why: string): Promise<string> {
  const result = await store.beginIdempotentRequest(accountID, begin);
  check(result.state === 'started', `${why}: expected started, got ${result.state}`);
  return result.lockToken;
}

function expectState(result: BeginIdempotentResult, state: BeginIdempotentResult['state'], why: string): void {
  check(result.state === state, `${why}: expected ${state}, got ${result.state}`);
}

function expectAnswer(result: BeginIdempotentResult, answer: IdempotentAnswer, why: string): void {
  check(result.state === 'completed', `${why}: expected completed, got ${result.state}`);
  checkSameJson(result.answer, answer, `${why}: the stored answer is replayed as stored`);
}

/**
 * The idempotency checks: exactly one of concurrent begins starts, mismatch and in-flight
 * answers, completed replays, release, TTL and lock expiry, completion inside a write (and
 * not inside a refused one), and account scoping.
 *
 * @example
 * const checks = idempotencyChecks(async (seed) => createMemoryStore({ seed: seed ?? standardSeed() }));
 */
export function idempotencyChecks(fresh: FreshStore): CheckList {
  return [
    [
      'idempotency: of concurrent begins with one key exactly one is started',
      async () => {
        const store = await fresh();
        const results = await Promise.all(Array.from({ length: 8 }, () => store.beginIdempotentRequest(ACCOUNT_A, input('key-1'))));
        const states = results.map((r) => r.state);
        check(states.filter((s) => s === 'started').length === 1, `exactly one begin is started (got ${states.join(', ')})`);
        check(states.filter((s) => s === 'in-flight').length === 7, 'the others see the request in flight');
        const mixed = await Promise.all([
          store.beginIdempotentRequest(ACCOUNT_A, input('key-2', 'fp-x')),
          store.beginIdempotentRequest(ACCOUNT_A, input('key-2', 'fp-y')),
        ]);
        const mixedStates = mixed.map((r) => r.state).sort();
        checkSameJson(mixedStates, ['mismatch', 'started'], 'of two different requests racing on one key, one starts and the other is a mismatch');
      },
    ],
    [
      'idempotency: a begun key is in flight for the same request and a mismatch for another',
      async () => {
        const store = await fresh();
        await started(store, ACCOUNT_A, input('key-1'), 'first begin');
        expectState(await store.beginIdempotentRequest(ACCOUNT_A, input('key-1')), 'in-flight', 'same key, same fingerprint');
        expectState(await store.beginIdempotentRequest(ACCOUNT_A, input('key-1', 'fp-2')), 'mismatch', 'same key, other fingerprint');
        await started(store, ACCOUNT_A, input('key-2'), 'another key is independent');
      },
    ],
    [
      'idempotency: a completed request replays its answer; release then changes nothing',
      async () => {
        const store = await fresh();
        const token = await started(store, ACCOUNT_A, input('key-1'), 'begin');
        await store.completeIdempotentRequest(ACCOUNT_A, { key: 'key-1', lockToken: token, answer: ANSWER });
        expectAnswer(await store.beginIdempotentRequest(ACCOUNT_A, input('key-1')), ANSWER, 'begin after completion');
        expectState(await store.beginIdempotentRequest(ACCOUNT_A, input('key-1', 'fp-2')), 'mismatch', 'a completed key with another fingerprint');
        await store.releaseIdempotentRequest(ACCOUNT_A, 'key-1', token);
        expectAnswer(await store.beginIdempotentRequest(ACCOUNT_A, input('key-1')), ANSWER, 'release does not forget a completed record');
        await store.completeIdempotentRequest(ACCOUNT_A, { key: 'key-1', lockToken: token, answer: { status: 200, headers: {}, body: '"other"' } });
        expectAnswer(await store.beginIdempotentRequest(ACCOUNT_A, input('key-1')), ANSWER, 'a second completion does not replace the first answer');
        const empty: IdempotentAnswer = { status: 204, headers: {}, body: undefined };
        const other = await started(store, ACCOUNT_A, input('key-2'), 'begin key-2');
        await store.completeIdempotentRequest(ACCOUNT_A, { key: 'key-2', lockToken: other, answer: empty });
        expectAnswer(await store.beginIdempotentRequest(ACCOUNT_A, input('key-2')), empty, 'an answer without a body');
      },
    ],
    [
      'idempotency: release forgets an in-flight record only for its lock token',
      async () => {
        const store = await fresh();
        const token = await started(store, ACCOUNT_A, input('key-1'), 'begin');
        await store.releaseIdempotentRequest(ACCOUNT_A, 'key-1', 'not-the-token');
        expectState(await store.beginIdempotentRequest(ACCOUNT_A, input('key-1')), 'in-flight', 'a release with another token changes nothing');
        await store.completeIdempotentRequest(ACCOUNT_A, { key: 'key-1', lockToken: 'not-the-token', answer: ANSWER });
        expectState(await store.beginIdempotentRequest(ACCOUNT_A, input('key-1')), 'in-flight', 'a completion with another token changes nothing');
        await store.releaseIdempotentRequest(ACCOUNT_A, 'key-1', token);
        await started(store, ACCOUNT_A, input('key-1', 'fp-2'), 'after release the key is free, for any request');
      },
    ],
    [
      'idempotency: a record past its TTL frees the key',
      () =>
        withShortLease(SHORT_MS, async (ttlMs, inTime) => {
          const store = await fresh();
          const since = performance.now();
          const token = await started(store, ACCOUNT_A, input('key-1', 'fp-1', { ttlMs, lockMs: ttlMs }), 'begin');
          await store.completeIdempotentRequest(ACCOUNT_A, { key: 'key-1', lockToken: token, answer: ANSWER });
          const before = await store.beginIdempotentRequest(ACCOUNT_A, input('key-1'));
          inTime(since);
          expectAnswer(before, ANSWER, 'before the TTL');
          await pause(ttlMs + PAST_MARGIN_MS);
          await started(store, ACCOUNT_A, input('key-1', 'fp-2'), 'after the TTL the key is free');
        }),
    ],
    [
      'idempotency: an in-flight record past its lock is begun again; the old token is then stale',
      () =>
        withShortLease(SHORT_MS, async (lockMs, inTime) => {
          const store = await fresh();
          const since = performance.now();
          const old = await started(store, ACCOUNT_A, input('key-1', 'fp-1', { lockMs }), 'begin');
          const during = await store.beginIdempotentRequest(ACCOUNT_A, input('key-1'));
          inTime(since);
          expectState(during, 'in-flight', 'while the lock holds');
          await pause(lockMs + PAST_MARGIN_MS);
          const fresher = await started(store, ACCOUNT_A, input('key-1'), 'after the lock expired');
          check(fresher !== old, 'the new begin has a new lock token');
          await store.completeIdempotentRequest(ACCOUNT_A, { key: 'key-1', lockToken: old, answer: ANSWER });
          expectState(await store.beginIdempotentRequest(ACCOUNT_A, input('key-1')), 'in-flight', 'a completion with the expired token is skipped');
          await store.releaseIdempotentRequest(ACCOUNT_A, 'key-1', old);
          expectState(await store.beginIdempotentRequest(ACCOUNT_A, input('key-1')), 'in-flight', 'a release with the expired token is skipped');
          const answer: IdempotentAnswer = { status: 200, headers: {}, body: '"new"' };
          await store.completeIdempotentRequest(ACCOUNT_A, { key: 'key-1', lockToken: fresher, answer });
          expectAnswer(await store.beginIdempotentRequest(ACCOUNT_A, input('key-1')), answer, 'the new holder completes');
        }),
    ],
    [
      'idempotency: an invoice write and an evidence upload complete their record in the write',
      async () => {
        const store = await fresh();
        const current = await store.getInvoice(ACCOUNT_A, INVOICE);
        check(current !== undefined, 'the seeded invoice exists');
        const token = await started(store, ACCOUNT_A, input('key-inv'), 'begin for the invoice');
        const answer: IdempotentAnswer = { status: 200, headers: {}, body: '{"invoiceID":"x"}' };
        const written = await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'w'), current.version, {
          idempotency: { key: 'key-inv', lockToken: token, answer },
        });
        check(written.ok, 'the write succeeds');
        expectAnswer(await store.beginIdempotentRequest(ACCOUNT_A, input('key-inv')), answer, 'after the invoice write');
        await store.releaseIdempotentRequest(ACCOUNT_A, 'key-inv', token);
        expectAnswer(await store.beginIdempotentRequest(ACCOUNT_A, input('key-inv')), answer, 'a release after the write keeps the answer');
        const evidenceToken = await started(store, ACCOUNT_A, input('key-ev'), 'begin for the evidence');
        const added = await store.addEvidence(ACCOUNT_A, evidence(DISPUTE, 'ev-1'), { idempotency: { key: 'key-ev', lockToken: evidenceToken, answer: ANSWER } });
        check(added.ok, 'the evidence is added');
        expectAnswer(await store.beginIdempotentRequest(ACCOUNT_A, input('key-ev')), ANSWER, 'after the evidence upload');
      },
    ],
    [
      'idempotency: a refused write completes no record',
      async () => {
        const store = await fresh();
        const current = await store.getInvoice(ACCOUNT_A, INVOICE);
        check(current !== undefined, 'the seeded invoice exists');
        check((await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'first'), current.version)).ok, 'a first write succeeds');
        const token = await started(store, ACCOUNT_A, input('key-1'), 'begin');
        const completion = { key: 'key-1', lockToken: token, answer: ANSWER };
        const stale = await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'stale'), current.version, { idempotency: completion });
        check(!stale.ok && stale.reason === 'conflict', 'the stale write conflicts');
        expectState(await store.beginIdempotentRequest(ACCOUNT_A, input('key-1')), 'in-flight', 'a conflicting write completes nothing');
        const missing = await store.addEvidence(ACCOUNT_A, evidence('dsp-none', 'ev-1'), { idempotency: completion });
        check(!missing.ok, 'evidence for a missing dispute is refused');
        expectState(await store.beginIdempotentRequest(ACCOUNT_A, input('key-1')), 'in-flight', 'a refused evidence upload completes nothing');
        await store.releaseIdempotentRequest(ACCOUNT_A, 'key-1', token);
        await started(store, ACCOUNT_A, input('key-1'), 'after the release the key is free');
      },
    ],
    [
      'idempotency: keys are scoped to their account',
      async () => {
        const store = await fresh();
        const tokenA = await started(store, ACCOUNT_A, input('key-1', 'fp-a'), 'begin in A');
        const tokenB = await started(store, ACCOUNT_B, input('key-1', 'fp-b'), 'the same key in B is independent');
        await store.completeIdempotentRequest(ACCOUNT_A, { key: 'key-1', lockToken: tokenA, answer: ANSWER });
        expectState(await store.beginIdempotentRequest(ACCOUNT_B, input('key-1', 'fp-b')), 'in-flight', "A's completion does not complete B's record");
        await store.releaseIdempotentRequest(ACCOUNT_B, 'key-1', tokenA);
        expectState(await store.beginIdempotentRequest(ACCOUNT_B, input('key-1', 'fp-b')), 'in-flight', "A's token cannot release B's record");
        await store.completeIdempotentRequest(ACCOUNT_B, { key: 'key-1', lockToken: tokenA, answer: ANSWER });
        expectState(await store.beginIdempotentRequest(ACCOUNT_B, input('key-1', 'fp-b')), 'in-flight', "A's token cannot complete B's record");
        await store.releaseIdempotentRequest(ACCOUNT_B, 'key-1', tokenB);
        expectAnswer(await store.beginIdempotentRequest(ACCOUNT_A, input('key-1', 'fp-a')), ANSWER, "B's release leaves A's record");
        await started(store, ACCOUNT_B, input('key-1', 'fp-b'), "B's key is free after B's release");
      },
    ],
  ];
}
