/**
 * Calls a host's callback (`onError`, `onResponse`, a reporter) so that it can never change an
 * answer or stop the server: an absent callback is skipped, a throwing one is ignored.
 *
 * @example
 * callGuarded(options.onError, error, { requestId });
 */
export function callGuarded<A extends readonly unknown[]>(callback: ((...args: A) => unknown) | undefined, ...args: A): void {
  if (callback === undefined) return;
  try {
    callback(...args);
  } catch {
    // A failing host callback must not change the answer or stop delivery.
  }
}
