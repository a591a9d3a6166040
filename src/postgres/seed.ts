import type { StoreSeed } from '../http/store.js';
import type { Query } from './client.js';
import { POSTGRES_MESSAGES } from './messages.js';
import { isStorableText } from './storable.js';

type SeedRow = { readonly a: string; readonly id: string; readonly d?: unknown; readonly status?: string | null };

/**
 * Inserts the seed's resources that are not stored yet (one statement per table, in the
 * caller's transaction); rows already there are kept, so seeding a persisted database again
 * on restart never overwrites what requests changed. Throws when an ID cannot be stored.
 *
 * @example
 * await inTransaction(client, (query) => seedStore(query, '"payments_kit"', seed));
 */
export async function seedStore(query: Query, s: string, seed: StoreSeed): Promise<void> {
  const rows = { invoices: [] as SeedRow[], schedules: [] as SeedRow[], adjustments: [] as SeedRow[], disputes: [] as SeedRow[], domains: [] as SeedRow[] };
  for (const [a, account] of Object.entries(seed.accounts ?? {})) {
    storableOrThrow(a, 'an account ID');
    for (const d of account.invoices ?? []) rows.invoices.push({ a, id: storableOrThrow(d.invoiceID, 'an invoice ID'), d });
    for (const d of account.schedules ?? []) rows.schedules.push({ a, id: storableOrThrow(d.scheduleID, 'a schedule ID'), d });
    for (const d of account.adjustments ?? []) rows.adjustments.push({ a, id: storableOrThrow(d.adjustmentID, 'an adjustment ID'), d });
    for (const d of account.disputes ?? []) {
      rows.disputes.push({ a, id: storableOrThrow(d.disputeID, 'a dispute ID'), status: d.status === undefined ? null : storableOrThrow(d.status, 'a dispute status') });
    }
    for (const domain of account.walletDomains ?? []) rows.domains.push({ a, id: storableOrThrow(domain.toLowerCase(), 'a wallet domain') });
  }
  const insertDocuments = async (table: string, idColumn: string, list: readonly SeedRow[]) => {
    if (list.length === 0) return;
    await query(
      `INSERT INTO ${s}.${table} (account_id, ${idColumn}, document)
       SELECT r->>'a', r->>'id', r->'d' FROM json_array_elements($1::json) AS r
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(list)],
    );
  };
  await insertDocuments('invoices', 'invoice_id', rows.invoices);
  await insertDocuments('schedules', 'schedule_id', rows.schedules);
  await insertDocuments('adjustments', 'adjustment_id', rows.adjustments);
  if (rows.disputes.length > 0) {
    await query(
      `INSERT INTO ${s}.disputes (account_id, dispute_id, status)
       SELECT r->>'a', r->>'id', r->>'status' FROM json_array_elements($1::json) AS r
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(rows.disputes)],
    );
  }
  if (rows.domains.length > 0) {
    await query(
      `INSERT INTO ${s}.wallet_domains (account_id, domain)
       SELECT r->>'a', r->>'id' FROM json_array_elements($1::json) AS r
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(rows.domains)],
    );
  }
}

function storableOrThrow(text: string, what: string): string {
  if (!isStorableText(text)) throw new TypeError(POSTGRES_MESSAGES.unstorableSeedText(what));
  return text;
}
