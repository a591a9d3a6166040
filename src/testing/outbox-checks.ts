import type { ClaimedEffect, Store } from '../http/store/port.js';
import { check, checkSameJson } from './assert.js';
import { ACCOUNT_A, ACCOUNT_B, fixtureEffect, fixtureInvoice } from './fixtures.js';
import { INVOICE_B, newEffect, writeForB, writeWith } from './outbox-writes.js';
import { type CheckList, type FreshStore, INVOICE, pause, withShortLease } from './seed.js';

/** A lease no check outlives unless it waits for it on purpose. */
const LONG_LEASE_MS = 60_000;
/** A short lease (longer when the store is slower than it: see withShortLease), and the wait that is surely past it (generous for a slow database or a busy machine). */
const SHORT_LEASE_MS = 100;
const PAST_SHORT_LEASE_MS = 400;
/** How long past a short lease a check waits. */
const PAST_MARGIN_MS = PAST_SHORT_LEASE_MS - SHORT_LEASE_MS;
/** The retry delay of a released effect (longer when the store is slower than it). */
const RETRY_IN_MS = 400;

const ids = (claimed: readonly ClaimedEffect[]): string[] => claimed.map((c) => c.effectID);

/** Claims one effect that must be there, with the given lease. */
async function claimOne(store: Store, leaseMs: number, why: string): Promise<ClaimedEffect> {
  const claimed = await store.claimEffects({ limit: 10, leaseMs });
  check(claimed.length === 1, `${why}: expected one claimable effect, got ${claimed.length}`);
  return claimed[0] as ClaimedEffect;
}

/**
 * The outbox checks: effects commit with the write that causes them and never without it,
 * claims are exclusive, leases expire, stale claim tokens do nothing, releases delay a retry,
 * a claim given back undelivered keeps its attempt number,
 * and each effect keeps its account.
 *
 * @example
 * const checks = outboxChecks(async (seed) => createMemoryStore({ seed: seed ?? standardSeed() }));
 */
export function outboxChecks(fresh: FreshStore): CheckList {
  return [
    [
      'outbox: an invoice write commits its effects, claimed oldest first with their data',
      async () => {
        const store = await fresh();
        check((await store.claimEffects({ limit: 10, leaseMs: LONG_LEASE_MS })).length === 0, 'a fresh store has no pending effect');
        const first = newEffect('eff-1', 'INV-1', 'req-1');
        const mutable = { ...first, effect: { ...first.effect } };
        await writeWith(store, [mutable, newEffect('eff-2', 'INV-2')], 'first');
        (mutable.effect as { invoiceNumber: string }).invoiceNumber = 'mutated after the write';
        await writeWith(store, [newEffect('eff-3', 'INV-3')], 'second');
        const claimed = await store.claimEffects({ limit: 10, leaseMs: LONG_LEASE_MS });
        checkSameJson(ids(claimed), ['eff-1', 'eff-2', 'eff-3'], 'claimEffects returns every committed effect, oldest first');
        const one = claimed[0];
        check(one !== undefined, 'the first effect is claimed');
        check(one.accountID === ACCOUNT_A, `a claimed effect names its account (got ${one.accountID})`);
        check(one.requestId === 'req-1', `a claimed effect keeps its requestId (got ${one.requestId})`);
        checkSameJson(one.effect, fixtureEffect(INVOICE, 'INV-1'), 'a claimed effect is the effect as written (later mutation of the argument aside)');
        check(claimed.every((c) => c.attempt === 1), 'the first claim of an effect is attempt 1');
        check(claimed.every((c) => typeof c.claimToken === 'string' && c.claimToken !== ''), 'every claim has a non-empty claimToken');
        check(new Set(claimed.map((c) => c.claimToken)).size === claimed.length, 'claim tokens are distinct');
        const limited = await fresh();
        await writeWith(limited, [newEffect('eff-a'), newEffect('eff-b'), newEffect('eff-c')]);
        checkSameJson(ids(await limited.claimEffects({ limit: 2, leaseMs: LONG_LEASE_MS })), ['eff-a', 'eff-b'], 'limit caps a claim');
      },
    ],
    [
      'outbox: a write that conflicts or finds nothing commits no effect',
      async () => {
        const store = await fresh();
        const before = await store.getInvoice(ACCOUNT_A, INVOICE);
        check(before !== undefined, 'the seeded invoice exists');
        await writeWith(store, [], 'moved on');
        const stale = await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'stale'), before.version, { effects: [newEffect('eff-stale')] });
        check(!stale.ok && stale.reason === 'conflict', 'a stale write is a conflict');
        const missing = await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice('7f0c8f9e-0000-4000-8000-0000000000ff'), before.version, {
          effects: [newEffect('eff-missing')],
        });
        check(!missing.ok && missing.reason === 'not-found', 'a write of a missing invoice is not-found');
        const other = await store.compareAndSetInvoice(ACCOUNT_B, fixtureInvoice(INVOICE, 'hijack'), before.version, { effects: [newEffect('eff-b')] });
        check(!other.ok && other.reason === 'not-found', "account B writing A's invoice is not-found");
        const claimed = await store.claimEffects({ limit: 10, leaseMs: LONG_LEASE_MS });
        check(claimed.length === 0, `a refused write leaves no effect in the outbox (found ${ids(claimed).join(', ')})`);
      },
    ],
    [
      'outbox: of two racing writers with effects, only the winner commits its effects',
      async () => {
        const store = await fresh();
        const before = await store.getInvoice(ACCOUNT_A, INVOICE);
        check(before !== undefined, 'the seeded invoice exists');
        const [x, y] = await Promise.all([
          store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'x'), before.version, { effects: [newEffect('eff-x')] }),
          store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'y'), before.version, { effects: [newEffect('eff-y')] }),
        ]);
        check(x.ok !== y.ok, 'exactly one of two racing writers wins');
        checkSameJson(ids(await store.claimEffects({ limit: 10, leaseMs: LONG_LEASE_MS })), [x.ok ? 'eff-x' : 'eff-y'], "only the winner's effect is pending");
      },
    ],
    [
      'outbox: a write bringing an effectID the outbox holds fails and stores nothing',
      async () => {
        const store = await fresh();
        await writeWith(store, [newEffect('eff-1')], 'first');
        const current = await store.getInvoice(ACCOUNT_A, INVOICE);
        check(current !== undefined, 'the invoice exists');
        let refused = false;
        try {
          const again = await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'duplicate'), current.version, {
            effects: [newEffect('eff-2'), newEffect('eff-1')],
          });
          refused = !again.ok;
        } catch {
          refused = true;
        }
        check(refused, 'a write with a duplicate effectID is refused (rejects or answers not ok)');
        checkSameJson((await store.getInvoice(ACCOUNT_A, INVOICE))?.invoice, fixtureInvoice(INVOICE, 'first'), 'the refused write changed no invoice');
        checkSameJson(ids(await store.claimEffects({ limit: 10, leaseMs: LONG_LEASE_MS })), ['eff-1'], 'the refused write added no effect');
      },
    ],
    [
      'outbox: concurrent claimers never receive the same effect',
      async () => {
        const store = await fresh();
        const all = Array.from({ length: 12 }, (_, i) => `eff-${String(i).padStart(2, '0')}`);
        await writeWith(store, all.map((id) => newEffect(id)));
        const rounds = await Promise.all(Array.from({ length: 6 }, () => store.claimEffects({ limit: 3, leaseMs: LONG_LEASE_MS })));
        const rest = await store.claimEffects({ limit: 20, leaseMs: LONG_LEASE_MS });
        const seen = [...rounds.flatMap(ids), ...ids(rest)];
        check(seen.length === new Set(seen).size, `no effect is claimed twice while its lease holds (claimed: ${seen.join(', ')})`);
        checkSameJson([...seen].sort(), all, 'every effect is claimed exactly once');
        check(rounds.every((round) => round.length <= 3), 'no claimer gets more than its limit');
      },
    ],
    [
      'outbox: a claim holds for its lease; an expired lease is claimed again with the next attempt',
      () =>
        withShortLease(SHORT_LEASE_MS, async (leaseMs, inTime) => {
          const store = await fresh();
          await writeWith(store, [newEffect('eff-1')]);
          const since = performance.now();
          const first = await claimOne(store, leaseMs, 'first claim');
          const during = await store.claimEffects({ limit: 10, leaseMs: LONG_LEASE_MS });
          inTime(since);
          check(during.length === 0, 'an effect is not claimable while its lease holds');
          await pause(leaseMs + PAST_MARGIN_MS);
          const second = await claimOne(store, LONG_LEASE_MS, 'after the lease ran out');
          check(second.effectID === 'eff-1' && second.attempt === 2, `the reclaimed effect is attempt 2 (got ${second.attempt})`);
          check(second.claimToken !== first.claimToken, 'a new claim has a new token');
        }),
    ],
    [
      'outbox: completing or releasing with a stale claim token does nothing',
      async () => {
        const store = await fresh();
        await writeWith(store, [newEffect('eff-1')]);
        const first = await claimOne(store, SHORT_LEASE_MS, 'first claim');
        await pause(PAST_SHORT_LEASE_MS);
        const second = await claimOne(store, LONG_LEASE_MS, 'reclaim');
        check((await store.completeEffect('eff-1', first.claimToken)) === false, 'completeEffect with a stale token answers false');
        check((await store.releaseEffect('eff-1', first.claimToken, 0, 'stale')) === false, 'releaseEffect with a stale token answers false');
        check((await store.completeEffect('eff-1', 'never-issued')) === false, 'completeEffect with an unknown token answers false');
        check((await store.claimEffects({ limit: 10, leaseMs: LONG_LEASE_MS })).length === 0, 'the stale release did not free the live claim');
        check((await store.completeEffect('eff-1', second.claimToken)) === true, 'completeEffect with the live token answers true');
        check((await store.completeEffect('eff-1', second.claimToken)) === false, 'completing twice answers false');
        check((await store.releaseEffect('eff-1', second.claimToken, 0)) === false, 'releasing a delivered effect answers false');
        check((await store.completeEffect('no-such-effect', second.claimToken)) === false, 'completing an unknown effect answers false');
      },
    ],
    [
      'outbox: a delivered effect is never claimed again, even after its lease',
      async () => {
        const store = await fresh();
        await writeWith(store, [newEffect('eff-1')]);
        const claim = await claimOne(store, SHORT_LEASE_MS, 'claim');
        check(await store.completeEffect('eff-1', claim.claimToken), 'completeEffect answers true');
        await pause(PAST_SHORT_LEASE_MS);
        check((await store.claimEffects({ limit: 10, leaseMs: LONG_LEASE_MS })).length === 0, 'a delivered effect is not claimable');
      },
    ],
    [
      'outbox: a released effect is claimable again after retryInMs, not before',
      () =>
        withShortLease(RETRY_IN_MS, async (retryInMs, inTime) => {
          const store = await fresh();
          await writeWith(store, [newEffect('eff-1'), newEffect('eff-2')]);
          const claimed = await store.claimEffects({ limit: 10, leaseMs: LONG_LEASE_MS });
          const [one, two] = claimed;
          check(one !== undefined && two !== undefined, 'both effects are claimed');
          const since = performance.now();
          check(await store.releaseEffect(one.effectID, one.claimToken, retryInMs, 'mail server down'), 'releaseEffect with the live token answers true');
          check(await store.releaseEffect(two.effectID, two.claimToken, 0), 'releaseEffect with retryInMs 0 answers true');
          const now = await store.claimEffects({ limit: 10, leaseMs: LONG_LEASE_MS });
          inTime(since);
          checkSameJson(ids(now), [two.effectID], 'retryInMs 0 is claimable at once; a later retry is not');
          check(now[0]?.attempt === 2, 'the retry of a released effect is its next attempt');
          await pause(retryInMs + 600);
          const later = await claimOne(store, LONG_LEASE_MS, 'after retryInMs');
          check(later.effectID === one.effectID && later.attempt === 2, 'the released effect comes back after retryInMs as attempt 2');
        }),
    ],
    [
      'outbox: an unclaimed effect is claimable at once with the attempt it had before that claim',
      async () => {
        const store = await fresh();
        await writeWith(store, [newEffect('eff-1')]);
        const first = await claimOne(store, LONG_LEASE_MS, 'claim');
        check(await store.unclaimEffect('eff-1', first.claimToken), 'unclaimEffect with the live token answers true');
        check((await store.unclaimEffect('eff-1', first.claimToken)) === false, 'unclaimEffect with a stale token answers false');
        const second = await claimOne(store, LONG_LEASE_MS, 'after unclaimEffect');
        check(second.attempt === 1, `an unclaimed effect's next claim keeps its attempt number (got ${second.attempt}, expected 1)`);
        check(await store.releaseEffect('eff-1', second.claimToken, 0), 'the effect is released after a failed delivery');
        const third = await claimOne(store, LONG_LEASE_MS, 'after releaseEffect');
        check(third.attempt === 2, `a released effect's next claim is its next attempt (got ${third.attempt})`);
        check(await store.completeEffect('eff-1', third.claimToken), 'the effect is delivered');
        check((await store.unclaimEffect('eff-1', third.claimToken)) === false, 'unclaiming a delivered effect answers false');
        check((await store.claimEffects({ limit: 10, leaseMs: LONG_LEASE_MS })).length === 0, 'a delivered effect stays delivered');
      },
    ],
    [
      'outbox: effects of every account share one queue and keep their account',
      async () => {
        const store = await fresh({
          accounts: { [ACCOUNT_A]: { invoices: [fixtureInvoice(INVOICE)] }, [ACCOUNT_B]: { invoices: [fixtureInvoice(INVOICE_B)] } },
        });
        await writeWith(store, [newEffect('eff-a')]);
        await writeForB(store, [{ effectID: 'eff-b', requestId: 'req-b', effect: fixtureEffect(INVOICE_B) }]);
        const claimed = await store.claimEffects({ limit: 10, leaseMs: LONG_LEASE_MS });
        const accountOf = Object.fromEntries(claimed.map((c) => [c.effectID, c.accountID]));
        checkSameJson(accountOf, { 'eff-a': ACCOUNT_A, 'eff-b': ACCOUNT_B }, 'each claimed effect names the account whose write caused it');
      },
    ],
  ];
}
