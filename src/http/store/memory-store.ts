import type { Adjustment, EvidenceText, Invoice, Schedule } from '../../schemas/index.js';
import { freshUuid } from '../../shared/fresh-uuid.js';
import { frozenCopy } from '../core/frozen-copy.js';
import { checkRedriveFilter, deadPageSize } from './dead-letters.js';
import { type MemoryOutbox, createMemoryOutbox } from './memory-outbox.js';
import { IdempotencyKeyLostError } from './errors.js';
import { answersAtOnce } from './settled-reads.js';
import { type MemoryIdempotency, createMemoryIdempotency } from './memory-records.js';
import type { AccountSeed, Dispute, IdempotencyCompletion, Store, StoreSeed, VersionedInvoice, WriteExtras } from './port.js';

/** A dispute's evidence: appended in place (O(1)), read through a frozen snapshot made at most once per append. */
type EvidenceList = { readonly records: EvidenceText[]; snapshot: readonly EvidenceText[] | undefined };

type AccountData = {
  readonly invoices: Map<string, VersionedInvoice>;
  readonly schedules: Map<string, Schedule>;
  readonly disputes: Map<string, Dispute>;
  readonly evidence: Map<string, EvidenceList>;
  readonly adjustments: Map<string, Adjustment>;
  readonly walletDomains: Set<string>;
};

const NO_EVIDENCE: readonly EvidenceText[] = Object.freeze([]);

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

function snapshotOf(list: EvidenceList): readonly EvidenceText[] {
  list.snapshot ??= Object.freeze(list.records.slice());
  return list.snapshot;
}

/** Options of {@link createMemoryStore}: the same shape as `createPostgresStore`'s, less the client. */
export type MemoryStoreOptions = {
  /** What the store holds at start (the same `StoreSeed` `createPostgresStore` takes). */
  readonly seed?: StoreSeed | undefined;
  /** The current time, for outbox leases and idempotency expiry; default `() => new Date()` (as `createHandler`'s). */
  readonly clock?: () => Date;
};

/** The 0.1 form (the seed itself, `{ accounts }`) is refused with a pointer to `{ seed }`. */
const SEED_ONLY_MESSAGE = 'createMemoryStore: pass the seed as { seed: { accounts } } (the seed itself as the argument is no longer taken)';

/**
 * The reference store: everything in memory, account-scoped (`Map`s, so IDs such as
 * `__proto__` are ordinary keys). Stored objects are deep-frozen copies: a caller can
 * neither change what is stored nor see a later write through an object it holds.
 * Invoice versions are decimal counters starting at `'1'`; every write is atomic because it
 * runs without an `await` between its checks and its changes, which is also what makes an
 * invoice write, its outbox effects and its idempotency completion commit together.
 * Evidence is appended in O(1); leases and idempotency records expire by `options.clock`.
 * Synchronous (nothing to connect to), so a Worker can build it at module scope; `await` on
 * it works as on `createPostgresStore`.
 *
 * @example
 * const store = createMemoryStore({ seed: { accounts: { acc_1: { walletDomains: ['shop.example'] } } } });
 * await store.hasWalletDomain('acc_1', 'shop.example') // true
 * await store.hasWalletDomain('acc_2', 'shop.example') // false
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): Store {
  if (options !== null && typeof options === 'object' && 'accounts' in options) throw new TypeError(SEED_ONLY_MESSAGE);
  const { seed = {}, clock } = options;
  const now = clock === undefined ? Date.now : () => clock().getTime();
  const accounts = new Map<string, AccountData>();
  for (const [accountID, accountSeed] of Object.entries(seed.accounts ?? {})) {
    const account = emptyAccount();
    fill(account, accountSeed);
    accounts.set(accountID, account);
  }
  const outbox: MemoryOutbox = createMemoryOutbox(now, freshUuid);
  const idempotency: MemoryIdempotency = createMemoryIdempotency(now, freshUuid);
  // Reads answer already-settled promises without an async wrapper or a closure per call
  // (nothing here can throw, so there is no synchronous throw an async function would catch).
  const accountOf = (accountID: string): AccountData | undefined => accounts.get(accountID);
  const completeWith = (accountID: string, completion: IdempotencyCompletion | undefined): void => {
    if (completion !== undefined) idempotency.complete(accountID, completion);
  };
  /** The fencing check of a write: its completion's token must still hold the key in flight. */
  const checkHeld = (accountID: string, completion: IdempotencyCompletion | undefined): void => {
    if (completion !== undefined && !idempotency.holds(accountID, completion.key, completion.lockToken)) throw new IdempotencyKeyLostError();
  };

  const scheduleOf = (accountID: string, scheduleID: string): Schedule | undefined => accountOf(accountID)?.schedules.get(scheduleID);
  const adjustmentOf = (accountID: string, adjustmentID: string): Adjustment | undefined => accountOf(accountID)?.adjustments.get(adjustmentID);

  const store: Store = {
    getSchedule: (accountID, scheduleID) => Promise.resolve(scheduleOf(accountID, scheduleID)),
    getInvoice: (accountID, invoiceID) => Promise.resolve(accountOf(accountID)?.invoices.get(invoiceID)),
    async compareAndSetInvoice(accountID, invoice: Invoice, expectedVersion, extras?: WriteExtras) {
      const account = accounts.get(accountID);
      const current = account?.invoices.get(invoice.invoiceID);
      if (account === undefined || current === undefined) return { ok: false, reason: 'not-found' };
      if (current.version !== expectedVersion) return { ok: false, reason: 'conflict' };
      // Every check that can refuse the write runs before the first change.
      checkHeld(accountID, extras?.idempotency);
      const effects = outbox.prepare(accountID, extras?.effects ?? []);
      const stored = frozenCopy(invoice);
      const version = String(Number(current.version) + 1);
      account.invoices.set(invoice.invoiceID, { invoice: stored, version });
      outbox.commit(effects);
      completeWith(accountID, extras?.idempotency);
      return { ok: true, version };
    },
    getDispute: (accountID, disputeID) => Promise.resolve(accountOf(accountID)?.disputes.get(disputeID)),
    async addEvidence(accountID, evidence, extras?: Pick<WriteExtras, 'idempotency'>) {
      const account = accounts.get(accountID);
      if (account?.disputes.has(evidence.disputeID) !== true) return { ok: false, reason: 'not-found' };
      checkHeld(accountID, extras?.idempotency);
      const record = frozenCopy(evidence);
      const list = account.evidence.get(evidence.disputeID);
      if (list === undefined) account.evidence.set(evidence.disputeID, { records: [record], snapshot: undefined });
      else {
        list.records.push(record);
        list.snapshot = undefined;
      }
      completeWith(accountID, extras?.idempotency);
      return { ok: true };
    },
    listEvidence: async (accountID, disputeID) => {
      const list = accounts.get(accountID)?.evidence.get(disputeID);
      return list === undefined ? NO_EVIDENCE : snapshotOf(list);
    },
    getAdjustment: (accountID, adjustmentID) => Promise.resolve(adjustmentOf(accountID, adjustmentID)),
    hasWalletDomain: async (accountID, domain) => accounts.get(accountID)?.walletDomains.has(domain.toLowerCase()) === true,
    claimEffects: async (input) => outbox.claim(input),
    completeEffect: async (effectID, claimToken) => outbox.complete(effectID, claimToken),
    releaseEffect: async (effectID, claimToken, retryInMs, error) => outbox.release(effectID, claimToken, retryInMs, error),
    unclaimEffect: async (effectID, claimToken) => outbox.unclaim(effectID, claimToken),
    markEffectDead: async (effectID, claimToken, error) => outbox.markDead(effectID, claimToken, error),
    redriveEffects: async (filter) => outbox.redrive(checkRedriveFilter(filter)),
    listDeadEffects: async (input) => outbox.listDead({ ...input, limit: deadPageSize(input?.limit) }),
    outboxStats: async () => outbox.stats(),
    beginIdempotentRequest: async (accountID, input) => idempotency.begin(accountID, input),
    completeIdempotentRequest: async (accountID, completion) => {
      idempotency.complete(accountID, completion);
    },
    releaseIdempotentRequest: async (accountID, key, lockToken) => {
      idempotency.release(accountID, key, lockToken);
    },
    renewIdempotentRequest: async (accountID, key, lockToken, lockMs) => idempotency.renew(accountID, key, lockToken, lockMs),
    // Nothing here waits (every call settles at once, every write applied when called), so a
    // deadline has nothing to end: the store is its own view. Called on a host's wrapper (a
    // Proxy, a `{ ...store }` copy), it answers nothing, and the handler races the wrapper.
    within(this: unknown): Store | undefined {
      return this === store ? store : undefined;
    },
  };
  // GET schedule and GET adjustment read these without a promise (store/settled-reads.ts),
  // while the store's own methods are in place.
  const { getSchedule, getAdjustment } = store;
  answersAtOnce(store, {
    getSchedule: (accountID, scheduleID) =>
      store.getSchedule === getSchedule ? scheduleOf(accountID, scheduleID) : Promise.resolve(store.getSchedule(accountID, scheduleID)),
    getAdjustment: (accountID, adjustmentID) =>
      store.getAdjustment === getAdjustment ? adjustmentOf(accountID, adjustmentID) : Promise.resolve(store.getAdjustment(accountID, adjustmentID)),
  });
  return store;
}
