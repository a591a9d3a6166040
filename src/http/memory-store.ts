import type { Adjustment, EvidenceText, Invoice, Schedule } from '../schemas/index.js';
import type { AccountSeed, Dispute, Store, StoreSeed, VersionedInvoice } from './store.js';

type AccountData = {
  readonly invoices: Map<string, VersionedInvoice>;
  readonly schedules: Map<string, Schedule>;
  readonly disputes: Map<string, Dispute>;
  readonly evidence: Map<string, readonly EvidenceText[]>;
  readonly adjustments: Map<string, Adjustment>;
  readonly walletDomains: Set<string>;
};

/** Objects this store copied and froze itself: immutable all the way down, so safe to share. */
const OWN_FROZEN = new WeakSet<object>();

/**
 * Deep-copies and deep-freezes a JSON-like value, so no caller can change stored state.
 * Subtrees this store froze before (e.g. the unchanged line items of an updated invoice) are
 * shared rather than copied again.
 */
function frozenCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (OWN_FROZEN.has(value)) return value;
  let copy: unknown;
  if (Array.isArray(value)) copy = value.map((item: unknown) => frozenCopy(item));
  else {
    const record: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const child = frozenCopy((value as Record<string, unknown>)[key]);
      // defineProperty keeps a "__proto__" key an own data property.
      if (key === '__proto__') Object.defineProperty(record, key, { value: child, enumerable: true, writable: true, configurable: true });
      else record[key] = child;
    }
    copy = record;
  }
  Object.freeze(copy);
  OWN_FROZEN.add(copy as object);
  return copy as T;
}

function emptyAccount(): AccountData {
  return {
    invoices: new Map(),
    schedules: new Map(),
    disputes: new Map(),
    evidence: new Map(),
    adjustments: new Map(),
    walletDomains: new Set(),
  };
}

function fill(account: AccountData, seed: AccountSeed): void {
  for (const invoice of seed.invoices ?? []) account.invoices.set(invoice.invoiceID, { invoice: frozenCopy(invoice), version: '1' });
  for (const schedule of seed.schedules ?? []) account.schedules.set(schedule.scheduleID, frozenCopy(schedule));
  for (const dispute of seed.disputes ?? []) account.disputes.set(dispute.disputeID, frozenCopy(dispute));
  for (const adjustment of seed.adjustments ?? []) account.adjustments.set(adjustment.adjustmentID, frozenCopy(adjustment));
  for (const domain of seed.walletDomains ?? []) account.walletDomains.add(domain.toLowerCase());
}

/**
 * The reference store: everything in memory, account-scoped (`Map`s, so IDs such as
 * `__proto__` are ordinary keys). Stored objects are deep-frozen copies: a caller can
 * neither change what is stored nor see a later write through an object it holds.
 * Invoice versions are decimal counters starting at `'1'`; compare-and-set is atomic
 * because it runs without an `await` between the check and the write.
 *
 * @example
 * const store = createMemoryStore({ accounts: { acc_1: { walletDomains: ['shop.example'] } } });
 * await store.hasWalletDomain('acc_1', 'shop.example') // true
 * await store.hasWalletDomain('acc_2', 'shop.example') // false
 */
export function createMemoryStore(seed: StoreSeed = {}): Store {
  const accounts = new Map<string, AccountData>();
  for (const [accountID, accountSeed] of Object.entries(seed.accounts ?? {})) {
    const account = emptyAccount();
    fill(account, accountSeed);
    accounts.set(accountID, account);
  }
  // Reads answer already-settled promises without an async wrapper or a closure per call
  // (nothing here can throw, so there is no synchronous throw an async function would catch).
  const accountOf = (accountID: string): AccountData | undefined => accounts.get(accountID);

  return {
    getSchedule: (accountID, scheduleID) => Promise.resolve(accountOf(accountID)?.schedules.get(scheduleID)),
    getInvoice: (accountID, invoiceID) => Promise.resolve(accountOf(accountID)?.invoices.get(invoiceID)),
    async compareAndSetInvoice(accountID, invoice: Invoice, expectedVersion) {
      const current = accounts.get(accountID)?.invoices.get(invoice.invoiceID);
      if (current === undefined) return { ok: false, reason: 'not-found' };
      if (current.version !== expectedVersion) return { ok: false, reason: 'conflict' };
      const version = String(Number(current.version) + 1);
      accounts.get(accountID)?.invoices.set(invoice.invoiceID, { invoice: frozenCopy(invoice), version });
      return { ok: true, version };
    },
    getDispute: (accountID, disputeID) => Promise.resolve(accountOf(accountID)?.disputes.get(disputeID)),
    async addEvidence(accountID, evidence) {
      const account = accounts.get(accountID);
      if (account?.disputes.has(evidence.disputeID) !== true) return { ok: false, reason: 'not-found' };
      const list = account.evidence.get(evidence.disputeID) ?? [];
      account.evidence.set(evidence.disputeID, Object.freeze([...list, frozenCopy(evidence)]));
      return { ok: true };
    },
    listEvidence: async (accountID, disputeID) => accounts.get(accountID)?.evidence.get(disputeID) ?? [],
    getAdjustment: (accountID, adjustmentID) => Promise.resolve(accountOf(accountID)?.adjustments.get(adjustmentID)),
    hasWalletDomain: async (accountID, domain) => accounts.get(accountID)?.walletDomains.has(domain.toLowerCase()) === true,
    // Placeholders while the outbox and idempotency records are being built (issue 11).
    claimEffects: () => Promise.reject(new Error('not yet implemented')),
    completeEffect: () => Promise.reject(new Error('not yet implemented')),
    releaseEffect: () => Promise.reject(new Error('not yet implemented')),
    beginIdempotentRequest: () => Promise.reject(new Error('not yet implemented')),
    completeIdempotentRequest: () => Promise.reject(new Error('not yet implemented')),
    releaseIdempotentRequest: () => Promise.reject(new Error('not yet implemented')),
  };
}
