/**
 * The one deadline of a request's store work (issue 32): every store call of the request gets
 * what is left of it, never a budget of its own. Times are on `performance.now()`'s monotonic
 * clock (present in Node, Bun, Deno, Workers and browsers), so a wall-clock step never stretches
 * or cuts a deadline.
 */
export type StoreDeadline = {
  /** When the request's store work must have ended, on `performance.now()`'s clock. */
  readonly at: number;
  /** The whole budget the deadline was made with (`storeTimeoutMs`): the database's own backstop. */
  readonly budgetMs: number;
};

/**
 * A deadline `budgetMs` from now.
 *
 * @example
 * const deadline = storeDeadline(5_000);
 * remainingMs(deadline) // 5000 at first, then less; 0 once passed
 */
export function storeDeadline(budgetMs: number): StoreDeadline {
  return { at: performance.now() + budgetMs, budgetMs };
}

/**
 * Milliseconds left before `deadline`, rounded up; 0 once it passed.
 *
 * @example
 * remainingMs(storeDeadline(100)) // 100
 */
export function remainingMs(deadline: StoreDeadline): number {
  const left = Math.ceil(deadline.at - performance.now());
  return left > 0 ? left : 0;
}
