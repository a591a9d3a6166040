import type { ClaimedEffect, Store } from '../http/store/port.js';
import { check, checkSameJson } from './assert.js';
import { ACCOUNT_A, ACCOUNT_B, fixtureEffect, fixtureInvoice } from './fixtures.js';
import { INVOICE_B, newEffect, writeForB, writeWith } from './outbox-writes.js';
import { type CheckList, type FreshStore, INVOICE } from './seed.js';

const LEASE_MS = 60_000;

/** Claims every claimable effect and marks each dead with `error`; returns the claims. */
async function killAll(store: Store, error: string): Promise<readonly ClaimedEffect[]> {
  const claimed = await store.claimEffects({ limit: 100, leaseMs: LEASE_MS });
  for (const claim of claimed) check(await store.markEffectDead(claim.effectID, claim.claimToken, error), `markEffectDead with the live claim token marks ${claim.effectID} dead`);
  return claimed;
}

const ids = (effects: readonly { effectID: string }[]): string[] => effects.map((e) => e.effectID);

/** A store with dead effects eff-a1, eff-a2 (account A) and eff-b1 (account B). */
async function storeWithDead(fresh: FreshStore): Promise<Store> {
  const store = await fresh({ accounts: { [ACCOUNT_A]: { invoices: [fixtureInvoice(INVOICE)] }, [ACCOUNT_B]: { invoices: [fixtureInvoice(INVOICE_B)] } } });
  await writeWith(store, [newEffect('eff-a1'), newEffect('eff-a2')]);
  await writeForB(store, [{ effectID: 'eff-b1', requestId: 'req-b1', effect: fixtureEffect(INVOICE_B) }]);
  await killAll(store, 'Error: always fails');
  return store;
}

/**
 * The dead-letter checks: a dead effect keeps its last error and is never claimed; a stale
 * claim token cannot kill; redrive revives exactly what its filter selects, once, with a
 * fresh attempt count and within one account when asked; dead pages and stats add up.
 *
 * @example
 * const checks = deadLetterChecks(async (seed) => createMemoryStore({ seed: seed ?? standardSeed() }));
 */
export function deadLetterChecks(fresh: FreshStore): CheckList {
  return [
    [
      'dead letters: a dead effect keeps its last error and attempts, is never claimed, and is counted',
      async () => {
        const store = await fresh();
        await writeWith(store, [newEffect('eff-1'), newEffect('eff-2')]);
        const [first, second] = await store.claimEffects({ limit: 10, leaseMs: LEASE_MS });
        check(first !== undefined && second !== undefined, 'two effects are claimed');
        check(!(await store.markEffectDead(first.effectID, 'not-the-token', 'x')), 'markEffectDead with a stale token does nothing');
        const before = Date.now();
        check(await store.markEffectDead(first.effectID, first.claimToken, 'TypeError: endpoint said 500'), 'markEffectDead with the claim token succeeds');
        check(!(await store.completeEffect(first.effectID, first.claimToken)), 'a dead effect cannot be completed with its old claim token');
        check(await store.releaseEffect(second.effectID, second.claimToken, 0), 'the other effect is released');
        checkSameJson(ids(await store.claimEffects({ limit: 10, leaseMs: LEASE_MS })), ['eff-2'], 'the dead effect is not claimed; the released one is');
        const [dead] = await store.listDeadEffects({ limit: 10 });
        check(dead !== undefined, 'listDeadEffects lists the dead effect');
        checkSameJson(
          { ...dead, diedAt: undefined },
          { effectID: 'eff-1', accountID: ACCOUNT_A, requestId: 'req-eff-1', effect: fixtureEffect(INVOICE), attempts: 1, lastError: 'TypeError: endpoint said 500', diedAt: undefined },
          'a dead effect keeps the effect, its account, request, attempts and last error',
        );
        const diedAt = Date.parse(dead.diedAt);
        check(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(dead.diedAt) && diedAt >= before - 5_000 && diedAt <= Date.now() + 5_000, `diedAt is the time it died, RFC 3339 UTC (got ${dead.diedAt})`);
        const stats = await store.outboxStats();
        checkSameJson({ pending: stats.pending, inFlight: stats.inFlight, dead: stats.dead }, { pending: 1, inFlight: 1, dead: 1 }, 'outboxStats counts the pending (in flight) and the dead effect');
        check(stats.oldestPendingAgeMs !== null && stats.oldestPendingAgeMs >= 0, 'oldestPendingAgeMs is a non-negative age while an effect is pending');
      },
    ],
    [
      'dead letters: redrive by effect ID makes it claimable once, as attempt 1; delivered and pending effects are not revived',
      async () => {
        const store = await storeWithDead(fresh);
        check((await store.redriveEffects({ effectID: 'eff-a1' })) === 1, 'redrive by ID revives one effect');
        check((await store.redriveEffects({ effectID: 'eff-a1' })) === 0, 'a redriven (no longer dead) effect is not revived twice');
        const claimed = await store.claimEffects({ limit: 10, leaseMs: LEASE_MS });
        checkSameJson(claimed.map((c) => [c.effectID, c.attempt]), [['eff-a1', 1]], 'the redriven effect is claimable, with a fresh attempt count');
        checkSameJson(ids(await store.claimEffects({ limit: 10, leaseMs: LEASE_MS })), [], 'and claimed once (its lease holds)');
        const [claim] = claimed;
        check(claim !== undefined && (await store.completeEffect(claim.effectID, claim.claimToken)), 'the redriven effect is delivered');
        check((await store.redriveEffects({ effectID: 'eff-a1' })) === 0, 'a delivered effect is not revived');
        checkSameJson(ids(await store.listDeadEffects({ limit: 10 })), ['eff-a2', 'eff-b1'], 'the others stay dead');
        check((await store.outboxStats()).deliveredLastHour >= 1, 'the delivery counts in deliveredLastHour');
      },
    ],
    [
      'dead letters: redrive by type, by account and all; listDeadEffects pages and stays in its account',
      async () => {
        const store = await storeWithDead(fresh);
        checkSameJson(ids(await store.listDeadEffects({ limit: 10, accountID: ACCOUNT_B })), ['eff-b1'], "listDeadEffects with accountID lists only that account's");
        checkSameJson(ids(await store.listDeadEffects({ limit: 1 })), ['eff-a1'], 'limit caps a page');
        checkSameJson(ids(await store.listDeadEffects({ limit: 1, after: 'eff-a1' })), ['eff-a2'], 'after continues from a page');
        checkSameJson(ids(await store.listDeadEffects({ limit: 5, after: 'eff-b1' })), [], 'after the last one, the page is empty');
        checkSameJson(ids(await store.listDeadEffects({ limit: 5, after: 'no-such-effect' })), [], 'an unknown cursor gives an empty page');
        check((await store.redriveEffects({ type: 'invoice.finalized', accountID: ACCOUNT_B })) === 1, "redrive by type within account B revives only B's");
        checkSameJson(ids(await store.claimEffects({ limit: 10, leaseMs: LEASE_MS })), ['eff-b1'], "account A's dead effects stay dead");
        check((await store.redriveEffects({ type: 'invoice.no-such-type' })) === 0, 'redrive by another type revives nothing');
        check((await store.redriveEffects({ all: true, accountID: ACCOUNT_B })) === 0, 'account B has no dead effect left');
        check((await store.redriveEffects({ all: true })) === 2, 'redrive all revives the rest');
        checkSameJson(ids(await store.claimEffects({ limit: 10, leaseMs: LEASE_MS })), ['eff-a1', 'eff-a2'], 'and they are claimable');
        check((await store.outboxStats()).dead === 0, 'no dead effect is left');
      },
    ],
    [
      'dead letters: a filter that selects nothing definite, or a bad page size, is refused',
      async () => {
        const store = await storeWithDead(fresh);
        const refuses = async (run: () => Promise<unknown>): Promise<boolean> => run().then(() => false, (error: unknown) => error instanceof TypeError);
        for (const filter of [{}, { all: false }, { effectID: '' }, { all: true, type: 'x' }, { accountID: ACCOUNT_A }, null]) {
          check(await refuses(() => store.redriveEffects(filter as never)), `redriveEffects(${JSON.stringify(filter)}) is refused with a TypeError`);
        }
        for (const limit of [0, -1, 1.5, Number.NaN]) check(await refuses(() => store.listDeadEffects({ limit })), `listDeadEffects({ limit: ${limit} }) is refused with a TypeError`);
        check((await store.outboxStats()).dead === 3, 'nothing was revived by a refused filter');
      },
    ],
  ];
}
