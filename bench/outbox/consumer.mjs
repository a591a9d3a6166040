// The side every outbox-bench consumer process shares (bench/outbox.bench.ts): it prints
// "ready" once set up, waits for "go" on stdin before it starts consuming, and reports each
// delivery as "d <id> <epoch ms>" (sub-millisecond: timeOrigin + now(), the clock the parent
// reads too), buffered and flushed every 20 ms so that printing costs little and the same for
// every system. SIGTERM stops the consumer, flushes and exits; so does MAX_LIFE_MS in any case.
const MAX_LIFE_MS = 330_000;
const FLUSH_MS = 20;

/** The wall clock, sub-millisecond, that the parent reads too. */
export const now = () => performance.timeOrigin + performance.now();

let buffered = [];
const flush = () => {
  if (buffered.length === 0) return;
  process.stdout.write(buffered.join(''));
  buffered = [];
};
setInterval(flush, FLUSH_MS).unref();

/** Records that the effect `id` was handed to this process's no-op delivery just now. */
export function delivered(id) {
  buffered.push(`d ${id} ${now().toFixed(3)}\n`);
}

/** Prints an error line (the parent shows them; none is expected). */
export function reportError(where, error) {
  flush();
  console.log(`error ${where} ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Says "ready", resolves on the parent's "go", and then runs `start`; on SIGTERM runs the
 * `stop` that `start` resolved with, flushes and exits.
 */
export async function serve(start) {
  setTimeout(() => process.exit(3), MAX_LIFE_MS).unref();
  let stop = async () => undefined;
  let stopping = false;
  process.on('SIGTERM', () => {
    if (stopping) return;
    stopping = true;
    stop()
      .catch((error) => reportError('stop', error))
      .finally(() => {
        flush();
        process.exit(0);
      });
  });
  const go = new Promise((resolve) => {
    let input = '';
    process.stdin.on('data', (chunk) => {
      input += chunk.toString();
      if (/^go$/m.test(input)) resolve();
    });
  });
  console.log('ready');
  await go;
  stop = await start();
  console.log(`started ${now().toFixed(3)}`);
}
