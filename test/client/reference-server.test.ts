import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { DEMO_IDS } from '../../src/reference/index.js';
import { type Started, startServer, stopServer } from '../postgres/reference-process.js';

// The client over real HTTP against `payments-kit serve` (the built CLI, as a user runs it:
// `npx payments-kit serve`, memory store, demo data and tokens).
const bin = resolve(import.meta.dirname, '../../dist/cli/index.js');
const { accountID, scheduleID, invoiceID, disputeID, adjustmentID, walletDomain } = DEMO_IDS;

describe.skipIf(!existsSync(bin))('the client against payments-kit serve (built dist/)', () => {
  let served: Started | undefined;
  beforeAll(async () => {
    served = await startServer([bin, 'serve'], { DATABASE_URL: '' });
  }, 90_000);
  afterAll(async () => {
    if (served !== undefined) await stopServer(served);
  });
  const client = (token = 'demo-all-scopes') => createClient({ baseUrl: served?.url ?? '', token, retries: 0 });

  it('every operation: its success, checked against the resource schemas', async () => {
    const api = client();
    const results = [
      await api.getSchedule({ accountID, scheduleID }),
      await api.updateInvoice({ accountID, invoiceID }, { description: 'from the client' }),
      await api.uploadEvidenceText({ accountID, disputeID }, { evidenceType: 'receipt', text: 'Delivered' }),
      await api.createWalletSession({ accountID }, { domain: walletDomain, displayName: 'Shop' }),
      await api.getAdjustment({ accountID, adjustmentID }),
    ];
    expect(results.map((result) => [result.ok, result.status, result.kind])).toEqual([
      [true, 200, 'answer'],
      [true, 200, 'answer'],
      [true, 201, 'answer'],
      [true, 200, 'answer'],
      [true, 200, 'answer'],
    ]);
    expect(results.every((result) => /^[\w=-]{1,255}$/.test(result.requestId))).toBe(true);
  });

  it('401, 403, 404 and 409 as typed error answers', async () => {
    const statuses = [
      (await client('nobody').getSchedule({ accountID, scheduleID })).status,
      (await client('demo-read-only').updateInvoice({ accountID, invoiceID }, { description: 'x' })).status,
      (await client().getAdjustment({ accountID, adjustmentID: 'none' })).status,
      (await client().createWalletSession({ accountID }, { domain: 'elsewhere.example.com', displayName: 'Shop' })).status,
    ];
    expect(statuses).toEqual([401, 403, 404, 409]);
  });

  it("a local 422 is the server's 422 for the same body, byte for byte", async () => {
    const body = { lineItems: { items: [{ name: 'Latte', quantity: 2, basePrice: { currency: 'USD', valueDecimal: '4.5000000001' } }] }, status: 'bogus' };
    const local = await client().updateInvoice({ accountID, invoiceID }, body as never);
    const response = await fetch(`${served?.url ?? ''}/accounts/${accountID}/invoices/${invoiceID}`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer demo-all-scopes', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(local).toMatchObject({ ok: false, kind: 'answer', local: true, status: response.status });
    if (!local.ok && local.kind === 'answer') expect(JSON.stringify(local.body)).toBe(await response.text());
  });

  it('a write repeated under its key is replayed, not run again', async () => {
    const api = client();
    const first = await api.uploadEvidenceText({ accountID, disputeID }, { evidenceType: 'other', text: 'once' }, { idempotencyKey: 'client-ref-1' });
    const again = await api.uploadEvidenceText({ accountID, disputeID }, { evidenceType: 'other', text: 'once' }, { idempotencyKey: 'client-ref-1' });
    expect([first.ok, first.ok && first.replayed, again.ok && again.replayed]).toEqual([true, false, true]);
    if (first.ok && again.ok) expect(again.data).toEqual(first.data);
  });

  it('answered results carry the headers; a failed write its outcome; per-call options and appInfo go out', async () => {
    const api = createClient({ baseUrl: served?.url ?? '', token: 'demo-all-scopes', retries: 0, appInfo: { name: 'reference-test', version: '1.0.0' } });
    const read = await api.getSchedule({ accountID, scheduleID }, { timeoutMs: 10_000, attemptTimeoutMs: 5_000, headers: { 'x-caller': 'test' } });
    expect(read.ok && read.headers.get('x-request-id')).toBe(read.requestId);
    const refused = await api.updateInvoice({ accountID, invoiceID: 'c0ffee00-0000-4000-8000-000000000000' }, { description: 'nowhere' });
    expect(refused).toMatchObject({ ok: false, kind: 'answer', status: 404, local: false, outcome: 'none' });
  });
});
