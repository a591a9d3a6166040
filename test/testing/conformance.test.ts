import { describe, expect, it } from 'vitest';
import { type Store, type StoreSeed, createMemoryStore } from '../../src/http/index.js';
import type { BeginIdempotentResult, ClaimedEffect } from '../../src/http/store/port.js';
import type { EvidenceText } from '../../src/schemas/index.js';
import { ConformanceError, runStoreConformance, storeConformanceChecks } from '../../src/testing/index.js';

describe('the memory store passes the conformance suite', () => {
  const checks = runStoreConformance({ createStore: (seed) => createMemoryStore({ seed }), test: it });
  it('registers every check', () => expect(checks.length).toBeGreaterThanOrEqual(32));
});

// Concurrent: each check waits on timers with a store of its own.
describe.concurrent('a store slower than the short leases passes the lease checks', () => {
  // Each idempotency and outbox call takes `callMs`, so a check's steps that must come within its
  // 100 ms lease span more than 100 ms of the store's clock: the check then runs again with a
  // longer lease (withShortLease) instead of failing a store that keeps the rules.
  const LEASE_CHECKS: Record<string, number> = {
    'idempotency: a record past its TTL frees the key': 60,
    'idempotency: an in-flight record past its lock is begun again; the old token is then stale': 120,
    'outbox: a claim holds for its lease; an expired lease is claimed again with the next attempt': 120,
  };
  const slow =
    (callMs: number) =>
    (seed: StoreSeed | undefined): Store => {
      const inner = createMemoryStore({ seed });
      const late =
        <Args extends unknown[], Result>(call: (...args: Args) => Promise<Result>) =>
        async (...args: Args): Promise<Result> => {
          await new Promise((resolve) => setTimeout(resolve, callMs));
          return call(...args);
        };
      return {
        ...inner,
        beginIdempotentRequest: late((accountID, input) => inner.beginIdempotentRequest(accountID, input)),
        completeIdempotentRequest: late((accountID, completion) => inner.completeIdempotentRequest(accountID, completion)),
        claimEffects: late((input) => inner.claimEffects(input)),
      };
    };
  for (const [name, callMs] of Object.entries(LEASE_CHECKS)) {
    it(`${name} (${callMs} ms a call)`, async () => {
      const found = storeConformanceChecks({ createStore: slow(callMs) }).find((c) => c.name === name);
      expect(found?.name).toBe(name);
      await found?.run();
    }, 20_000);
  }
});

/** Adapters that each break one rule; the suite must catch every one of them. */
const broken: Record<string, (seed: StoreSeed | undefined) => Store> = {
  'a lost update (compare-and-set ignores the version)': (seed) => {
    const inner = createMemoryStore({ seed });
    return {
      ...inner,
      async compareAndSetInvoice(accountID, invoice) {
        const current = await inner.getInvoice(accountID, invoice.invoiceID);
        if (current === undefined) return { ok: false, reason: 'not-found' };
        return inner.compareAndSetInvoice(accountID, invoice, current.version);
      },
    };
  },
  'a non-atomic compare-and-set (an await between check and write)': (seed) => {
    const inner = createMemoryStore({ seed });
    return {
      ...inner,
      async compareAndSetInvoice(accountID, invoice, version) {
        const current = await inner.getInvoice(accountID, invoice.invoiceID);
        if (current === undefined) return { ok: false, reason: 'not-found' };
        if (current.version !== version) return { ok: false, reason: 'conflict' };
        await new Promise((resolve) => setTimeout(resolve, 1));
        const latest = await inner.getInvoice(accountID, invoice.invoiceID);
        return inner.compareAndSetInvoice(accountID, invoice, latest!.version);
      },
    };
  },
  'no account scoping on reads': (seed) => {
    const inner = createMemoryStore({ seed });
    return { ...inner, getSchedule: async (_a, id) => (await inner.getSchedule('acct-a', id)) ?? undefined };
  },
  'case-sensitive wallet domains': (seed) => {
    const inner = createMemoryStore({ seed });
    const domains = new Set(Object.values(seed?.accounts ?? {}).flatMap((a) => a.walletDomains ?? []));
    return { ...inner, hasWalletDomain: async (_a, d) => domains.has(d) };
  },
  'evidence lost under concurrency': (seed) => {
    const inner = createMemoryStore({ seed });
    let last: unknown;
    return {
      ...inner,
      addEvidence: async (a, e) => {
        last = e;
        return inner.getDispute(a, e.disputeID).then((d) => (d ? { ok: true } : { ok: false, reason: 'not-found' }));
      },
      listEvidence: async () => (last === undefined ? [] : [last as never]),
    };
  },
  'returns live mutable objects': (seed) => {
    const live = new Map<string, { invoice: never; version: string }>();
    const inner = createMemoryStore({ seed });
    return {
      ...inner,
      async getInvoice(accountID, invoiceID) {
        const key = `${accountID}/${invoiceID}`;
        if (!live.has(key)) {
          const found = await inner.getInvoice(accountID, invoiceID);
          if (found === undefined) return undefined;
          live.set(key, { invoice: structuredClone(found.invoice) as never, version: found.version });
        }
        return live.get(key);
      },
    };
  },
  'effects dropped (compareAndSetInvoice ignores extras.effects)': (seed) => {
    const inner = createMemoryStore({ seed });
    return { ...inner, compareAndSetInvoice: (a, i, v, extras) => inner.compareAndSetInvoice(a, i, v, { ...extras, effects: [] }) };
  },
  'effects committed by a write that conflicted': (seed) => {
    const inner = createMemoryStore({ seed });
    return {
      ...inner,
      async compareAndSetInvoice(a, invoice, version, extras) {
        const result = await inner.compareAndSetInvoice(a, invoice, version, extras);
        const current = await inner.getInvoice(a, invoice.invoiceID);
        if (!result.ok && current !== undefined && extras?.effects !== undefined) {
          await inner.compareAndSetInvoice(a, current.invoice, current.version, { effects: extras.effects });
        }
        return result;
      },
    };
  },
  'claims not exclusive (an effect handed to every claimer)': (seed) => {
    const inner = createMemoryStore({ seed });
    const handed: ClaimedEffect[] = [];
    return {
      ...inner,
      async claimEffects(input) {
        const fresh = await inner.claimEffects(input);
        handed.push(...fresh);
        return [...fresh, ...handed.filter((h) => !fresh.includes(h))].slice(0, input.limit);
      },
    };
  },
  'leases never expire': (seed) => {
    const inner = createMemoryStore({ seed });
    return { ...inner, claimEffects: (input) => inner.claimEffects({ ...input, leaseMs: 3_600_000 }) };
  },
  'stale claim tokens accepted': (seed) => {
    const inner = createMemoryStore({ seed });
    const latest = new Map<string, string>();
    return {
      ...inner,
      async claimEffects(input) {
        const claimed = await inner.claimEffects(input);
        for (const c of claimed) latest.set(c.effectID, c.claimToken);
        return claimed;
      },
      completeEffect: (id, token) => inner.completeEffect(id, latest.get(id) ?? token),
      releaseEffect: (id, token, ms, error) => inner.releaseEffect(id, latest.get(id) ?? token, ms, error),
    };
  },
  'release ignores retryInMs': (seed) => {
    const inner = createMemoryStore({ seed });
    return { ...inner, releaseEffect: (id, token, _ms, error) => inner.releaseEffect(id, token, 0, error) };
  },
  'unclaim counts the attempt (a release at once)': (seed) => {
    const inner = createMemoryStore({ seed });
    return { ...inner, unclaimEffect: (id, token) => inner.releaseEffect(id, token, 0) };
  },
  'completed effects claimed again': (seed) => {
    const inner = createMemoryStore({ seed });
    return { ...inner, completeEffect: (id, token) => inner.releaseEffect(id, token, 0) };
  },
  'idempotency begin not atomic (an await between check and insert)': (seed) => {
    const inner = createMemoryStore({ seed });
    const records = new Map<string, { fingerprint: string; done: boolean }>();
    return {
      ...inner,
      async beginIdempotentRequest(a, input): Promise<BeginIdempotentResult> {
        const found = records.get(`${a}/${input.key}`);
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (found === undefined) {
          records.set(`${a}/${input.key}`, { fingerprint: input.fingerprint, done: false });
          return { state: 'started', lockToken: 'token' };
        }
        if (found.fingerprint !== input.fingerprint) return { state: 'mismatch' };
        return { state: 'in-flight' };
      },
    };
  },
  'idempotency TTL ignored': (seed) => {
    const inner = createMemoryStore({ seed });
    return { ...inner, beginIdempotentRequest: (a, input) => inner.beginIdempotentRequest(a, { ...input, ttlMs: 86_400_000 }) };
  },
  'idempotency lock never expires': (seed) => {
    const inner = createMemoryStore({ seed });
    return { ...inner, beginIdempotentRequest: (a, input) => inner.beginIdempotentRequest(a, { ...input, lockMs: input.ttlMs }) };
  },
  'idempotency completed outside the write (even when it conflicts)': (seed) => {
    const inner = createMemoryStore({ seed });
    return {
      ...inner,
      async compareAndSetInvoice(a, invoice, version, extras) {
        if (extras?.idempotency !== undefined) await inner.completeIdempotentRequest(a, extras.idempotency);
        return inner.compareAndSetInvoice(a, invoice, version, extras?.effects === undefined ? {} : { effects: extras.effects });
      },
    };
  },
  'idempotency completion dropped by writes': (seed) => {
    const inner = createMemoryStore({ seed });
    return { ...inner, addEvidence: (a, e) => inner.addEvidence(a, e) };
  },
  'idempotency keys not scoped to the account': (seed) => {
    const inner = createMemoryStore({ seed });
    return {
      ...inner,
      beginIdempotentRequest: (_a, input) => inner.beginIdempotentRequest('shared', input),
      completeIdempotentRequest: (_a, completion) => inner.completeIdempotentRequest('shared', completion),
      releaseIdempotentRequest: (_a, key, token) => inner.releaseIdempotentRequest('shared', key, token),
    };
  },
  'release forgets a record held by another token': (seed) => {
    const inner = createMemoryStore({ seed });
    const tokens = new Map<string, string>();
    return {
      ...inner,
      async beginIdempotentRequest(a, input) {
        const result = await inner.beginIdempotentRequest(a, input);
        if (result.state === 'started') tokens.set(`${a}/${input.key}`, result.lockToken);
        return result;
      },
      releaseIdempotentRequest: (a, key) => inner.releaseIdempotentRequest(a, key, tokens.get(`${a}/${key}`) ?? ''),
    };
  },
  'a listed evidence array grows with later uploads': (seed) => {
    const inner = createMemoryStore({ seed });
    const live = new Map<string, EvidenceText[]>();
    return {
      ...inner,
      async addEvidence(a, e, extras) {
        const added = await inner.addEvidence(a, e, extras);
        if (added.ok) {
          const list = live.get(`${a}/${e.disputeID}`) ?? [];
          list.push(e);
          live.set(`${a}/${e.disputeID}`, list);
        }
        return added;
      },
      listEvidence: async (a, d) => live.get(`${a}/${d}`) ?? [],
    };
  },
};

/** The check that must catch an adapter (where one check is written for its rule). */
const CAUGHT_BY: Record<string, string> = {
  'effects dropped (compareAndSetInvoice ignores extras.effects)': 'outbox: an invoice write commits its effects',
  'effects committed by a write that conflicted': 'outbox: a write that conflicts or finds nothing commits no effect',
  'claims not exclusive (an effect handed to every claimer)': 'outbox: concurrent claimers never receive the same effect',
  'leases never expire': 'an expired lease is claimed again',
  'stale claim tokens accepted': 'outbox: completing or releasing with a stale claim token does nothing',
  'release ignores retryInMs': 'outbox: a released effect is claimable again after retryInMs, not before',
  'completed effects claimed again': 'outbox: a delivered effect is never claimed again',
  'idempotency begin not atomic (an await between check and insert)': 'idempotency: of concurrent begins with one key exactly one is started',
  'idempotency TTL ignored': 'idempotency: a record past its TTL frees the key',
  'idempotency lock never expires': 'idempotency: an in-flight record past its lock is begun again',
  'idempotency completed outside the write (even when it conflicts)': 'idempotency: a refused write completes no record',
  'idempotency completion dropped by writes': 'idempotency: an invoice write and an evidence upload complete their record in the write',
  'idempotency keys not scoped to the account': 'idempotency: keys are scoped to their account',
  'release forgets a record held by another token': 'idempotency: release forgets an in-flight record only for its lock token',
  'a listed evidence array grows with later uploads': 'a listed evidence array does not change with later uploads',
};

describe('the suite catches broken adapters', () => {
  // Each check makes its own store, so the checks of one adapter can run at once.
  it.concurrent.each(Object.keys(broken))('%s', async (name) => {
    const checks = storeConformanceChecks({ createStore: broken[name]! });
    const outcomes = await Promise.allSettled(checks.map((c) => c.run()));
    const failed = checks.filter((_, i) => outcomes[i]?.status === 'rejected').map((c) => c.name);
    expect(failed.length).toBeGreaterThan(0);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ConformanceError);
    const expected = CAUGHT_BY[name];
    if (expected !== undefined) expect(failed).toContainEqual(expect.stringContaining(expected));
  });

  it('runs without a test framework and reports every check passed for the memory store', async () => {
    const report = await runStoreConformance({ createStore: (seed) => createMemoryStore({ seed }) });
    expect(report.failed).toEqual([]);
    expect(report.passed).toEqual(storeConformanceChecks({ createStore: (seed) => createMemoryStore({ seed }) }).map((c) => c.name));
  });
});

describe('createMemoryStore takes its seed as { seed } only', () => {
  it('the seed itself as the argument (the 0.1 form) is refused, naming { seed }', () => {
    expect(() => createMemoryStore({ accounts: {} } as never)).toThrow(/\{ seed: \{ accounts \} \}/);
  });
});
