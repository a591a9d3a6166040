/**
 * Waits `ms` milliseconds; resolves `true`, or `false` as soon as `signal` aborts.
 *
 * @example
 * await pause(250, controller.signal) // true after 250 ms, false if aborted first
 */
export function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve(!signal.aborted);
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
