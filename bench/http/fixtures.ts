// What the HTTP benchmark serves and sends: the reference server's demo data
// (src/http/reference/demo-data.ts), not a copy of it.
import type { StoreSeed } from '../../src/http/store/port.js';
import { DEMO_ADJUSTMENT, DEMO_IDS, DEMO_INVOICE, DEMO_SEED } from '../../src/reference/demo-data.js';

export { DEMO_IDS, DEMO_SEED, DEMO_TOKENS } from '../../src/reference/demo-data.js';

/** The headers of every request to our handler: the demo token with every scope of the demo account. */
export const BENCH_HEADERS: Readonly<Record<string, string>> = {
  authorization: 'Bearer demo-all-scopes',
  'x-service-version': 'v2026.04.00',
};

/** The bare server's fixed body: about the size of an adjustment answer. */
export const FIXED_BODY = JSON.stringify(DEMO_ADJUSTMENT);

/** The body of every PATCH invoice request: no status move, so no effect and no e-mail. */
export const BENCH_PATCH_BODY = JSON.stringify({ description: 'benchmark update', dueDate: '2026-05-01T00:00:00Z' });

/** The ids of `count` extra invoices of the demo account (UUID form, numbered from 1). */
export const benchInvoiceIDs = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `c0ffee00-0000-4000-8000-${(i + 1).toString(16).padStart(12, '0')}`);

/** The demo seed plus `count` copies of the demo invoice under {@link benchInvoiceIDs}. */
export function withBenchInvoices(count: number): StoreSeed {
  const account = DEMO_SEED.accounts?.[DEMO_IDS.accountID];
  if (count === 0 || account === undefined) return DEMO_SEED;
  const copies = benchInvoiceIDs(count).map((invoiceID) => ({ ...DEMO_INVOICE, invoiceID }));
  return { accounts: { ...DEMO_SEED.accounts, [DEMO_IDS.accountID]: { ...account, invoices: [...(account.invoices ?? []), ...copies] } } };
}
