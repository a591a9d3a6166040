import { unrefTimeout } from '../../http/core/timers.js';

/** A signal that aborts after `ms` or when `parent` aborts, and `clear()` to release its timer and listener. */
export type Deadline = { readonly signal: AbortSignal; clear(): void };

/**
 * A deadline for one request: aborts with a `TimeoutError` carrying `message` after `ms`, or
 * with the parent's reason when `parent` aborts first. Runtime-neutral (no `AbortSignal.any`).
 *
 * @example
 * const deadline = startDeadline(10_000, context.signal, 'no answer within 10 s');
 * try { await fetch(url, { signal: deadline.signal }); } finally { deadline.clear(); }
 */
export function startDeadline(ms: number, parent: AbortSignal | undefined, message: string): Deadline {
  const controller = new AbortController();
  const onParentAbort = (): void => controller.abort(parent?.reason);
  if (parent?.aborted === true) onParentAbort();
  else parent?.addEventListener('abort', onParentAbort, { once: true });
  const timer = unrefTimeout(() => {
    const error = new Error(message);
    error.name = 'TimeoutError';
    controller.abort(error);
  }, ms);
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onParentAbort);
    },
  };
}
