// A dispatcher process for the wake-up tests: the BUILT package's createEffectDispatcher over a
// PostgreSQL server, polling only every 30 s, so that a fast delivery can only come from NOTIFY.
// env: PG_URL, PG_SCHEMA; for bench/wake-ups.bench.ts also POLL_MS (default 30000) and
// LISTEN ("0": a store without subscribeToEffects, i.e. polling only). Prints "ready", then per delivery "delivered <effectID> <epoch ms>"
// (sub-millisecond: timeOrigin + now()), and "error <stage> <message>" for each onError.
// Exits on SIGTERM (after stop()), or after MAX_LIFE_MS in any case.
import pg from 'pg';
import { createEffectDispatcher } from '../../../dist/http/index.js';
import { createPostgresStore } from '../../../dist/postgres/index.js';
import { stopOnSigterm } from './lifecycle.mjs';

const pool = new pg.Pool({ connectionString: process.env.PG_URL, max: 4 });
pool.on('error', () => undefined);
const postgres = await createPostgresStore({ client: pool, schema: process.env.PG_SCHEMA, migrate: false });
const store = process.env.LISTEN === '0' ? { ...postgres, subscribeToEffects: undefined } : postgres;
const dispatcher = createEffectDispatcher({
  store,
  concurrency: 8,
  pollIntervalMs: Number(process.env.POLL_MS ?? 30_000),
  deliver(effect) {
    console.log(`delivered ${effect.effectID} ${(performance.timeOrigin + performance.now()).toFixed(3)}`);
  },
  onError: (error, context) => console.log(`error ${context.stage} ${error instanceof Error ? error.message : String(error)}`),
});
dispatcher.start();
console.log('ready');
stopOnSigterm(dispatcher, pool);
