/** The outcome of {@link withDeadline}: the value, or `timeout`. */
export type DeadlineResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: 'timeout' };

/**
 * Runs `task` with a signal that aborts after `ms` or when `parent` aborts, and answers
 * `timeout` when the deadline passes first (the task's later outcome is ignored). A task
 * that throws before the deadline rethrows.
 *
 * @example
 * const result = await withDeadline((signal) => fetch(url, { signal }), 5_000, request.signal);
 * if (!result.ok) return errorReply(504, 'the provider did not respond in time');
 */
export async function withDeadline<T>(
  task: (signal: AbortSignal) => Promise<T>,
  ms: number,
  parent: AbortSignal,
): Promise<DeadlineResult<T>> {
  const controller = new AbortController();
  const signal = AbortSignal.any([controller.signal, parent]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<DeadlineResult<T>>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new DOMException('downstream timeout', 'TimeoutError'));
      resolve({ ok: false, reason: 'timeout' });
    }, ms);
  });
  try {
    const work = Promise.resolve()
      .then(() => task(signal))
      .then((value): DeadlineResult<T> => ({ ok: true, value }));
    // A rejection after the deadline must not become an unhandled rejection.
    work.catch(() => undefined);
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
