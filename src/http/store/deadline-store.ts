import { raceDeadline } from '../core/race-deadline.js';
import { STORE_METHODS } from '../core/option-checks.js';
import { StoreUnavailableError } from './errors.js';
import type { Store } from './port.js';

/** Every call of the store port, by name (what {@link withStoreDeadline} bounds). */
export const STORE_CALLS: readonly (keyof Store)[] = Object.freeze([...STORE_METHODS.operations, ...STORE_METHODS.outbox, ...STORE_METHODS.idempotency]);

type AnyCall = (...args: unknown[]) => Promise<unknown>;

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
  const timedOut = (): StoreUnavailableError => new StoreUnavailableError('timeout');
  for (const name of STORE_CALLS) {
    const call = (store as unknown as Record<string, AnyCall | undefined>)[name];
    if (typeof call !== 'function') continue;
    bounded[name] = (...args) => raceDeadline(() => call.apply(store, args), timeoutMs, timedOut);
  }
  return bounded as unknown as Store;
}
