// payments-kit's consumer for bench/outbox.bench.ts: the BUILT package's createEffectDispatcher
// over createPostgresStore on a default pg.Pool, with every option at its default (concurrency
// 4, pollIntervalMs 1 000, LISTEN/NOTIFY through the store's subscribeToEffects). env: PG_URL,
// OPTIONS (JSON laid over the dispatcher's options, for the tuned rows; default none).
import pg from 'pg';
import { createEffectDispatcher } from '../../dist/http/index.js';
import { createPostgresStore } from '../../dist/postgres/index.js';
import { delivered, reportError, serve } from './consumer.mjs';

const pool = new pg.Pool({ connectionString: process.env.PG_URL });
pool.on('error', (error) => reportError('pool', error));
const store = await createPostgresStore({ client: pool, migrate: false });
const options = JSON.parse(process.env.OPTIONS ?? '{}');

await serve(async () => {
  const dispatcher = createEffectDispatcher({
    ...options,
    store,
    deliver(effect) {
      delivered(effect.effectID);
    },
    onError: (error, context) => reportError(context.stage, error),
  });
  dispatcher.start();
  return async () => {
    await dispatcher.stop();
    await pool.end();
  };
});
