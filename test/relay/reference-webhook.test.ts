import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { runServe } from '../../src/cli/serve.js';
import { DEMO_IDS, startReferenceServer } from '../../src/reference/index.js';
import { WEBHOOK_MESSAGES } from '../../src/relay/webhook/index.js';
import { until } from './helpers.js';
import { type Receiver, startReceiver } from './webhook-receiver.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe('the reference server posts its effects as signed webhooks', () => {
  it('a finalized invoice arrives at --webhook-url verified by standardwebhooks, webhook-id = the effect ID; a 500 is retried', async () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const receiver: Receiver = await startReceiver(secret);
    closers.push(() => receiver.close());
    receiver.script.push(500);
    const lines: string[] = [];
    const server = await startReferenceServer({ port: 0, log: (line) => lines.push(line), webhook: { url: receiver.url, secret } });
    closers.push(() => server.close());
    const response = await fetch(`${server.url}/accounts/${DEMO_IDS.accountID}/invoices/${DEMO_IDS.invoiceID}`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer demo-all-scopes', 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'unpaid', dueDate: '2026-05-01T00:00:00Z' }),
    });
    expect(response.status).toBe(200);
    await until(() => receiver.received.some((r) => r.status === 200), 15_000, 'the webhook delivered');
    expect(receiver.received.map((r) => [r.status, r.verified])).toEqual([
      [500, true],
      [200, true],
    ]);
    const [first, second] = receiver.received;
    expect(first?.id).toBe(second?.id);
    const envelope = JSON.parse(second?.body ?? '') as { type: string; effectID: string; accountID: string; data: { invoiceID: string } };
    expect(envelope).toMatchObject({ type: 'invoice.finalized', effectID: second?.id, accountID: DEMO_IDS.accountID, data: { invoiceID: DEMO_IDS.invoiceID } });
    expect(lines).toContain(`Effects are posted as signed webhooks to ${new URL(receiver.url).origin}`);
  });

  it('serve refuses one webhook flag without the other, a bad URL and a bad secret (exit 2)', async () => {
    const errors: string[] = [];
    const io: CliIo = { out: () => undefined, err: (line) => errors.push(line), readInput: async () => new Uint8Array() };
    const never = () => undefined;
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    expect(await runServe(['--port', '0', '--webhook-url', 'http://127.0.0.1:1/'], io, {}, never)).toBe(2);
    expect(await runServe(['--port', '0', '--webhook-secret', secret], io, {}, never)).toBe(2);
    expect(await runServe(['--port', '0', '--webhook-url', 'ftp://x/', '--webhook-secret', secret], io, {}, never)).toBe(2);
    expect(await runServe(['--port', '0', '--webhook-url', 'http://127.0.0.1:1/', '--webhook-secret', 'short'], io, {}, never)).toBe(2);
    expect(errors.filter((line) => !line.includes('--help'))).toEqual([
      'payments-kit serve: give --webhook-url and --webhook-secret together',
      'payments-kit serve: give --webhook-url and --webhook-secret together',
      `payments-kit serve: ${WEBHOOK_MESSAGES.url}`,
      `payments-kit serve: ${WEBHOOK_MESSAGES.secret}`,
    ]);
  });
});
