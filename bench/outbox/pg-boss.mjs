// pg-boss's consumer for bench/outbox.bench.ts: `new PgBoss({ connectionString, useListenNotify:
// true })` (everything else at its default) and `work('effects', OPTIONS, handler)` on the queue
// the parent created with `notify: true`. With no OPTIONS the worker is pg-boss's default
// (batchSize 1, localConcurrency 1, pollingIntervalSeconds 2; 30 s while NOTIFY is active).
// env: PG_URL, OPTIONS (JSON work options, for the tuned rows).
import { PgBoss } from 'pg-boss';
import { delivered, reportError, serve } from './consumer.mjs';

const boss = new PgBoss({ connectionString: process.env.PG_URL, useListenNotify: true });
boss.on('error', (error) => reportError('pg-boss', error));
await boss.start();
const options = JSON.parse(process.env.OPTIONS ?? '{}');

await serve(async () => {
  await boss.work('effects', options, async (jobs) => {
    for (const job of jobs) delivered(job.data.id);
  });
  return () => boss.stop({ graceful: true, wait: true });
});
