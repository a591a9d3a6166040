import { type Store, createMemoryStore } from '../../src/http/index.js';
import { seed } from './helpers.js';

/**
 * A memory store (the test seed) where another writer slips in between a request's read and its
 * first invoice write, once: that write conflicts (409), later ones do not.
 */
export function racedOnceStore(): { store: Store; inner: Store } {
  const inner = createMemoryStore({ seed: seed() });
  let raced = false;
  const store: Store = {
    ...inner,
    async compareAndSetInvoice(accountID, invoice, version, extras) {
      if (!raced) {
        raced = true;
        const current = await inner.getInvoice(accountID, invoice.invoiceID);
        await inner.compareAndSetInvoice(accountID, { ...current!.invoice, description: 'other writer' }, current!.version);
      }
      return inner.compareAndSetInvoice(accountID, invoice, version, extras);
    },
  };
  return { store, inner };
}
