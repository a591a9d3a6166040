// A dispatcher process for the scale-out tests: the BUILT package's createEffectDispatcher over
// a PostgreSQL server. env: PG_URL, PG_SCHEMA, LEASE_MS, DELIVERY_TIMEOUT_MS, DELIVERY_MS (how
// long each delivery takes), HANG ("1": every delivery hangs, for the kill test).
// Prints "ready", then per delivery "delivering <effectID> <attempt>" and "delivered <effectID> <attempt>".
// Exits on SIGTERM (after stop()), or after MAX_LIFE_MS in any case.
import pg from 'pg';
import { createEffectDispatcher } from '../../../dist/http/index.js';
import { createPostgresStore } from '../../../dist/postgres/index.js';
import { stopOnSigterm } from './lifecycle.mjs';

const pool = new pg.Pool({ connectionString: process.env.PG_URL, max: 4 });
pool.on('error', () => undefined);
const store = await createPostgresStore({ client: pool, schema: process.env.PG_SCHEMA });
const deliveryMs = Number(process.env.DELIVERY_MS ?? 0);
const deliveryTimeoutMs = Number(process.env.DELIVERY_TIMEOUT_MS ?? 10_000);
const dispatcher = createEffectDispatcher({
  store,
  concurrency: 4,
  pollIntervalMs: 50,
  deliveryTimeoutMs,
  leaseMs: Number(process.env.LEASE_MS ?? 2 * deliveryTimeoutMs),
  async deliver(effect, { attempt }) {
    console.log(`delivering ${effect.effectID} ${attempt}`);
    if (process.env.HANG === '1') await new Promise(() => undefined);
    if (deliveryMs > 0) await new Promise((resolve) => setTimeout(resolve, deliveryMs));
    console.log(`delivered ${effect.effectID} ${attempt}`);
  },
  onError: (error, context) => console.log(`error ${context.stage} ${context.effectID ?? '-'}: ${error instanceof Error ? error.message : String(error)}`),
});
dispatcher.start();
console.log('ready');
stopOnSigterm(dispatcher, pool);
