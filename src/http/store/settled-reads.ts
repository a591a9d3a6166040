/**
 * Reads a store answers at once, without a promise: the memory store registers its own here,
 * keyed by the very store object it returned. The handler asks once, at start-up, for the
 * store the host passed; a wrapper (a Proxy, a `{ ...store }` copy, a traced store) is another
 * object and is never found, so its own methods always run. What a read returns is what the
 * store's promise would have resolved to, the same object; once the store's own method was
 * replaced on the object (a test slowing a read down), the read is that method's promise.
 */
import type { Store } from './port.js';

/**
 * The reads of a store that answers them at once: the values its promises would resolve to,
 * or a promise (a native one) of the method now on the store when it is no longer the store's own.
 */
export type SettledReads = {
  readonly [K in 'getSchedule' | 'getAdjustment']: (...args: Parameters<Store[K]>) => Awaited<ReturnType<Store[K]>> | ReturnType<Store[K]>;
};

const REGISTERED = new WeakMap<Store, SettledReads>();

/**
 * Records that `store` answers `reads` at once (the memory store calls it on itself).
 *
 * @example
 * answersAtOnce(store, { getSchedule: (a, id) => ..., getAdjustment: (a, id) => ... });
 */
export function answersAtOnce(store: Store, reads: SettledReads): void {
  REGISTERED.set(store, reads);
}

/**
 * The reads `store` itself answers at once, or `undefined` (any other store, a wrapper of one included).
 *
 * @example
 * settledReadsOf(createMemoryStore())?.getSchedule('acc_1', 'sch_1') // the schedule or undefined, no promise
 */
export function settledReadsOf(store: Store): SettledReads | undefined {
  return REGISTERED.get(store);
}
