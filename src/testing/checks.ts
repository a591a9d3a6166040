import type { Store, StoreSeed } from '../http/store/port.js';
import { isIdempotencyKeyLost } from '../http/store/errors.js';
import { ConformanceError, check, checkSameJson } from './assert.js';
import { ACCOUNT_A, ACCOUNT_B, ACCOUNT_PROTO, fixtureAdjustment, fixtureInvoice, fixtureSchedule } from './fixtures.js';
import { fencingChecks } from './fencing-checks.js';
import { idempotencyChecks } from './idempotency-checks.js';
import { deadLetterChecks } from './dead-letter-checks.js';
import { outboxChecks } from './outbox-checks.js';
import { traceContextChecks } from './trace-context-checks.js';
import { ADJUSTMENT, DISPUTE, DOMAIN, INVOICE, SCHEDULE, type CheckList, evidence, standardSeed } from './seed.js';

/** Makes a fresh store holding `seed` (the adapter under test). */
export type CreateStore = (seed: StoreSeed) => Store | Promise<Store>;

/** One named conformance check: resolves when the store conforms, throws a `ConformanceError` otherwise. */
export type ConformanceCheck = { readonly name: string; run(): Promise<void> };

/**
 * Builds the list of checks for an adapter; each check makes its own fresh store.
 *
 * @example
 * for (const c of storeConformanceChecks({ createStore: (seed) => createMemoryStore({ seed }) })) await c.run();
 */
export function storeConformanceChecks({ createStore }: { createStore: CreateStore }): ConformanceCheck[] {
  const fresh = async (seed: StoreSeed = standardSeed()): Promise<Store> => createStore(seed);
  const checks: CheckList = [
    [
      'reads back seeded resources of the account',
      async () => {
        const store = await fresh();
        checkSameJson(await store.getSchedule(ACCOUNT_A, SCHEDULE), fixtureSchedule(SCHEDULE), 'getSchedule returns the seeded schedule');
        const stored = await store.getInvoice(ACCOUNT_A, INVOICE);
        check(stored !== undefined, 'getInvoice finds the seeded invoice');
        checkSameJson(stored.invoice, fixtureInvoice(INVOICE), 'getInvoice returns the seeded invoice');
        check(typeof stored.version === 'string' && stored.version !== '', 'getInvoice returns a non-empty string version');
        checkSameJson(await store.getDispute(ACCOUNT_A, DISPUTE), { disputeID: DISPUTE, status: 'response-needed' }, 'getDispute returns the seeded dispute');
        checkSameJson(await store.getDispute(ACCOUNT_A, 'dsp-open'), { disputeID: 'dsp-open' }, 'a dispute without status stays without status');
        checkSameJson(await store.getAdjustment(ACCOUNT_A, ADJUSTMENT), fixtureAdjustment(ADJUSTMENT), 'getAdjustment returns the seeded adjustment');
      },
    ],
    [
      'answers undefined for unknown IDs and unknown accounts',
      async () => {
        const store = await fresh();
        check((await store.getSchedule(ACCOUNT_A, 'nope')) === undefined, 'unknown schedule is undefined');
        check((await store.getInvoice(ACCOUNT_A, 'nope')) === undefined, 'unknown invoice is undefined');
        check((await store.getDispute(ACCOUNT_A, 'nope')) === undefined, 'unknown dispute is undefined');
        check((await store.getAdjustment(ACCOUNT_A, 'nope')) === undefined, 'unknown adjustment is undefined');
        check((await store.getSchedule('no-such-account', SCHEDULE)) === undefined, 'unknown account reads nothing');
        check((await store.hasWalletDomain('no-such-account', DOMAIN)) === false, 'unknown account has no domain');
        check((await store.listEvidence(ACCOUNT_A, 'nope')).length === 0, 'unknown dispute has no evidence');
      },
    ],
    [
      'never shows one account the resources of another',
      async () => {
        const store = await fresh();
        check((await store.getSchedule(ACCOUNT_B, SCHEDULE)) === undefined, "account B cannot read A's schedule");
        check((await store.getInvoice(ACCOUNT_B, INVOICE)) === undefined, "account B cannot read A's invoice");
        check((await store.getDispute(ACCOUNT_B, DISPUTE)) === undefined, "account B cannot read A's dispute");
        check((await store.getAdjustment(ACCOUNT_B, ADJUSTMENT)) === undefined, "account B cannot read A's adjustment");
        check((await store.hasWalletDomain(ACCOUNT_B, DOMAIN)) === false, "account B does not have A's domain");
        const written = await store.compareAndSetInvoice(ACCOUNT_B, fixtureInvoice(INVOICE, 'hijack'), '1');
        check(!written.ok && written.reason === 'not-found', "account B cannot write A's invoice (not-found)");
        const added = await store.addEvidence(ACCOUNT_B, evidence(DISPUTE, 'ev-x'));
        check(!added.ok && added.reason === 'not-found', "account B cannot add evidence to A's dispute");
        check((await store.listEvidence(ACCOUNT_A, DISPUTE)).length === 0, "B's attempt left A's dispute without evidence");
        checkSameJson((await store.getInvoice(ACCOUNT_A, INVOICE))?.invoice, fixtureInvoice(INVOICE), "A's invoice is untouched");
      },
    ],
    [
      'treats __proto__ and constructor as ordinary IDs',
      async () => {
        const store = await fresh({
          accounts: {
            [ACCOUNT_PROTO]: { schedules: [fixtureSchedule('constructor')], walletDomains: ['proto.example.com'] },
          },
        });
        checkSameJson(await store.getSchedule(ACCOUNT_PROTO, 'constructor'), fixtureSchedule('constructor'), 'an account named __proto__ works');
        check((await store.getSchedule(ACCOUNT_PROTO, '__proto__')) === undefined, 'an ID named __proto__ reads as absent');
        check((await store.getSchedule('constructor', 'constructor')) === undefined, 'an account named constructor is absent');
        check((await store.hasWalletDomain(ACCOUNT_PROTO, 'proto.example.com')) === true, 'domains of a __proto__ account work');
        check(({} as Record<string, unknown>)['scheduleID'] === undefined, 'Object.prototype is untouched');
      },
    ],
    [
      'compares wallet domains ignoring ASCII case',
      async () => {
        const store = await fresh();
        check((await store.hasWalletDomain(ACCOUNT_A, 'pay.example.com')) === true, 'lower case matches a mixed-case registration');
        check((await store.hasWalletDomain(ACCOUNT_A, 'PAY.EXAMPLE.COM')) === true, 'upper case matches');
        check((await store.hasWalletDomain(ACCOUNT_A, 'pay.example.co')) === false, 'a different domain does not match');
        check((await store.hasWalletDomain(ACCOUNT_A, 'sub.pay.example.com')) === false, 'a sub-domain is not registered by its parent');
      },
    ],
    [
      'compare-and-set writes with the current version and changes the version',
      async () => {
        const store = await fresh();
        const before = await store.getInvoice(ACCOUNT_A, INVOICE);
        check(before !== undefined, 'seeded invoice exists');
        const written = await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'first'), before.version);
        check(written.ok, 'compareAndSetInvoice with the current version succeeds');
        check(written.version !== before.version, 'a write gives a new version');
        const after = await store.getInvoice(ACCOUNT_A, INVOICE);
        check(after?.version === written.version, 'getInvoice returns the version the write answered');
        checkSameJson(after?.invoice, fixtureInvoice(INVOICE, 'first'), 'getInvoice returns the written invoice');
      },
    ],
    [
      'compare-and-set refuses a stale version and keeps the stored invoice',
      async () => {
        const store = await fresh();
        const before = await store.getInvoice(ACCOUNT_A, INVOICE);
        check(before !== undefined, 'seeded invoice exists');
        const first = await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'first'), before.version);
        check(first.ok, 'first write succeeds');
        const stale = await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'stale'), before.version);
        check(!stale.ok && stale.reason === 'conflict', 'a write with the old version is a conflict');
        checkSameJson((await store.getInvoice(ACCOUNT_A, INVOICE))?.invoice, fixtureInvoice(INVOICE, 'first'), 'the conflicting write changed nothing');
        const missing = await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice('7f0c8f9e-0000-4000-8000-0000000000ff'), before.version);
        check(!missing.ok && missing.reason === 'not-found', 'writing an invoice that does not exist is not-found');
      },
    ],
    [
      'two concurrent writers on one version: exactly one wins, the other conflicts',
      async () => {
        const store = await fresh();
        const before = await store.getInvoice(ACCOUNT_A, INVOICE);
        check(before !== undefined, 'seeded invoice exists');
        const [x, y] = await Promise.all([
          store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'writer x'), before.version),
          store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'writer y'), before.version),
        ]);
        check(x.ok !== y.ok, `exactly one of two concurrent writers wins (got ${x.ok} and ${y.ok})`);
        const loser = x.ok ? y : x;
        check(!loser.ok && loser.reason === 'conflict', 'the losing writer gets conflict');
        const winner = x.ok ? 'writer x' : 'writer y';
        checkSameJson((await store.getInvoice(ACCOUNT_A, INVOICE))?.invoice, fixtureInvoice(INVOICE, winner), 'the winner is stored');
      },
    ],
    [
      'many concurrent writers retrying on conflict lose no update',
      async () => {
        const store = await fresh();
        const writers = 20;
        const appendTag = async (tag: string): Promise<number> => {
          for (let attempt = 1; ; attempt++) {
            const current = await store.getInvoice(ACCOUNT_A, INVOICE);
            check(current !== undefined, 'invoice exists while writing');
            const next = { ...current.invoice, description: `${current.invoice.description ?? ''}|${tag}` };
            const written = await store.compareAndSetInvoice(ACCOUNT_A, next, current.version);
            if (written.ok) return attempt;
            check(written.reason === 'conflict', 'a lost race is a conflict');
            check(attempt < 1000, 'a writer kept conflicting 1000 times');
          }
        };
        const tags = Array.from({ length: writers }, (_, i) => `w${i}`);
        await Promise.all(tags.map(appendTag));
        const final = (await store.getInvoice(ACCOUNT_A, INVOICE))?.invoice.description ?? '';
        const parts = final.split('|');
        check(parts[0] === 'original', 'the original description is kept');
        check(parts.length === writers + 1, `every write is kept exactly once (got ${parts.length - 1} of ${writers})`);
        check(new Set(parts.slice(1)).size === writers && tags.every((t) => parts.includes(t)), 'no write is lost or doubled');
      },
    ],
    [
      'returned objects are isolated from later writes and from caller mutation',
      async () => {
        const store = await fresh();
        const before = await store.getInvoice(ACCOUNT_A, INVOICE);
        check(before !== undefined, 'seeded invoice exists');
        try {
          (before.invoice as { description?: string }).description = 'mutated by caller';
        } catch {
          // A frozen object may throw in strict mode; that is conforming.
        }
        const reread = await store.getInvoice(ACCOUNT_A, INVOICE);
        checkSameJson(reread?.invoice, fixtureInvoice(INVOICE), 'mutating a returned invoice does not change the store');
        const written = fixtureInvoice(INVOICE, 'written');
        check((await store.compareAndSetInvoice(ACCOUNT_A, written, reread?.version ?? '')).ok, 'write succeeds');
        written.description = 'mutated after write';
        checkSameJson((await store.getInvoice(ACCOUNT_A, INVOICE))?.invoice, fixtureInvoice(INVOICE, 'written'), 'mutating a written object does not change the store');
        const seedSchedule = fixtureSchedule('sch-own');
        const own = await fresh({ accounts: { [ACCOUNT_A]: { schedules: [seedSchedule] } } });
        seedSchedule.description = 'mutated seed';
        check((await own.getSchedule(ACCOUNT_A, 'sch-own'))?.description === undefined, 'mutating the seed does not change the store');
      },
    ],
    [
      'adds evidence to an existing dispute and lists it in order',
      async () => {
        const store = await fresh();
        check((await store.addEvidence(ACCOUNT_A, evidence(DISPUTE, 'ev-1'))).ok, 'first evidence is added');
        check((await store.addEvidence(ACCOUNT_A, evidence(DISPUTE, 'ev-2'))).ok, 'second evidence is added');
        checkSameJson(await store.listEvidence(ACCOUNT_A, DISPUTE), [evidence(DISPUTE, 'ev-1'), evidence(DISPUTE, 'ev-2')], 'evidence is listed in order');
        const missing = await store.addEvidence(ACCOUNT_A, evidence('dsp-none', 'ev-3'));
        check(!missing.ok && missing.reason === 'not-found', 'evidence for a missing dispute is not-found');
        check((await store.listEvidence(ACCOUNT_A, 'dsp-open')).length === 0, "other disputes' evidence is separate");
      },
    ],
    [
      'concurrent evidence uploads are all kept',
      async () => {
        const store = await fresh();
        const ids = Array.from({ length: 20 }, (_, i) => `ev-${i}`);
        const results = await Promise.all(ids.map((id) => store.addEvidence(ACCOUNT_A, evidence(DISPUTE, id))));
        check(results.every((r) => r.ok), 'every concurrent add succeeds');
        const listed = (await store.listEvidence(ACCOUNT_A, DISPUTE)).map((e) => e.evidenceID);
        check(listed.length === ids.length && ids.every((id) => listed.includes(id)), 'no concurrent evidence is lost');
      },
    ],
    [
      'a listed evidence array does not change with later uploads',
      async () => {
        const store = await fresh();
        check((await store.addEvidence(ACCOUNT_A, evidence(DISPUTE, 'ev-1'))).ok, 'first evidence is added');
        const before = await store.listEvidence(ACCOUNT_A, DISPUTE);
        check((await store.addEvidence(ACCOUNT_A, evidence(DISPUTE, 'ev-2'))).ok, 'second evidence is added');
        check(before.length === 1, `a list read before an upload keeps its length (has ${before.length})`);
        check((await store.listEvidence(ACCOUNT_A, DISPUTE)).length === 2, 'a new read lists both');
      },
    ],
    ...outboxChecks(fresh),
    ...deadLetterChecks(fresh),
    ...traceContextChecks(fresh),
    ...idempotencyChecks(fresh),
    ...fencingChecks(fresh),
  ];
  return checks.map(([name, run]) => ({ name, run: () => run().catch(keyLostAsFailure) }));
}

/**
 * A write refused as key-lost in a check whose token still holds the key is the store breaking
 * the fencing rule, so it fails the check (the fencing checks catch the refusals they expect).
 */
function keyLostAsFailure(error: unknown): never {
  if (isIdempotencyKeyLost(error)) throw new ConformanceError(`the store refused a write as key-lost although its lock token held the key: ${error.message}`);
  throw error;
}
