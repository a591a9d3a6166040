/**
 * A store call bounded by the request's deadline: the one place that says how.
 *
 * A request's store work has ONE deadline (`storeTimeoutMs` from the start of its operation);
 * every call gets what is left of it. The handler asks the store the host passed for a view
 * that carries the deadline ({@link Store.within}); a store without one (or a host's wrapper
 * that does not make its own) gets a raced view built here on the store the host passed, so a
 * wrapper is never bypassed. Deadlines are on `performance.now()`'s monotonic clock (present in
 * Node, Bun, Deno, Workers and browsers): a wall-clock step never stretches or cuts one.
 */
import { unrefTimeout } from '../core/timers.js';
import { STORE_METHODS } from '../core/option-checks.js';
import { StoreUnavailableError } from './errors.js';
import type { Store, StoreDeadline } from './port.js';

export type { StoreDeadline } from './port.js';

/**
 * A deadline `budgetMs` from now.
 *
 * @example
 * const deadline = storeDeadline(5_000);
 * remainingMs(deadline) // 5000 at first, then less; 0 once passed
 */
export function storeDeadline(budgetMs: number): StoreDeadline {
  return { at: performance.now() + budgetMs, budgetMs };
}

/**
 * Milliseconds left before `deadline`, rounded up; 0 once it passed.
 *
 * @example
 * remainingMs(storeDeadline(100)) // 100
 */
export function remainingMs(deadline: StoreDeadline): number {
  const left = Math.ceil(deadline.at - performance.now());
  return left > 0 ? left : 0;
}

/** Every call of the store port, by name (what a raced view bounds). */
export const STORE_CALLS: readonly (keyof Store)[] = Object.freeze([
  ...STORE_METHODS.operations,
  ...STORE_METHODS.outbox,
  'redriveEffects',
  'listDeadEffects',
  'outboxStats',
  ...STORE_METHODS.idempotency,
] as const);

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
 * A store call raced against `ms`: settles as the call does, or rejects with `expired()` once
 * `ms` passed first (the call's later outcome is then ignored, a later rejection included). One
 * promise and one timer, no `AbortController`; a call that throws at once rejects without
 * starting the timer; the timer never keeps a Node process alive and is cleared as soon as the
 * call settles.
 *
 * @example
 * const invoice = await raceDeadline(() => store.getInvoice(a, id), 5_000, () => new StoreUnavailableError('timeout'));
 */
export function raceDeadline<T>(task: () => PromiseLike<T> | T, ms: number, expired: () => unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const work = task();
    const timer = unrefTimeout(() => reject(expired()), ms);
    Promise.resolve(work).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * The view of a store that cannot end its own work at a deadline: a call made once the deadline
 * passed is refused without being sent (nothing written); any other call is raced against what
 * is left, on the store the host passed (its wrapper included). A write the deadline overtakes
 * may still commit later, so it rejects with outcome `unknown`. One object per view, its
 * methods on the prototype.
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
 * `store` with every call bounded by `deadline`: the store's own {@link Store.within} view when
 * it makes one for this very object (the PostgreSQL store cancels the work in the database; the
 * memory store answers itself), else a raced view over `store`. A rejection past the deadline is
 * `StoreUnavailableError('timeout')`, which the handler answers 504 with `Retry-After`.
 *
 * @example
 * const view = storeWithin(store, storeDeadline(5_000));
 * await view.getInvoice('acc_1', 'inv_1'); // or StoreUnavailableError once the 5 s are spent
 */
export function storeWithin(store: Store, deadline: StoreDeadline): Store {
  return store.within?.(deadline) ?? (new RacedView(store, deadline) as unknown as Store);
}

/**
 * A factory of one request's store view (`createHandler` calls it when an operation starts).
 * `direct` is set when every view is the store itself (a store whose calls never wait, such as
 * the memory store): a caller may use it and skip the call, no deadline being needed.
 */
export type StoreViews = (() => Store) & { readonly direct?: Store };

/**
 * How a handler makes each request's view of `store`: {@link storeWithin} with a deadline of
 * `budgetMs` from the call. Asked once here whether the store answers itself; then the factory
 * is `direct` and makes no deadline at all.
 *
 * @example
 * const storeFor = requestStores(store, 5_000);
 * const view = storeFor(); // one request's store: its calls all end within 5 s from now
 */
export function requestStores(store: Store, budgetMs: number): StoreViews {
  // A probe that reads no clock: only whether the store answers itself matters here.
  if (store.within?.({ at: Number.POSITIVE_INFINITY, budgetMs }) === store) return Object.assign(() => store, { direct: store });
  return () => storeWithin(store, storeDeadline(budgetMs));
}

/**
 * `store` with a deadline of `timeoutMs` of its own on every call (a fresh {@link storeWithin}
 * view per call): what the handler uses for its bookkeeping after an answer is decided
 * (completing or releasing an idempotency key, renewing its lease). A store that answers itself
 * is returned as it is.
 *
 * @example
 * const store = withStoreDeadline(createMyStore(), 5_000);
 * await store.getInvoice('acc_1', 'inv_1'); // or StoreUnavailableError after 5 s
 */
export function withStoreDeadline(store: Store, timeoutMs: number): Store {
  const views = requestStores(store, timeoutMs);
  if (views.direct !== undefined) return views.direct;
  const bounded: Record<string, AnyCall> = {};
  for (const name of STORE_CALLS) {
    if (typeof store[name] !== 'function') continue;
    bounded[name] = (...args) => {
      const view = views();
      return (view[name] as AnyCall).apply(view, args);
    };
  }
  if (store.system !== undefined) bounded['system'] = store.system as never;
  return bounded as unknown as Store;
}
