import type { Adjustment, EvidenceText, Invoice, Schedule } from '../schemas/index.js';

/** A dispute as far as the handler needs it: its ID and, optionally, its status. */
export type Dispute = {
  readonly disputeID: string;
  /** Absent or `response-needed`: the dispute accepts evidence (see DISPUTE_STATUSES_ACCEPTING_EVIDENCE). */
  readonly status?: string;
};

/** An invoice with the opaque version token the store gave its current state. */
export type VersionedInvoice = { readonly invoice: Invoice; readonly version: string };

/** The outcome of {@link Store.compareAndSetInvoice}. */
export type CompareAndSetResult =
  | { readonly ok: true; readonly version: string }
  | { readonly ok: false; readonly reason: 'conflict' | 'not-found' };

/** The outcome of {@link Store.addEvidence}. */
export type AddEvidenceResult = { readonly ok: true } | { readonly ok: false; readonly reason: 'not-found' };

/**
 * The storage port. Every method is async and account-scoped: a resource stored under
 * account A is never visible through account B (it reads as absent). Returned objects
 * must not be mutated by the caller, and later writes must not change them.
 */
export interface Store {
  /** The schedule, or `undefined` when the account has none with this ID. */
  getSchedule(accountID: string, scheduleID: string): Promise<Schedule | undefined>;
  /** The invoice and its current version token, or `undefined`. */
  getInvoice(accountID: string, invoiceID: string): Promise<VersionedInvoice | undefined>;
  /**
   * Replaces the invoice `invoice.invoiceID` only when its current version is
   * `expectedVersion`, atomically: of two writers holding the same version, exactly one
   * succeeds and the other gets `conflict`. A missing invoice gives `not-found`.
   */
  compareAndSetInvoice(accountID: string, invoice: Invoice, expectedVersion: string): Promise<CompareAndSetResult>;
  /** The dispute, or `undefined`. */
  getDispute(accountID: string, disputeID: string): Promise<Dispute | undefined>;
  /** Appends an evidence record to its dispute (`evidence.disputeID`); `not-found` when the dispute is absent. */
  addEvidence(accountID: string, evidence: EvidenceText): Promise<AddEvidenceResult>;
  /** The dispute's evidence records in the order they were added (empty when none or no dispute). */
  listEvidence(accountID: string, disputeID: string): Promise<readonly EvidenceText[]>;
  /** The adjustment, or `undefined`. */
  getAdjustment(accountID: string, adjustmentID: string): Promise<Adjustment | undefined>;
  /** True when `domain` is registered for wallet payments on the account; compared ignoring ASCII case. */
  hasWalletDomain(accountID: string, domain: string): Promise<boolean>;
}

/** One account's data in a {@link StoreSeed}. */
export type AccountSeed = {
  readonly invoices?: readonly Invoice[];
  readonly schedules?: readonly Schedule[];
  readonly disputes?: readonly Dispute[];
  readonly adjustments?: readonly Adjustment[];
  readonly walletDomains?: readonly string[];
};

/** Initial data for a store, by account ID. */
export type StoreSeed = { readonly accounts?: Readonly<Record<string, AccountSeed>> };
