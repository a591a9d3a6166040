import { isIdempotencyKeyLost } from '../http/store/errors.js';
import type { BeginIdempotentInput, IdempotentAnswer, Store } from '../http/store/port.js';
import { check, checkSameJson } from './assert.js';
import { ACCOUNT_A, fixtureEffect, fixtureInvoice } from './fixtures.js';
import { type CheckList, DISPUTE, type FreshStore, INVOICE, evidence, pause } from './seed.js';

const DAY_MS = 86_400_000;
/** A lease no check outlives unless it waits for it on purpose. */
const LONG_LEASE_MS = 60_000;
/** A short lease, and a wait that is surely past it. */
const SHORT_MS = 150;
const PAST_SHORT_MS = 500;

const ANSWER: IdempotentAnswer = { status: 200, headers: {}, body: '{"invoiceID":"fenced"}' };

const lease = (key: string, lockMs: number): BeginIdempotentInput => ({ key, fingerprint: 'fp-1', ttlMs: DAY_MS, lockMs });

async function begin(store: Store, input: BeginIdempotentInput, why: string): Promise<string> {
  const result = await store.beginIdempotentRequest(ACCOUNT_A, input);
  check(result.state === 'started', `${why}: expected started, got ${result.state}`);
  return result.lockToken;
}

/** Runs `write` and checks that it rejects with `IdempotencyKeyLostError`. */
async function expectKeyLost(write: () => Promise<unknown>, why: string): Promise<void> {
  let thrown: unknown;
  try {
    await write();
  } catch (error) {
    thrown = error;
  }
  check(isIdempotencyKeyLost(thrown), `${why}: expected IdempotencyKeyLostError, got ${thrown === undefined ? 'no error' : String(thrown)}`);
}

/**
 * The fencing checks of the idempotency records: a lease is renewed only by its holder; a
 * write whose lock token no longer holds its key (taken over after the lease ran out, or
 * released) rolls back entirely (invoice, effects, evidence, record); a completed key
 * always replays, past its lease too.
 *
 * @example
 * const checks = fencingChecks(async (seed) => createMemoryStore({ seed: seed ?? standardSeed() }));
 */
export function fencingChecks(fresh: FreshStore): CheckList {
  return [
    [
      'fencing: a renewed lease keeps the key; renewing with a lost token is false and changes nothing',
      async () => {
        const store = await fresh();
        const token = await begin(store, lease('key-r', SHORT_MS), 'begin');
        check(await store.renewIdempotentRequest(ACCOUNT_A, 'key-r', token, LONG_LEASE_MS), 'the holder renews its lease');
        await pause(PAST_SHORT_MS);
        const seen = await store.beginIdempotentRequest(ACCOUNT_A, lease('key-r', SHORT_MS));
        check(seen.state === 'in-flight', `past the first lease the renewed key is still in flight (got ${seen.state})`);
        check(!(await store.renewIdempotentRequest(ACCOUNT_A, 'key-r', 'not-the-token', LONG_LEASE_MS)), 'another token renews nothing');
        await store.releaseIdempotentRequest(ACCOUNT_A, 'key-r', token);
        check(!(await store.renewIdempotentRequest(ACCOUNT_A, 'key-r', token, LONG_LEASE_MS)), 'a released key is not renewed');
      },
    ],
    [
      'fencing: an invoice write under a key taken over after its lease rolls back entirely; the new holder commits',
      async () => {
        const store = await fresh();
        const current = await store.getInvoice(ACCOUNT_A, INVOICE);
        check(current !== undefined, 'the seeded invoice exists');
        const old = await begin(store, lease('key-f', SHORT_MS), 'first begin');
        await pause(PAST_SHORT_MS);
        const fresher = await begin(store, lease('key-f', LONG_LEASE_MS), 'a retry takes the key over after the lease');
        const effect = { effectID: 'eff-fenced-1', requestId: 'req-1', effect: fixtureEffect(INVOICE, 'INV-FENCED') };
        await expectKeyLost(
          () => store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'late'), current.version, { effects: [effect], idempotency: { key: 'key-f', lockToken: old, answer: ANSWER } }),
          'the write of the request that lost its key',
        );
        const after = await store.getInvoice(ACCOUNT_A, INVOICE);
        checkSameJson(after, current, 'the invoice is unchanged');
        check((await store.claimEffects({ limit: 10, leaseMs: LONG_LEASE_MS })).length === 0, 'no effect entered the outbox');
        check((await store.beginIdempotentRequest(ACCOUNT_A, lease('key-f', LONG_LEASE_MS))).state === 'in-flight', 'the key stays with its new holder');
        const written = await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'new'), current.version, { idempotency: { key: 'key-f', lockToken: fresher, answer: ANSWER } });
        check(written.ok, 'the new holder commits');
        const replay = await store.beginIdempotentRequest(ACCOUNT_A, lease('key-f', LONG_LEASE_MS));
        check(replay.state === 'completed', `the key replays (got ${replay.state})`);
      },
    ],
    [
      'fencing: an evidence upload under a released key rolls back',
      async () => {
        const store = await fresh();
        const token = await begin(store, lease('key-e', LONG_LEASE_MS), 'begin');
        await store.releaseIdempotentRequest(ACCOUNT_A, 'key-e', token);
        await expectKeyLost(() => store.addEvidence(ACCOUNT_A, evidence(DISPUTE, 'ev-fenced'), { idempotency: { key: 'key-e', lockToken: token, answer: ANSWER } }), 'the upload under a released key');
        check((await store.listEvidence(ACCOUNT_A, DISPUTE)).length === 0, 'no evidence was stored');
      },
    ],
    [
      'fencing: a completed key always replays, past its lease too',
      async () => {
        const store = await fresh();
        const current = await store.getInvoice(ACCOUNT_A, INVOICE);
        check(current !== undefined, 'the seeded invoice exists');
        const token = await begin(store, lease('key-c', SHORT_MS), 'begin');
        const written = await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'once'), current.version, { idempotency: { key: 'key-c', lockToken: token, answer: ANSWER } });
        check(written.ok, 'the write commits');
        await pause(PAST_SHORT_MS);
        const replay = await store.beginIdempotentRequest(ACCOUNT_A, lease('key-c', SHORT_MS));
        check(replay.state === 'completed', `past the lease the key replays (got ${replay.state})`);
        checkSameJson(replay.state === 'completed' ? replay.answer : undefined, ANSWER, 'the stored answer');
        check(!(await store.renewIdempotentRequest(ACCOUNT_A, 'key-c', token, LONG_LEASE_MS)), 'a completed key is not renewed');
      },
    ],
  ];
}
