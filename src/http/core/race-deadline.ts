import { unrefTimeout } from './timers.js';

/**
 * The light race of a task against a deadline, for callers that need no signal (store calls):
 * one promise and one timer, no `AbortController`. Settles as `task`'s promise does, or rejects
 * with `expired()` once `ms` passed first (the task's later outcome is then ignored, a later
 * rejection included). A task that throws at once rejects without starting the timer. The
 * timer never keeps a Node process alive and is cleared as soon as the task settles.
 *
 * @example
 * const invoice = await raceDeadline(() => store.getInvoice(a, id), 5_000, () => new StoreUnavailableError('timeout'));
 */
export function raceDeadline<T>(task: () => T | PromiseLike<T>, ms: number, expired: () => unknown): Promise<T> {
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
