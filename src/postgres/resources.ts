import type { EvidenceText, Invoice } from '../schemas/index.js';
import { IdempotencyKeyLostError, type Store, type WriteExtras } from '../http/index.js';
import type { Row } from './client.js';
import { type ViewContext, completionParams, storable } from './view.js';

/** A version token this store hands out: a positive decimal counter (bigint column). */
const VERSION_TOKEN = /^[1-9][0-9]{0,17}$/;

/** The resource calls of the port. */
type ResourceCalls = Pick<Store, 'getSchedule' | 'getAdjustment' | 'getInvoice' | 'compareAndSetInvoice' | 'getDispute' | 'addEvidence' | 'listEvidence' | 'hasWalletDomain'>;

/**
 * The resources: documents read by account and ID, the invoice's compare-and-set on its
 * version (with its effects and idempotency completion in the same statement), evidence
 * appended as rows, wallet domains. Writes of one row go through `writeRow`.
 *
 * @example
 * const calls = resourceCalls(context);
 * await calls.getInvoice('acc_1', 'inv_1'); // { invoice, version } or undefined
 */
export function resourceCalls(context: ViewContext): ResourceCalls {
  const { sql, query, first, writeRow } = context;
  const document = <T>(row: Row | undefined): T | undefined => (row === undefined ? undefined : (JSON.parse(row['document'] as string) as T));
  /** Reads one document by account and ID; an ID text cannot hold is absent without a query. */
  const read = async <T>(text: string, accountID: string, id: string): Promise<T | undefined> =>
    storable(accountID, id) ? document<T>(await first(text, [accountID, id])) : undefined;
  return {
    getSchedule: (accountID, scheduleID) => read(sql.getSchedule, accountID, scheduleID),
    getAdjustment: (accountID, adjustmentID) => read(sql.getAdjustment, accountID, adjustmentID),
    async getInvoice(accountID, invoiceID) {
      if (!storable(accountID, invoiceID)) return undefined;
      const row = await first(sql.getInvoice, [accountID, invoiceID]);
      if (row === undefined) return undefined;
      return { invoice: JSON.parse(row['document'] as string) as Invoice, version: row['version'] as string };
    },
    async compareAndSetInvoice(accountID, invoice, expectedVersion, extras?: WriteExtras) {
      if (!storable(accountID, invoice.invoiceID)) return { ok: false, reason: 'not-found' };
      const effects = extras?.effects ?? [];
      const row = await writeRow(`invoice\u0000${accountID}\u0000${invoice.invoiceID}`, sql.compareAndSetInvoice, [
        accountID,
        invoice.invoiceID,
        JSON.stringify(invoice),
        VERSION_TOKEN.test(expectedVersion) ? expectedVersion : null,
        effects.map((e) => e.effectID),
        effects.map((e) => e.requestId),
        effects.map((e) => JSON.stringify(e.effect)),
        ...completionParams(extras?.idempotency),
        effects.map((e) => (e.traceContext !== undefined && storable(e.traceContext) ? e.traceContext : null)),
      ]);
      const version = row?.['version'];
      if (typeof version === 'string') return { ok: true, version };
      if (row?.['key_held'] === false) throw new IdempotencyKeyLostError();
      return { ok: false, reason: row?.['found'] === true ? 'conflict' : 'not-found' };
    },
    async getDispute(accountID, disputeID) {
      if (!storable(accountID, disputeID)) return undefined;
      const row = await first(sql.getDispute, [accountID, disputeID]);
      if (row === undefined) return undefined;
      const status = row['status'];
      return typeof status === 'string' ? { disputeID, status } : { disputeID };
    },
    async addEvidence(accountID, evidence: EvidenceText, extras?: Pick<WriteExtras, 'idempotency'>) {
      if (!storable(accountID, evidence.disputeID)) return { ok: false, reason: 'not-found' };
      const row = await writeRow(`dispute\u0000${accountID}\u0000${evidence.disputeID}`, sql.addEvidence, [
        accountID,
        evidence.disputeID,
        JSON.stringify(evidence),
        ...completionParams(extras?.idempotency),
      ]);
      if (row?.['added'] !== true && row?.['key_held'] === false) throw new IdempotencyKeyLostError();
      return row?.['added'] === true ? { ok: true } : { ok: false, reason: 'not-found' };
    },
    async listEvidence(accountID, disputeID) {
      if (!storable(accountID, disputeID)) return [];
      const rows = await query(sql.listEvidence, [accountID, disputeID]);
      return rows.map((row) => JSON.parse(row['document'] as string) as EvidenceText);
    },
    async hasWalletDomain(accountID, domain) {
      const lower = domain.toLowerCase();
      if (!storable(accountID, lower)) return false;
      return (await first(sql.hasWalletDomain, [accountID, lower]))?.['present'] === true;
    },
  };
}
