// What every dispatcher child process does about its life: it exits after MAX_LIFE_MS in any
// case, and on SIGTERM after stop() and the pool's end.
const MAX_LIFE_MS = 120_000;

/** Bounds the child's life and makes SIGTERM stop `dispatcher` and end `pool` before exiting. */
export function stopOnSigterm(dispatcher, pool) {
  setTimeout(() => process.exit(3), MAX_LIFE_MS).unref();
  process.on('SIGTERM', () => {
    dispatcher
      .stop()
      .then(() => pool.end())
      .finally(() => process.exit(0));
  });
}
