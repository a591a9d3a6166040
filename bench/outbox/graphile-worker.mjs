// graphile-worker's consumer for bench/outbox.bench.ts: `run({ connectionString, taskList })`
// with its defaults (concurrency 1, pollInterval 2 000, LISTEN/NOTIFY on, which it always uses),
// signal handling left to this script and a logger that prints only errors (its default logs a
// line per job). env: PG_URL, OPTIONS (JSON laid over run's options, for the tuned rows).
import { Logger, run } from 'graphile-worker';
import { delivered, reportError, serve } from './consumer.mjs';

const logger = new Logger(() => (level, message) => {
  if (level === 'error') reportError('graphile-worker', message);
});
const options = JSON.parse(process.env.OPTIONS ?? '{}');

await serve(async () => {
  const runner = await run({
    ...options,
    connectionString: process.env.PG_URL,
    noHandleSignals: true,
    logger,
    taskList: {
      effect: async (payload) => {
        delivered(payload.id);
      },
    },
  });
  return () => runner.stop();
});
