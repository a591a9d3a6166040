import type { NewEffect, Store } from '../http/store/port.js';
import { check } from './assert.js';
import { ACCOUNT_A, ACCOUNT_B, fixtureEffect, fixtureInvoice } from './fixtures.js';
import { INVOICE } from './seed.js';

/** Account B's invoice in the outbox checks. */
export const INVOICE_B = '7f0c8f9e-0000-4000-8000-0000000000b1';

/**
 * An effect of the seeded invoice, to commit with a write.
 *
 * @example
 * newEffect('eff-1').requestId // 'req-eff-1'
 */
export const newEffect = (effectID: string, invoiceNumber = 'INV-1', requestId = `req-${effectID}`): NewEffect => ({
  effectID,
  requestId,
  effect: fixtureEffect(INVOICE, invoiceNumber),
});

/**
 * Writes the invoice of account A once more (current version), committing `effects` with it.
 *
 * @example
 * await writeWith(store, [newEffect('eff-1')]);
 */
export async function writeWith(store: Store, effects: readonly NewEffect[], description = 'written'): Promise<void> {
  const current = await store.getInvoice(ACCOUNT_A, INVOICE);
  check(current !== undefined, 'the seeded invoice exists');
  const written = await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, description), current.version, { effects });
  check(written.ok, 'compareAndSetInvoice with effects and the current version succeeds');
}

/**
 * Writes account B's invoice (seeded by the caller) once more, committing `effects` with it.
 *
 * @example
 * await writeForB(store, [{ effectID: 'eff-b', requestId: 'req-b', effect: fixtureEffect(INVOICE_B) }]);
 */
export async function writeForB(store: Store, effects: readonly NewEffect[]): Promise<void> {
  const b = await store.getInvoice(ACCOUNT_B, INVOICE_B);
  check(b !== undefined, "account B's invoice exists");
  const written = await store.compareAndSetInvoice(ACCOUNT_B, fixtureInvoice(INVOICE_B, 'b'), b.version, { effects });
  check(written.ok, "account B's write succeeds");
}
