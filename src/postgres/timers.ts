/**
 * The two small runtime helpers the adapter needs, its own so that it depends only on what
 * `payments-kit/http` exports.
 */

/** A timer handle as both Node (an object) and other runtimes (a number) return it. */
export type TimerHandle = ReturnType<typeof setTimeout>;

/**
 * `setTimeout` that never keeps a Node process alive (`unref` where the runtime has it).
 *
 * @example
 * const timer = unrefTimeout(() => retry(), 1_000);
 */
export function unrefTimeout(callback: () => void, ms: number): TimerHandle {
  const timer = setTimeout(callback, ms);
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

/**
 * Calls a host's callback (`onError`, `onEffects`) so that a throwing one can never stop the
 * adapter: an absent callback is skipped, an exception ignored.
 *
 * @example
 * callHost(onError, error);
 */
export function callHost<A extends readonly unknown[]>(callback: ((...args: A) => unknown) | undefined, ...args: A): void {
  if (callback === undefined) return;
  try {
    callback(...args);
  } catch {
    // The host's callback failed: nothing of the adapter depends on it.
  }
}
