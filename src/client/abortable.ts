/**
 * `work`, or a rejection with the signal's reason as soon as `signal` aborts: a `fetch`
 * function that ignores its request's signal (a wrapper, a handler called in process) cannot
 * hold a call past its deadline.
 *
 * @example
 * const response = await abortable(fetch(request), controller.signal);
 */
export function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort);
    work.then(
      (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
      (error: unknown) => (signal.removeEventListener('abort', onAbort), reject(error)),
    );
  });
}
