// The client against the alternatives, each calling the SAME in-process handler (the handler as
// the client's fetch, so no socket cost hides the client's own): GET schedule and PATCH invoice.
//   - payments-kit/client `createClient`: request validation, typed results, answer checks
//     against the resource schemas (ScheduleSchema, InvoiceSchema);
//   - payments-kit/client `createTransport` + the operation functions: request validation, no
//     answer checks (what a bundle-conscious service imports);
//   - openapi-fetch 0.17 (no validation: the cost of ours is the difference);
//   - @moovio/sdk 26.7 (zod parsing of every answer and request).
//   - payments-kit/client with `tracer` (the OpenTelemetry SDK, a BatchSpanProcessor into an
//     in-memory exporter, the W3C propagator): the cost of a CLIENT span and `traceparent` per call.
// The first contender of each group, the ratios' baseline, is ours without answer checks (the
// same work as openapi-fetch: no answer checked on either side).
// Contenders run interleaved, round after round (bench/compare.ts), so a busy moment of the
// shared machine falls on all of them. The handler runs with `idempotency: false` so that every
// contender's PATCH costs the server the same (ours sends an Idempotency-Key, the others do not).
// Everything of ours is imported from the BUILT package (dist/).
// Run: npm run build && node --import tsx bench/client.bench.ts   (or: npm run bench -- client)
import * as otel from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BatchSpanProcessor, InMemorySpanExporter, TracerProvider } from '@opentelemetry/sdk-trace';
import { Moov } from '@moovio/sdk';
import { HTTPClient } from '@moovio/sdk/lib/http.js';
import createFetchClient from 'openapi-fetch';
import { compare } from './compare.js';
import { importBuilt } from './http/built-package.js';

const { createHandler, createMemoryStore, createStaticAuth } = await importBuilt<typeof import('../src/http/index.js')>('dist', 'http/index.js');
const { DEMO_IDS, DEMO_SEED, DEMO_TOKENS } = await importBuilt<typeof import('../src/reference/index.js')>('dist', 'reference/index.js');
const { createClient, createTransport, getSchedule, updateInvoice } = await importBuilt<typeof import('../src/client/index.js')>('dist', 'client/index.js');

const handler = createHandler({ store: createMemoryStore({ seed: DEMO_SEED }), auth: createStaticAuth(DEMO_TOKENS), idempotency: false });
const fetch = (request: Request): Promise<Response> => handler(request);
const baseUrl = 'https://payments.test';
const token = 'demo-all-scopes';
const { accountID, scheduleID, invoiceID } = DEMO_IDS;
const patch = { description: 'Coffee for the office' };

const ours = createClient({ baseUrl, token, fetch });
const lean = createTransport({ baseUrl, token, fetch });
otel.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
const exporter = new InMemorySpanExporter();
const tracer = new TracerProvider({ spanProcessors: [new BatchSpanProcessor({ exporter, maxQueueSize: 1_000_000, maxExportBatchSize: 512 })] }).getTracer('bench');
setInterval(() => exporter.reset(), 200).unref();
const traced = createTransport({ baseUrl, token, fetch, tracer, openTelemetry: otel });
const openapi = createFetchClient<Record<string, never>>({ baseUrl, fetch, headers: { authorization: `Bearer ${token}`, 'x-service-version': 'v2026.04.00' } });
const moov = new Moov({ serverURL: baseUrl, accessToken: token, httpClient: new HTTPClient({ fetcher: (input, init) => handler(new Request(input, init)) }) });

// Untyped for openapi-fetch: its types come from an openapi-typescript file, which changes nothing at run time.
const get = openapi.GET as unknown as (path: string, init: object) => Promise<{ data?: unknown; response: Response }>;
const patchOpenapi = openapi.PATCH as unknown as (path: string, init: object) => Promise<{ data?: unknown; response: Response }>;

const contenders = {
  schedule: [
    { name: 'payments-kit/client getSchedule (no answer check)', fn: async () => (await getSchedule(lean, { accountID, scheduleID })).status },
    { name: 'openapi-fetch 0.17 (no validation)', fn: async () => (await get('/accounts/{accountID}/schedules/{scheduleID}', { params: { path: { accountID, scheduleID } } })).response.status },
    { name: 'payments-kit/client getSchedule with tracer (SDK)', fn: async () => (await getSchedule(traced, { accountID, scheduleID })).status },
    { name: 'payments-kit/client createClient (validated, answer checked)', fn: async () => (await ours.getSchedule({ accountID, scheduleID })).status },
    { name: '@moovio/sdk 26.7 (zod)', fn: async () => ((await moov.scheduling.get({ accountID, scheduleID })).result.scheduleID === scheduleID ? 200 : 0) },
  ],
  invoice: [
    { name: 'payments-kit/client updateInvoice (body validated, no answer check)', fn: async () => (await updateInvoice(lean, { accountID, invoiceID }, patch)).status },
    {
      name: 'openapi-fetch 0.17 (no validation)',
      fn: async () => (await patchOpenapi('/accounts/{accountID}/invoices/{invoiceID}', { params: { path: { accountID, invoiceID } }, body: patch })).response.status,
    },
    { name: 'payments-kit/client updateInvoice with tracer (SDK)', fn: async () => (await updateInvoice(traced, { accountID, invoiceID }, patch)).status },
    { name: 'payments-kit/client createClient (validated, answer checked)', fn: async () => (await ours.updateInvoice({ accountID, invoiceID }, patch)).status },
    { name: '@moovio/sdk 26.7 (zod)', fn: async () => ((await moov.invoices.updateInvoice({ accountID, invoiceID, updateInvoice: patch })).result.invoiceID === invoiceID ? 200 : 0) },
  ],
};

// Every contender must get its 200 before anything is timed.
for (const group of Object.values(contenders)) {
  for (const contender of group) {
    const status = await contender.fn();
    if (status !== 200) throw new Error(`${contender.name}: ${status}, not 200`);
  }
}
const ok = await ours.getSchedule({ accountID, scheduleID });
if (!ok.ok) throw new Error(`the answer check refused the schedule: ${JSON.stringify(ok)}`);

const time = Number(process.env.BENCH_TIME_MS ?? 400);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const { loadavg } = await import('node:os');
console.log(`load average at the start: ${loadavg()[0]?.toFixed(1)}`);
await compare(
  [
    { title: 'GET schedule through each client (in-process handler), requests/s', contenders: contenders.schedule },
    { title: 'PATCH invoice through each client (in-process handler), requests/s', contenders: contenders.invoice },
  ],
  { time, rounds },
);
console.log(`load average at the end: ${loadavg()[0]?.toFixed(1)}`);
process.exit(0);
