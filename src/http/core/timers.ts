/** A timer handle as both Node (an object) and browsers or Workers (a number) return it. */
export type TimerHandle = ReturnType<typeof setTimeout>;

/**
 * `setTimeout` that never keeps a Node process alive (`unref` where the runtime has it).
 *
 * @example
 * const timer = unrefTimeout(() => poll(), 1_000);
 * clearTimeout(timer);
 */
export function unrefTimeout(callback: () => void, ms: number): TimerHandle {
  const timer = setTimeout(callback, ms);
  (timer as { unref?: () => void }).unref?.();
  return timer;
}
