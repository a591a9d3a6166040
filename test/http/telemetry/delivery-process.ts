// A dispatcher in another process (the cross-process trace test): drains the outbox of a
// PostgreSQL schema once with its own tracer, then prints its finished spans as one JSON line
// ("spans [...]") and exits. env: PG_URL, PG_SCHEMA.
import pg from 'pg';
import { createEffectDispatcher } from '../../../src/http/index.js';
import { createPostgresStore } from '../../../src/postgres/index.js';
import { createTracing, openTelemetry } from './otel.js';

setTimeout(() => process.exit(3), 60_000).unref();
const pool = new pg.Pool({ connectionString: process.env['PG_URL'], max: 2 });
const store = await createPostgresStore({ client: pool, schema: process.env['PG_SCHEMA'] ?? '', migrate: false });
const { tracer, spans } = createTracing();
const dispatcher = createEffectDispatcher({ store, tracer, openTelemetry, deliver: () => undefined });
const delivered = await dispatcher.drain();
const finished = (await spans()).map((span) => ({
  name: span.name,
  traceId: span.spanContext().traceId,
  parentSpanId: span.parentSpanContext?.spanId,
  attributes: span.attributes,
}));
console.log(`spans ${JSON.stringify({ delivered, finished })}`);
await pool.end();
process.exit(0);
