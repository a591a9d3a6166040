import { type TimerHandle, unrefTimeout } from './timers.js';

/** The outcome of {@link withDeadline}: the value, `timeout`, or `aborted` (the parent signal aborted first). */
export type DeadlineResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly reason: 'timeout' | 'aborted' };

/** Where {@link withDeadline} may stop early besides its deadline. */
export type DeadlineOptions = {
  /** A signal whose abort ends the wait with `aborted` (the client went away). */
  readonly parent?: AbortSignal;
  /** The reason the task's signal aborts with at the deadline; default a `TimeoutError` `DOMException`. */
  readonly timeoutReason?: () => unknown;
};

/**
 * The one way the handler races a downstream task that takes a signal against a deadline
 * (wallet provider, auth verifier, rate-limiter backend, effect delivery). A store call's
 * deadline is http/store/deadline.ts's. Runs `task` with a signal that aborts
 * after `ms` or when `options.parent` aborts, and answers `timeout` when the deadline passes
 * first, `aborted` when the parent aborts first (the task's later outcome is ignored either
 * way). A task that throws before either rethrows. The timer never keeps a Node process alive.
 *
 * Nothing outlives the call: the task's signal belongs to a plain `AbortController` (not
 * `AbortSignal.any`, whose combined signal Node keeps alive for as long as it has a listener,
 * so a task that adds a `{ once: true }` listener that never fires would pin it for the life
 * of the process); the one listener added to `parent` and the timer are removed as soon as
 * the call settles, whatever the task left on its signal.
 *
 * @example
 * const result = await withDeadline((signal) => fetch(url, { signal }), 5_000, { parent: request.signal });
 * if (!result.ok) return errorReply(504, 'the provider did not respond in time');
 */
export async function withDeadline<T>(
  task: (signal: AbortSignal) => T | PromiseLike<T>,
  ms: number,
  options: DeadlineOptions = {},
): Promise<DeadlineResult<T>> {
  const { parent, timeoutReason = () => new DOMException('downstream timeout', 'TimeoutError') } = options;
  const controller = new AbortController();
  let timer: TimerHandle | undefined;
  let followParent: () => void = () => undefined;
  const stopped = new Promise<DeadlineResult<T>>((resolve) => {
    followParent = () => {
      controller.abort(parent?.reason);
      resolve(ABORTED);
    };
    timer = unrefTimeout(() => {
      controller.abort(timeoutReason());
      resolve(TIMED_OUT);
    }, ms);
  });
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

const TIMED_OUT = Object.freeze({ ok: false, reason: 'timeout' } as const);
const ABORTED = Object.freeze({ ok: false, reason: 'aborted' } as const);
