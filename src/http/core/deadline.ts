/** The outcome of {@link withDeadline}: the value, `timeout`, or `aborted` (the parent signal aborted first). */
export type DeadlineResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly reason: 'timeout' | 'aborted' };

/**
 * Runs `task` with a signal that aborts after `ms` or when `parent` (optional) aborts, and answers
 * `timeout` when the deadline passes first, `aborted` when `parent` aborts first (the
 * client went away; the task's later outcome is ignored either way). A task that throws
 * before either rethrows.
 *
 * Nothing outlives the call: the task's signal belongs to a plain `AbortController` (not
 * `AbortSignal.any`, whose combined signal Node keeps alive for as long as it has a listener,
 * so a task that adds a `{ once: true }` listener that never fires would pin it for the life
 * of the process); the one listener added to `parent` and the timer are removed as soon as
 * the call settles, whatever the task left on its signal.
 *
 * @example
 * const result = await withDeadline((signal) => fetch(url, { signal }), 5_000, request.signal);
 * if (!result.ok) return errorReply(504, 'the provider did not respond in time');
 */
export async function withDeadline<T>(
  task: (signal: AbortSignal) => Promise<T>,
  ms: number,
  parent?: AbortSignal,
): Promise<DeadlineResult<T>> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let followParent: () => void = () => undefined;
  const stopped = new Promise<DeadlineResult<T>>((resolve) => {
    followParent = () => {
      controller.abort(parent?.reason);
      resolve({ ok: false, reason: 'aborted' });
    };
    timer = setTimeout(() => {
      controller.abort(new DOMException('downstream timeout', 'TimeoutError'));
      resolve({ ok: false, reason: 'timeout' });
    }, ms);
  });
  // Without a parent (a store call has no client to follow), nothing listens: no listener per call.
  if (parent?.aborted === true) followParent();
  else parent?.addEventListener('abort', followParent, { once: true });
  try {
    const work = Promise.resolve()
      .then(() => task(controller.signal))
      .then((value): DeadlineResult<T> => ({ ok: true, value }));
    // A rejection after the deadline must not become an unhandled rejection.
    work.catch(() => undefined);
    return await Promise.race([work, stopped]);
  } finally {
    clearTimeout(timer);
    parent?.removeEventListener('abort', followParent);
  }
}
