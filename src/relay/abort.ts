/**
 * Throws the signal's reason when `signal` is already aborted (a delivery that ran out of time).
 *
 * @example
 * throwIfAborted(context.signal)
 */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw signal.reason instanceof Error ? signal.reason : new Error('the delivery was aborted');
}

/**
 * `work`, rejected early with the signal's reason when `signal` aborts first (the work itself
 * goes on; its outcome is then ignored, never an unhandled rejection).
 *
 * @example
 * await untilAborted(jetstream.publish(subject, data), context.signal)
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  work.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason instanceof Error ? signal.reason : new Error('the delivery was aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
