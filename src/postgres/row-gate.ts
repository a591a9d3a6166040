import { unrefTimeout } from './timers.js';
import { StoreUnavailableError, type StoreDeadline, remainingMs } from '../http/index.js';

/** How many writes may wait in one process for one row before more are refused (each holds only memory). */
export const MAX_WAITERS_PER_ROW = 64;

/**
 * One process's writers of one row take turns: at most one holds a pooled connection (and so
 * waits on the row's lock in the database); the others wait here, in memory, until it ends or
 * their own deadline passes. A row locked elsewhere then holds one connection per process, not
 * one per waiting request, and every other row keeps the rest of the pool.
 */
export type RowGate = {
  /**
   * Runs `write` once no other write of `row` runs in this process; a write that could not
   * start before `deadline` is refused with `StoreUnavailableError('timeout')` (never sent: nothing
   * written), and one that finds {@link MAX_WAITERS_PER_ROW} waiting already with `contention`.
   */
  run<T>(row: string, deadline: StoreDeadline, write: () => Promise<T>): Promise<T>;
  /** How many rows have a write running (for tests and monitoring). */
  readonly size: number;
};

type Waiter = { start(): void; readonly timer: ReturnType<typeof setTimeout> };

/**
 * A {@link RowGate}: a map from row to its queue of waiters, present only while a write of the
 * row runs (an idle row costs nothing).
 *
 * @example
 * const gate = createRowGate();
 * await gate.run(`invoice:${accountID}:${invoiceID}`, deadline, () => query(sql.compareAndSetInvoice, params));
 */
export function createRowGate(maxWaiters = MAX_WAITERS_PER_ROW): RowGate {
  const rows = new Map<string, Waiter[]>();
  const next = (row: string): void => {
    const queue = rows.get(row);
    const waiter = queue?.shift();
    if (waiter === undefined) rows.delete(row);
    else waiter.start();
  };
  const hold = <T>(row: string, write: () => Promise<T>): Promise<T> => {
    let running: Promise<T>;
    try {
      running = write();
    } catch (error) {
      running = Promise.reject(error);
    }
    return running.finally(() => next(row));
  };
  return {
    run(row, deadline, write) {
      const left = remainingMs(deadline);
      if (left === 0) return Promise.reject(new StoreUnavailableError('timeout'));
      const queue = rows.get(row);
      if (queue === undefined) {
        rows.set(row, []);
        return hold(row, write);
      }
      if (queue.length >= maxWaiters) return Promise.reject(new StoreUnavailableError('contention'));
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          start() {
            clearTimeout(waiter.timer);
            hold(row, write).then(resolve, reject);
          },
          timer: unrefTimeout(() => {
            const at = queue.indexOf(waiter);
            if (at !== -1) queue.splice(at, 1);
            reject(new StoreUnavailableError('timeout'));
          }, left),
        };
        queue.push(waiter);
      });
    },
    get size() {
      return rows.size;
    },
  };
}
