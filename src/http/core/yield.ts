/**
 * Lets the event loop run what is waiting (other requests' I/O and timers) before the caller
 * goes on. Runtime-neutral: `setTimeout(0)` exists in Node, Bun, Deno and Workers (in a
 * request's context), where `setImmediate` is Node's alone. In Node a zero timeout waits about
 * 1 ms, which is paid only by the large bodies that call this.
 *
 * @example
 * if (bytes.byteLength > YIELD_ABOVE_BYTES) await yieldToEventLoop();
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
