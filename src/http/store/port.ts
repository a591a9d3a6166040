import type { InvoiceEffect } from '../../invoice/index.js';
import type { Adjustment, EvidenceText, Invoice, Schedule } from '../../schemas/index.js';

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
 * The one deadline of a request's store work: every store call of the request gets what is left
 * of it, never a budget of its own. On `performance.now()`'s monotonic clock. Made by
 * `storeDeadline(budgetMs)`.
 */
export type StoreDeadline = {
  /** When the request's store work must have ended, on `performance.now()`'s clock. */
  readonly at: number;
  /** The whole budget the deadline was made with (`storeTimeoutMs`): the database's own backstop. */
  readonly budgetMs: number;
};

/**
 * The storage port. Every method is async and account-scoped: a resource stored under
 * account A is never visible through account B (it reads as absent). Returned objects
 * must not be mutated by the caller, and later writes must not change them.
 */
export interface Store {
  /**
   * The database behind the store, as OpenTelemetry's `db.system.name` names it (`postgresql`
   * for the PostgreSQL store); absent for a store that is no database (the memory store).
   * Only read for the spans of store calls.
   */
  readonly system?: string;
  /** The schedule, or `undefined` when the account has none with this ID. */
  getSchedule(accountID: string, scheduleID: string): Promise<Schedule | undefined>;
  /** The invoice and its current version token, or `undefined`. */
  getInvoice(accountID: string, invoiceID: string): Promise<VersionedInvoice | undefined>;
  /**
   * Replaces the invoice `invoice.invoiceID` only when its current version is
   * `expectedVersion`, atomically: of two writers holding the same version, exactly one
   * succeeds and the other gets `conflict`. A missing invoice gives `not-found`.
   * `extras.effects` enter the outbox and `extras.idempotency` completes its record in the
   * same transaction as the write: all of it commits, or (conflict, not-found, failure) none.
   * An effect whose `effectID` the outbox already holds (pending or delivered) fails the whole
   * write (it rejects and nothing is stored). A completion whose `lockToken` no longer holds its
   * key in flight (a retry took the key over after the lease ran out, or it was released) fails
   * the whole write: it rejects with `IdempotencyKeyLostError` and nothing is stored (the check
   * runs in the write's own transaction, so a request that lost its key never commits beside
   * its successor).
   */
  compareAndSetInvoice(accountID: string, invoice: Invoice, expectedVersion: string, extras?: WriteExtras): Promise<CompareAndSetResult>;
  /** The dispute, or `undefined`. */
  getDispute(accountID: string, disputeID: string): Promise<Dispute | undefined>;
  /**
   * Appends an evidence record to its dispute (`evidence.disputeID`) without rewriting the
   * ones before it; `not-found` when the dispute is absent. `extras.idempotency` completes its
   * record in the same transaction; a completion whose `lockToken` no longer holds its key fails
   * the write with `IdempotencyKeyLostError`, as in {@link Store.compareAndSetInvoice}.
   */
  addEvidence(accountID: string, evidence: EvidenceText, extras?: Pick<WriteExtras, 'idempotency'>): Promise<AddEvidenceResult>;
  /** The dispute's evidence records in the order they were added (empty when none or no dispute). */
  listEvidence(accountID: string, disputeID: string): Promise<readonly EvidenceText[]>;
  /** The adjustment, or `undefined`. */
  getAdjustment(accountID: string, adjustmentID: string): Promise<Adjustment | undefined>;
  /** True when `domain` is registered for wallet payments on the account; compared ignoring ASCII case. */
  hasWalletDomain(accountID: string, domain: string): Promise<boolean>;

  /**
   * Claims up to `limit` pending effects, oldest first, for `leaseMs`: effects not yet
   * delivered, whose retry time has come and that no live claim holds. Two concurrent
   * callers never receive the same effect; an effect whose claim expired is claimable again.
   * Crosses accounts (the outbox is one queue); each effect names its account.
   */
  claimEffects(input: ClaimEffectsInput): Promise<readonly ClaimedEffect[]>;
  /**
   * Marks the effect delivered (it is never claimed again); `false` (and no change) when
   * `claimToken` no longer holds it: another claim took it after the lease ran out, or it was
   * completed or released already. A claim whose lease ran out but that nobody took since still holds.
   */
  completeEffect(effectID: string, claimToken: string): Promise<boolean>;
  /**
   * A failed delivery: frees the claim and makes the effect claimable again after
   * `retryInMs` (0: at once); `error` is kept for operators. `false` (and no change) when
   * `claimToken` no longer holds it. The effect keeps its place in the queue and its attempt count.
   */
  releaseEffect(effectID: string, claimToken: string, retryInMs: number, error?: string): Promise<boolean>;
  /**
   * A claim given back undelivered (a drain met an effect it had tried already): frees the claim,
   * makes the effect claimable at once and takes back the attempt that claim counted, so that
   * the attempt numbers count deliveries tried. `false` (and no change) when `claimToken` no
   * longer holds it.
   */
  unclaimEffect(effectID: string, claimToken: string): Promise<boolean>;
  /**
   * A delivery that failed for the last time (the dispatcher's `maxAttempts`): frees the claim
   * and marks the effect dead with `error`, the time and its attempt count. A dead effect is
   * never claimed and never deleted (not even by pruning) until {@link Store.redriveEffects}.
   * `false` (and no change) when `claimToken` no longer holds it.
   */
  markEffectDead(effectID: string, claimToken: string, error: string): Promise<boolean>;
  /**
   * Makes the dead effects `filter` selects claimable again at once, with a fresh attempt count
   * (their last error stays until the next attempt); resolves with how many. Pending and
   * delivered effects are not touched.
   */
  redriveEffects(filter: RedriveFilter): Promise<number>;
  /** Dead effects, oldest first (outbox order), `limit` at most, after the effect `after` (a page cursor). */
  listDeadEffects(input: ListDeadEffectsInput): Promise<readonly DeadEffect[]>;
  /** Counts of the outbox, for monitoring: pending, in flight, dead, oldest pending age, recent deliveries. */
  outboxStats(): Promise<OutboxStats>;

  /**
   * Starts an idempotent request under the account-scoped `key`. Of two concurrent callers
   * with one key, exactly one gets `started`; the other gets `in-flight` (same fingerprint),
   * `mismatch` (another fingerprint) or, once the first completed, `completed` with its answer.
   * A record past its `ttlMs` (counted from the begin that created it), or in flight past its
   * lease (`lockMs` from the begin or from the last {@link Store.renewIdempotentRequest}), counts
   * as absent. A completed record is always replayed while its TTL lasts.
   */
  beginIdempotentRequest(accountID: string, input: BeginIdempotentInput): Promise<BeginIdempotentResult>;
  /**
   * Stores the answer of a request that wrote nothing to the store (e.g. a wallet session), so a
   * retry replays it. A no-op when the record is completed already (its write stored the answer)
   * or when `lockToken` no longer holds it.
   */
  completeIdempotentRequest(accountID: string, completion: IdempotencyCompletion): Promise<void>;
  /** Forgets an in-flight record held by `lockToken` (its request answered 5xx, so a retry runs again); a completed record stays. */
  releaseIdempotentRequest(accountID: string, key: string, lockToken: string): Promise<void>;
  /**
   * Extends the lease of the in-flight record held by `lockToken` to `lockMs` from now (the
   * request is still running); `false` (and no change) when the token no longer holds it.
   */
  renewIdempotentRequest(accountID: string, key: string, lockToken: string, lockMs: number): Promise<boolean>;

  /**
   * Optional: a view of this store whose every call ends by `deadline`, the request's one
   * deadline (each call gets what is left of it). Its promise: a call that rejects with
   * `StoreUnavailableError` of outcome `none` left nothing behind (never sent, or the database
   * cancelled or rolled it back); one that may have committed rejects with outcome `unknown`.
   * A store whose calls never wait (the memory store) returns itself.
   *
   * It must answer only for the object it is called on: a host's wrapper (a `Proxy`, or
   * `{ ...store, getInvoice: timed }`) that does not define `within` itself reaches the wrapped
   * store's method with `this` set to the wrapper, and the store then returns `undefined`, so
   * that `createHandler` races the wrapper's own calls instead of bypassing it (see
   * docs/storage.md, "One deadline per request"). Without `within`, every call is raced against
   * the deadline: the work goes on in the store, and an overtaken write is outcome `unknown`.
   */
  within?(deadline: StoreDeadline): Store | undefined;

  /**
   * Optional: calls `onEffects` whenever another connection or process commits effects into
   * this store's outbox (e.g. PostgreSQL `LISTEN/NOTIFY`), so a started dispatcher delivers at
   * once instead of on its next poll. A hint only: a call may come with nothing to claim, and
   * while the subscription is disconnected none come (the dispatcher keeps polling). Failures
   * (a lost connection, a reconnect that failed) go to `options.onError`, never thrown, and the
   * subscription retries by itself until `close()`. A store without it is simply polled.
   */
  subscribeToEffects?(onEffects: () => void, options?: EffectSubscriptionOptions): Promise<EffectSubscription>;
}

/** Options of {@link Store.subscribeToEffects}. */
export type EffectSubscriptionOptions = {
  /** A lost or refused listening connection (the subscription reconnects by itself). */
  readonly onError?: (error: unknown) => void;
};

/** A live {@link Store.subscribeToEffects} subscription. */
export type EffectSubscription = {
  /** Stops listening and closes what the subscription opened; idempotent. */
  close(): Promise<void>;
};

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

// ---------------------------------------------------------------------------------------
// Durability: the transactional effect outbox and idempotency records.
// ---------------------------------------------------------------------------------------

/** An effect as the handler hands it to the store, to commit with the write that caused it. */
export type NewEffect = {
  /** Stable and unique: what a consumer deduplicates on (delivery is at least once). */
  readonly effectID: string;
  /** The request whose write caused the effect. */
  readonly requestId: string;
  readonly effect: InvoiceEffect;
  /**
   * The writing request's trace context (the propagator's headers as a JSON object, e.g.
   * `{"traceparent":"00-..."}`), kept so that the delivery joins the request's trace; absent
   * when the request was not traced. Stored and returned unchanged by {@link Store.claimEffects}.
   */
  readonly traceContext?: string;
};

/** An effect claimed from the outbox for delivery (see {@link Store.claimEffects}). */
export type ClaimedEffect = {
  readonly effectID: string;
  readonly accountID: string;
  readonly requestId: string;
  readonly effect: InvoiceEffect;
  /** How many claims this effect has had, this one included (1 on the first delivery attempt). */
  readonly attempt: number;
  /** The token that proves this claim; completing or releasing with another token does nothing. */
  readonly claimToken: string;
  /** The trace context the effect was written with ({@link NewEffect.traceContext}), when it had one. */
  readonly traceContext?: string;
};

/** A dead effect (see {@link Store.markEffectDead}): the effect, where it came from, and how it last failed. */
export type DeadEffect = {
  readonly effectID: string;
  readonly accountID: string;
  readonly requestId: string;
  readonly effect: InvoiceEffect;
  /** How many delivery attempts it had. */
  readonly attempts: number;
  /** The last attempt's error, as the dispatcher described it (`Name: message`). */
  readonly lastError: string;
  /** When it was marked dead (RFC 3339, UTC, milliseconds). */
  readonly diedAt: string;
};

/**
 * Which dead effects {@link Store.redriveEffects} revives: every one, one by effect ID, or
 * those of one effect type; `accountID` narrows any of them to one account.
 */
export type RedriveFilter = { readonly accountID?: string } & ({ readonly all: true } | { readonly effectID: string } | { readonly type: string });

/** What {@link Store.listDeadEffects} is asked for. */
export type ListDeadEffectsInput = {
  /** At most this many (1 or more). */
  readonly limit: number;
  /** The `effectID` of the last effect of the previous page; an unknown ID gives an empty page. */
  readonly after?: string;
  /** Only this account's dead effects. */
  readonly accountID?: string;
};

/** The outbox at a glance (see {@link Store.outboxStats}). */
export type OutboxStats = {
  /** Effects neither delivered nor dead (those in flight included). */
  readonly pending: number;
  /** Pending effects a live claim holds (being delivered now). */
  readonly inFlight: number;
  /** Dead effects, waiting for a redrive. */
  readonly dead: number;
  /** How long the oldest pending effect has waited since its write, in ms; `null` when none is pending. */
  readonly oldestPendingAgeMs: number | null;
  /** Effects delivered in the last hour. */
  readonly deliveredLastHour: number;
};

/** What {@link Store.claimEffects} is asked for. */
export type ClaimEffectsInput = {
  /** At most this many effects. */
  readonly limit: number;
  /** How long the claim holds; after it, another dispatcher may claim the effect again. */
  readonly leaseMs: number;
};

/** A stored answer of an idempotent request: replayed byte for byte on a retry. */
export type IdempotentAnswer = {
  readonly status: number;
  /** Headers that matter for a replay (e.g. `retry-after`, `www-authenticate`); never `x-request-id`. */
  readonly headers: Readonly<Record<string, string>>;
  /** The serialized JSON body, or `undefined` for an empty body. */
  readonly body: string | undefined;
};

/** What {@link Store.beginIdempotentRequest} is asked for. */
export type BeginIdempotentInput = {
  readonly key: string;
  /** Identifies the request: a digest of method, path and body bytes. */
  readonly fingerprint: string;
  /** A completed record is kept this long, then the key is free again. */
  readonly ttlMs: number;
  /**
   * The lease of the in-flight record: unless renewed ({@link Store.renewIdempotentRequest})
   * within this time, its request is taken to have died (its process crashed or lost the
   * database) and a retry may begin the key again.
   */
  readonly lockMs: number;
};

/** The outcome of {@link Store.beginIdempotentRequest}. */
export type BeginIdempotentResult =
  /** The caller owns the key now and must run the request, then complete or release it. */
  | { readonly state: 'started'; readonly lockToken: string }
  /** The same key and fingerprint are being run by another request right now. */
  | { readonly state: 'in-flight' }
  /** The key was used with a different fingerprint (another request). */
  | { readonly state: 'mismatch' }
  /** The key's request has completed: replay this answer. */
  | { readonly state: 'completed'; readonly answer: IdempotentAnswer };

/** An idempotency record to complete in the same transaction as a write. */
export type IdempotencyCompletion = {
  readonly key: string;
  readonly lockToken: string;
  readonly answer: IdempotentAnswer;
};

/** What a write may commit together with its own change (all or nothing). */
export type WriteExtras = {
  /** Effects to put in the outbox (invoice writes). */
  readonly effects?: readonly NewEffect[];
  /** The idempotency record to complete with the write's answer. */
  readonly idempotency?: IdempotencyCompletion;
};
