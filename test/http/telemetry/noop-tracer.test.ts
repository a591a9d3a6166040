import * as otel from '@opentelemetry/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHandler } from '../../../src/http/index.js';
import { A, INVOICE_ID, SCHEDULE_ID, bearer, testOptions } from '../helpers.js';
import { openTelemetry, traceparent } from './otel.js';

// @opentelemetry/api's own no-op tracer (no SDK registered globally), its startSpan observed.
const noop = otel.trace.getTracer('payments-kit-noop-test');
const PATCH_INIT = { method: 'PATCH', body: JSON.stringify({ description: 'x' }) };

afterEach(() => vi.restoreAllMocks());

describe('with a tracer whose spans neither record nor carry a trace', () => {
  it('starts the server span only: no child span per store call, the ports stay the host\'s own', async () => {
    const started = vi.spyOn(noop, 'startSpan');
    const store = testOptions().store;
    const read = vi.spyOn(store, 'getInvoice');
    const handler = createHandler(testOptions({ store, tracer: noop, openTelemetry }));
    const headers = { ...bearer('all'), 'content-type': 'application/json' };
    expect((await handler(new Request(`http://localhost/accounts/${A}/invoices/${INVOICE_ID}`, { ...PATCH_INIT, headers }))).status).toBe(200);
    expect(started.mock.calls.map(([name]) => name)).toEqual(['PATCH']);
    expect(read.mock.contexts[0]).toBe(store);
  });

  it('with an incoming traceparent (a trace to carry), makes the child spans as before', async () => {
    const started = vi.spyOn(noop, 'startSpan');
    const handler = createHandler(testOptions({ tracer: noop, openTelemetry }));
    const headers = { ...bearer('all'), traceparent: traceparent().header };
    expect((await handler(new Request(`http://localhost/accounts/${A}/schedules/${SCHEDULE_ID}`, { headers }))).status).toBe(200);
    expect(started.mock.calls.map(([name]) => name)).toEqual(['GET', 'store getSchedule']);
  });
});
