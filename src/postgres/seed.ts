import type { StoreSeed } from '../http/index.js';
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
  // Parallel text arrays, not one JSON array: PostgreSQL's json operators refuse a document
  // holding the \u0000 escape, while a text element cast to json keeps it exactly.
  const insertDocuments = async (table: string, idColumn: string, list: readonly SeedRow[]) => {
    if (list.length === 0) return;
    await query(
      `INSERT INTO ${s}.${table} (account_id, ${idColumn}, document)
       SELECT r.account_id, r.id, r.document::json FROM unnest($1::text[], $2::text[], $3::text[]) AS r(account_id, id, document)
       ON CONFLICT DO NOTHING`,
      [list.map((r) => r.a), list.map((r) => r.id), list.map((r) => JSON.stringify(r.d))],
    );
  };
  await insertDocuments('invoices', 'invoice_id', rows.invoices);
  await insertDocuments('schedules', 'schedule_id', rows.schedules);
  await insertDocuments('adjustments', 'adjustment_id', rows.adjustments);
  if (rows.disputes.length > 0) {
    await query(
      `INSERT INTO ${s}.disputes (account_id, dispute_id, status)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
       ON CONFLICT DO NOTHING`,
      [rows.disputes.map((r) => r.a), rows.disputes.map((r) => r.id), rows.disputes.map((r) => r.status ?? null)],
    );
  }
  if (rows.domains.length > 0) {
    await query(
      `INSERT INTO ${s}.wallet_domains (account_id, domain)
       SELECT * FROM unnest($1::text[], $2::text[])
       ON CONFLICT DO NOTHING`,
      [rows.domains.map((r) => r.a), rows.domains.map((r) => r.id)],
    );
  }
}

function storableOrThrow(text: string, what: string): string {
  if (!isStorableText(text)) throw new TypeError(POSTGRES_MESSAGES.unstorableSeedText(what));
  return text;
}
