import { describe, expect, it } from 'vitest';
import { type Store, createMemoryStore } from '../../src/http/index.js';
import { ConformanceError, runStoreConformance, storeConformanceChecks } from '../../src/testing/index.js';

describe('the memory store passes the conformance suite', () => {
  const checks = runStoreConformance({ createStore: (seed) => createMemoryStore(seed), test: it });
  it('registers every check', () => expect(checks.length).toBeGreaterThanOrEqual(12));
});

/** Adapters that each break one rule; the suite must catch every one of them. */
const broken: Record<string, (seed: Parameters<typeof createMemoryStore>[0]) => Store> = {
  'a lost update (compare-and-set ignores the version)': (seed) => {
    const inner = createMemoryStore(seed);
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
    const inner = createMemoryStore(seed);
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
    const inner = createMemoryStore(seed);
    return { ...inner, getSchedule: async (_a, id) => (await inner.getSchedule('acct-a', id)) ?? undefined };
  },
  'case-sensitive wallet domains': (seed) => {
    const inner = createMemoryStore(seed);
    const domains = new Set(Object.values(seed?.accounts ?? {}).flatMap((a) => a.walletDomains ?? []));
    return { ...inner, hasWalletDomain: async (_a, d) => domains.has(d) };
  },
  'evidence lost under concurrency': (seed) => {
    const inner = createMemoryStore(seed);
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
    const inner = createMemoryStore(seed);
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
};

describe('the suite catches broken adapters', () => {
  it.each(Object.keys(broken))('%s', async (name) => {
    const report = await runStoreConformance({ createStore: broken[name]! });
    expect(report.failed.length).toBeGreaterThan(0);
    for (const { error } of report.failed) expect(error).toBeInstanceOf(ConformanceError);
  });

  it('runs without a test framework and reports every check passed for the memory store', async () => {
    const report = await runStoreConformance({ createStore: createMemoryStore });
    expect(report.failed).toEqual([]);
    expect(report.passed).toEqual(storeConformanceChecks({ createStore: createMemoryStore }).map((c) => c.name));
  });
});
