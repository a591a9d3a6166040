import { raceDeadline } from '../core/race-deadline.js';
import { STORE_METHODS } from '../core/option-checks.js';
import { StoreUnavailableError } from './errors.js';
import type { Store } from './port.js';
import { type StoreDeadline, remainingMs, storeDeadline } from './store-deadline.js';

/** Every call of the store port, by name (what {@link withStoreDeadline} bounds). */
export const STORE_CALLS: readonly (keyof Store)[] = Object.freeze([...STORE_METHODS.operations, ...STORE_METHODS.outbox, ...STORE_METHODS.idempotency]);

/**
 * The calls whose success changes what a client reads back (an invoice write, an evidence
 * record): one of them that the deadline overtook may still commit, so its 504 says the outcome
 * is unknown. Every other call is a read or the handler's own bookkeeping.
 */
export const WRITE_CALLS: ReadonlySet<string> = new Set<keyof Store>(['compareAndSetInvoice', 'addEvidence']);

type AnyCall = (...args: unknown[]) => Promise<unknown>;

/** The error of a call `name` that its deadline overtook: a write may still commit, so its outcome is unknown. */
const overtaken = (name: string): (() => StoreUnavailableError) => {
  const outcome = WRITE_CALLS.has(name) ? 'unknown' : 'none';
  return () => new StoreUnavailableError('timeout', undefined, outcome);
};

/**
 * `store` with a deadline of `timeoutMs` on every call: the store's own
 * {@link Store.bounded} view when it has one (which also cancels the work in the database),
 * else every call raced against the deadline by `raceDeadline` (the work goes on, its outcome
 * is ignored). A call past its deadline rejects with `StoreUnavailableError('timeout')`, which
 * the handler answers 504 with `Retry-After`.
 *
 * @example
 * const store = withStoreDeadline(createMyStore(), 5_000);
 * await store.getInvoice('acc_1', 'inv_1'); // or StoreUnavailableError after 5 s
 */
export function withStoreDeadline(store: Store, timeoutMs: number): Store {
  if (typeof store.bounded === 'function') return store.bounded(timeoutMs);
  const bounded: Record<string, AnyCall> = {};
  for (const name of STORE_CALLS) {
    const call = (store as unknown as Record<string, AnyCall | undefined>)[name];
    if (typeof call !== 'function') continue;
    const expired = overtaken(name);
    bounded[name] = (...args) => raceDeadline(() => call.apply(store, args), timeoutMs, expired);
  }
  if (store.system !== undefined) bounded['system'] = store.system as never;
  return bounded as unknown as Store;
}

/**
 * A request's view of a store that cannot end its own work at a deadline: a call made once the
 * deadline passed is refused without being sent (nothing written); any other call is raced
 * against what is left. A write the deadline overtakes may still commit later, so it rejects
 * with outcome `unknown`; a store that answers at once (the memory store) always wins the race,
 * so its 504s are all "nothing written". One object per request, its methods on the prototype.
 */
class RacedView {
  readonly inner: Store;
  readonly deadline: StoreDeadline;

  constructor(inner: Store, deadline: StoreDeadline) {
    this.inner = inner;
    this.deadline = deadline;
  }

  get system(): string | undefined {
    return this.inner.system;
  }
}

for (const name of STORE_CALLS) {
  const expired = overtaken(name);
  Object.defineProperty(RacedView.prototype, name, {
    value(this: RacedView, ...args: unknown[]): Promise<unknown> {
      const left = remainingMs(this.deadline);
      if (left === 0) return Promise.reject(new StoreUnavailableError('timeout'));
      const { inner } = this;
      return raceDeadline(() => (inner[name] as AnyCall).apply(inner, args), left, expired);
    },
  });
}

/**
 * How a handler makes each request's view of `store` (issue 32: one deadline per request, each
 * call gets what is left): the store's own {@link Store.forRequest} when it has one (the
 * PostgreSQL store cancels work in the database and never answers before it knows the outcome;
 * the memory store returns itself), else a raced view over the store's per-call
 * {@link Store.bounded} view (or the store itself, built once here) with a deadline of
 * `budgetMs` from the call.
 *
 * @example
 * const storeFor = requestStores(store, 5_000);
 * const view = storeFor(); // one request's store: its calls all end within 5 s from now
 */
export function requestStores(store: Store, budgetMs: number): () => Store {
  const forRequest = store.forRequest;
  if (typeof forRequest === 'function') return () => forRequest.call(store, budgetMs);
  const inner = typeof store.bounded === 'function' ? store.bounded(budgetMs) : store;
  return () => new RacedView(inner, storeDeadline(budgetMs)) as unknown as Store;
}
