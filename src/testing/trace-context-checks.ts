import type { NewEffect } from '../http/store/port.js';
import { check, checkSameJson } from './assert.js';
import { ACCOUNT_A, fixtureEffect, fixtureInvoice } from './fixtures.js';
import { type CheckList, type FreshStore, INVOICE } from './seed.js';

const LEASE_MS = 60_000;

/** A stored trace context as the handler writes it: the propagator's headers as JSON text. */
const TRACED = JSON.stringify({
  traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
  tracestate: 'vendor=opaque,other=with "quotes" and \\ backslash',
});

/**
 * The trace-context check: an effect's `traceContext` is stored with it and comes back
 * unchanged from `claimEffects`; an effect written without one claims without one.
 *
 * @example
 * const checks = traceContextChecks(async (seed) => createMemoryStore({ seed: seed ?? standardSeed() }));
 */
export function traceContextChecks(fresh: FreshStore): CheckList {
  return [
    [
      "outbox: an effect's trace context round-trips, and an untraced effect has none",
      async () => {
        const store = await fresh();
        const current = await store.getInvoice(ACCOUNT_A, INVOICE);
        check(current !== undefined, 'the seeded invoice exists');
        const effects: NewEffect[] = [
          { effectID: 'eff-traced', requestId: 'req-1', effect: fixtureEffect(INVOICE, 'INV-1'), traceContext: TRACED },
          { effectID: 'eff-untraced', requestId: 'req-1', effect: fixtureEffect(INVOICE, 'INV-2') },
        ];
        const written = await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'traced'), current.version, { effects });
        check(written.ok, 'compareAndSetInvoice with traced effects succeeds');
        const claimed = await store.claimEffects({ limit: 10, leaseMs: LEASE_MS });
        const contexts = Object.fromEntries(claimed.map((c) => [c.effectID, c.traceContext ?? null]));
        checkSameJson(contexts, { 'eff-traced': TRACED, 'eff-untraced': null }, 'claimEffects returns each trace context exactly as written (or none)');
      },
    ],
  ];
}
