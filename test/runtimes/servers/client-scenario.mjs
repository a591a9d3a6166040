// The client's scenario, run INSIDE a runtime (Bun, Deno, workerd): payments-kit/client from
// dist/ against the app's handler in process (the handler as the client's fetch), so the
// runtime's own fetch types, AbortController, timers and crypto carry it. Served at
// GET /__client-scenario by the servers that wrap their app with `withClientScenario`.
import { createClient } from '../../../dist/client/index.js';
import { DEMO_IDS } from '../../../dist/reference/demo-data.js';

const { accountID, scheduleID, invoiceID, disputeID, adjustmentID, walletDomain } = DEMO_IDS;
const options = { baseUrl: 'https://in-process.test', token: 'demo-all-scopes', backoff: { initialMs: 1, maxMs: 2 } };

/** Runs every operation once (plus a dropped answer and a hung fetch) and summarises the results. */
async function run(handler) {
  const client = createClient({ ...options, fetch: handler });
  const schedule = await client.getSchedule({ accountID, scheduleID });
  const local = await client.updateInvoice({ accountID, invoiceID }, { status: 'bogus' });
  const updated = await client.updateInvoice({ accountID, invoiceID }, { description: 'from the client' });
  const evidence = await client.uploadEvidenceText({ accountID, disputeID }, { evidenceType: 'receipt', text: 'client scenario' });
  let calls = 0;
  // The first answer is lost after the handler committed: the retry replays under the same key.
  const flaky = createClient({ ...options, fetch: async (request) => { const response = await handler(request); if (calls++ === 0) throw new TypeError('connection dropped'); return response; } });
  const replayed = await flaky.uploadEvidenceText({ accountID, disputeID }, { evidenceType: 'other', text: 'dropped once' });
  const session = await client.createWalletSession({ accountID }, { domain: walletDomain, displayName: 'Shop' });
  const adjustment = await client.getAdjustment({ accountID, adjustmentID });
  const hung = createClient({ ...options, fetch: () => new Promise(() => {}), timeoutMs: 50 });
  const timeout = await hung.getSchedule({ accountID, scheduleID });
  // One hung attempt abandoned at attemptTimeoutMs, the retry answered; a redirect and a bounded body.
  let tries = 0;
  const once = createClient({ ...options, attemptTimeoutMs: 300, fetch: (request) => (tries++ === 0 ? new Promise(() => {}) : handler(request)) });
  const retried = await once.updateInvoice({ accountID, invoiceID }, { description: 'after a hung attempt' });
  const moved = await createClient({ ...options, fetch: async () => new Response(null, { status: 307, headers: { location: 'https://elsewhere.test/' } }) }).uploadEvidenceText(
    { accountID, disputeID },
    { evidenceType: 'other', text: 'never sent elsewhere' },
  );
  const endless = new ReadableStream({ pull: (controller) => controller.enqueue(new Uint8Array(1024)) });
  const big = await createClient({ ...options, maxResponseBytes: 4096, fetch: async () => new Response(endless, { status: 200 }) }).getSchedule({ accountID, scheduleID });
  return {
    schedule: [schedule.status, schedule.ok && schedule.data.scheduleID === scheduleID],
    local: [local.status, local.local, local.attempts],
    updated: [updated.status, updated.ok && updated.data.description, /^[0-9a-f-]{36}$/.test(updated.idempotencyKey ?? '')],
    evidence: [evidence.status, evidence.ok && evidence.data.text],
    replayed: [replayed.status, replayed.replayed, replayed.attempts],
    session: [session.status, typeof (session.ok && session.data)],
    adjustment: [adjustment.status, adjustment.ok && adjustment.data.adjustmentID === adjustmentID],
    timeout: [timeout.kind, timeout.attempts],
    retried: [retried.status, retried.attempts, retried.headers?.get('x-request-id') === retried.requestId],
    moved: [moved.kind, moved.status, moved.location, moved.outcome],
    big: [big.kind, big.attempts],
  };
}

/**
 * The app's fetch function, answering GET /__client-scenario with the scenario's summary.
 *
 * @example
 * Bun.serve({ fetch: withClientScenario(createApp()) })
 */
export function withClientScenario(handler) {
  return async (request) => {
    if (new URL(request.url).pathname !== '/__client-scenario') return handler(request);
    return Response.json(await run(handler));
  };
}
