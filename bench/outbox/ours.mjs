// payments-kit's consumer for bench/outbox.bench.ts: the BUILT package's createEffectDispatcher
// over createPostgresStore on a default pg.Pool, with every option at its default (concurrency
// 4, pollIntervalMs 1 000, LISTEN/NOTIFY through the store's subscribeToEffects). env: PG_URL,
// OPTIONS (JSON laid over the dispatcher's options, for the tuned rows; default none), DIST (another
// built copy, for the "payments-kit before" row; default this tree's dist/).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { delivered, reportError, serve } from './consumer.mjs';

const dist = resolve(process.env.DIST ?? 'dist');
const { createEffectDispatcher } = await import(pathToFileURL(`${dist}/http/index.js`).href);
const { createPostgresStore } = await import(pathToFileURL(`${dist}/postgres/index.js`).href);

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
