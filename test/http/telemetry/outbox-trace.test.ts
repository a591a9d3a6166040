import { spawn } from 'node:child_process';
import { beforeEach, describe, expect, it } from 'vitest';
import { createEffectDispatcher, createHandler, createMemoryStore, type Store } from '../../../src/http/index.js';
import { createPostgresStore } from '../../../src/postgres/index.js';
import { describeRealPostgres, useRealPool } from '../../postgres/helpers.js';
import { A, INVOICE_ID, bearer, seed, testOptions } from '../helpers.js';
import { createTracing, only, openTelemetry, traceparent } from './otel.js';

const tracing = createTracing();
beforeEach(() => tracing.reset());

const PATCH_NAME = 'PATCH /accounts/{accountID}/invoices/{invoiceID}';

/** PATCHes the seeded invoice to unpaid (one `invoice.finalized` effect) under a client's trace. */
async function finalize(store: Store, header: string, requestId = 'req-finalize'): Promise<void> {
  const handler = createHandler(testOptions({ store, tracer: tracing.tracer, openTelemetry }));
  const response = await handler(
    new Request(`http://localhost/accounts/${A}/invoices/${INVOICE_ID}`, {
      method: 'PATCH',
      headers: { ...bearer('all'), 'content-type': 'application/json', traceparent: header, 'x-request-id': requestId },
      body: JSON.stringify({ status: 'unpaid' }),
    }),
  );
  expect(response.status).toBe(200);
}

describe('the trace across the outbox', () => {
  it("a delivery is a span in the writing request's trace, child of its commit, with effect ID, type, attempt and outcome", async () => {
    const store = createMemoryStore({ seed: seed() });
    const client = traceparent();
    await finalize(store, client.header);
    let calls = 0;
    const dispatcher = createEffectDispatcher({
      store,
      tracer: tracing.tracer,
      openTelemetry,
      // The retry comes due only after the drain that failed it (exactly 300 ms: no jitter): a
      // drain parks an effect whose retry comes due during it, and that claim counts an attempt,
      // so a 1 ms retry made the delivered attempt 3 on a loaded machine.
      retry: { initialDelayMs: 300, maxDelayMs: 300 },
      random: () => 1,
      deliver: () => {
        calls += 1;
        if (calls === 1) throw new Error('mail server down: token tok-123');
      },
    });
    await dispatcher.drain();
    await new Promise((resolve) => setTimeout(resolve, 350));
    await dispatcher.drain();
    const spans = await tracing.spans();
    const commit = only(spans, 'store compareAndSetInvoice');
    const deliveries = spans.filter((span) => span.name === 'deliver invoice.finalized');
    expect(deliveries).toHaveLength(2);
    for (const delivery of deliveries) {
      expect(delivery.spanContext().traceId).toBe(client.traceId);
      expect(delivery.parentSpanContext?.spanId).toBe(commit.spanContext().spanId);
    }
    const [failed, delivered] = deliveries;
    const effectID = failed?.attributes['payments_kit.effect.id'];
    expect(typeof effectID).toBe('string');
    expect(failed?.attributes).toEqual({
      'payments_kit.effect.id': effectID,
      'payments_kit.effect.type': 'invoice.finalized',
      'payments_kit.effect.attempt': 1,
      'payments_kit.account.id': A,
      'payments_kit.request.id': 'req-finalize',
      'payments_kit.effect.outcome': 'failed',
      'error.type': 'Error',
    });
    expect(failed?.status.code).toBe(2);
    expect(delivered?.attributes['payments_kit.effect.attempt']).toBe(2);
    expect(delivered?.attributes['payments_kit.effect.outcome']).toBe('delivered');
    expect(delivered?.status.code).toBe(0);
    expect(JSON.stringify(spans.map((span) => [span.attributes, span.events, span.status]))).not.toContain('tok-123');
  });

  it("createHandler's onEffect delivers in the request's trace too", async () => {
    const client = traceparent();
    const seen: string[] = [];
    const handler = createHandler(testOptions({ tracer: tracing.tracer, openTelemetry, onEffect: (effect) => void seen.push(effect.type) }));
    await handler(
      new Request(`http://localhost/accounts/${A}/invoices/${INVOICE_ID}`, {
        method: 'PATCH',
        headers: { ...bearer('all'), 'content-type': 'application/json', traceparent: client.header },
        body: JSON.stringify({ status: 'unpaid' }),
      }),
    );
    await handler.effects?.drain();
    await handler.effects?.stop();
    expect(seen).toEqual(['invoice.finalized']);
    const delivery = only(await tracing.spans(), 'deliver invoice.finalized');
    expect(delivery.spanContext().traceId).toBe(client.traceId);
  });

  it('an effect written without a tracer is delivered in a trace of its own; a damaged stored context is ignored', async () => {
    const store = createMemoryStore({ seed: seed() });
    await createHandler(testOptions({ store }))(
      new Request(`http://localhost/accounts/${A}/invoices/${INVOICE_ID}`, {
        method: 'PATCH',
        headers: { ...bearer('all'), 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'unpaid' }),
      }),
    );
    const claims = await store.claimEffects({ limit: 10, leaseMs: 1 });
    expect(claims.map((claim) => claim.traceContext)).toEqual([undefined]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const dispatcher = createEffectDispatcher({ store, tracer: tracing.tracer, openTelemetry, deliver: () => undefined });
    expect(await dispatcher.drain()).toBe(1);
    const delivery = only(await tracing.spans(), 'deliver invoice.finalized');
    expect(delivery.parentSpanContext).toBeUndefined();
  });
});

describeRealPostgres('the trace across processes on PostgreSQL', (url) => {
  const { pool, schemas } = useRealPool(url);

  it("a PATCH's effect delivered by a dispatcher in another process shows in the same trace", async () => {
    const schema = `pkt_otel_${process.pid}_${Date.now().toString(36)}`;
    schemas.push(schema);
    const store = await createPostgresStore({ client: pool(), schema, seed: seed() });
    const client = traceparent();
    await finalize(store, client.header, 'req-cross');
    const commit = only(await tracing.spans(), 'store compareAndSetInvoice');
    expect(commit.attributes['db.system.name']).toBe('postgresql');
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/http/telemetry/delivery-process.ts'], {
      env: { ...process.env, PG_URL: url, PG_SCHEMA: schema },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, out).toBe(0);
    const line = out.split('\n').find((l) => l.startsWith('spans '));
    const { delivered, finished } = JSON.parse(line?.slice('spans '.length) ?? '{}') as {
      delivered: number;
      finished: { name: string; traceId: string; parentSpanId?: string; attributes: Record<string, unknown> }[];
    };
    expect(delivered).toBe(1);
    const delivery = finished.find((span) => span.name === 'deliver invoice.finalized');
    expect(delivery?.traceId).toBe(client.traceId);
    expect(delivery?.parentSpanId).toBe(commit.spanContext().spanId);
    expect(delivery?.attributes['payments_kit.request.id']).toBe('req-cross');
    expect(delivery?.attributes['payments_kit.effect.outcome']).toBe('delivered');
  }, 60_000);
});
