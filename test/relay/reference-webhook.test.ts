import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from '../../src/cli/io.js';
import { CLI_MESSAGES } from '../../src/cli/messages.js';
import { WEBHOOK_SECRET_ENV } from '../../src/cli/webhook-secret.js';
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
    expect(errors.filter((line) => !line.includes('--help') && line !== CLI_MESSAGES.secretOnCommandLine)).toEqual([
      `payments-kit serve: ${CLI_MESSAGES.webhookPair}`,
      `payments-kit serve: ${CLI_MESSAGES.webhookPair}`,
      `payments-kit serve: ${WEBHOOK_MESSAGES.url}`,
      `payments-kit serve: ${WEBHOOK_MESSAGES.secret}`,
    ]);
  });
});

describe('payments-kit serve: where the webhook secret comes from (issue 33)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'payments-kit-secret-'));
  const secretFile = (name: string, text: string): string => {
    const path = join(dir, name);
    writeFileSync(path, text, { mode: 0o600 });
    return path;
  };

  /** Runs `serve` with `args` and `env`, PATCHes the demo invoice, waits for a verified delivery, stops it; the lines it printed. */
  async function serveAndDeliver(secret: string, args: string[], env: Record<string, string>): Promise<{ out: string[]; err: string[]; code: number }> {
    const receiver = await startReceiver(secret);
    closers.push(() => receiver.close());
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line), readInput: (path) => readFile(path) };
    let stop: (signal: string) => void = () => undefined;
    const exit = runServe(['--port', '0', '--webhook-url', receiver.url, ...args], io, env, (s) => (stop = s));
    await until(() => out.some((line) => line.startsWith('store: ')), 15_000, 'the server started');
    const url = /listening on (\S+)/.exec(out.join('\n'))?.[1] ?? '';
    const response = await fetch(`${url}/accounts/${DEMO_IDS.accountID}/invoices/${DEMO_IDS.invoiceID}`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer demo-all-scopes', 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'unpaid', dueDate: '2026-05-01T00:00:00Z' }),
    });
    expect(response.status).toBe(200);
    await until(() => receiver.received.some((r) => r.status === 200), 15_000, 'the webhook delivered');
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    stop('SIGTERM');
    return { out, err, code: await exit };
  }

  it('PAYMENTS_KIT_WEBHOOK_SECRET, --webhook-secret-file and --webhook-secret each sign the deliveries; only the last warns', async () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const fromEnv = await serveAndDeliver(secret, [], { [WEBHOOK_SECRET_ENV]: secret });
    const fromFile = await serveAndDeliver(secret, ['--webhook-secret-file', secretFile('secret', `${secret}\n`)], { [WEBHOOK_SECRET_ENV]: 'whsec_not-this-one' });
    const inline = await serveAndDeliver(secret, ['--webhook-secret', secret], {});
    for (const run of [fromEnv, fromFile, inline]) {
      expect(run.code).toBe(0);
      expect([...run.out, ...run.err].some((line) => line.includes(secret))).toBe(false);
    }
    expect(fromEnv.err).not.toContain(CLI_MESSAGES.secretOnCommandLine);
    expect(fromFile.err).not.toContain(CLI_MESSAGES.secretOnCommandLine);
    expect(inline.err).toContain(CLI_MESSAGES.secretOnCommandLine);
  });

  it('refuses both secret flags, an empty, missing or oversized file, and a bad --allowed-host (exit 2), never printing the secret', async () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const errors: string[] = [];
    const io: CliIo = { out: () => undefined, err: (line) => errors.push(line), readInput: (path) => readFile(path) };
    const never = () => undefined;
    const url = ['--webhook-url', 'http://127.0.0.1:1/'];
    const missing = join(dir, 'missing');
    const cases: [string[], Record<string, string>, string][] = [
      [[...url, '--webhook-secret', secret, '--webhook-secret-file', secretFile('a', secret)], {}, CLI_MESSAGES.secretTwice],
      [[...url, '--webhook-secret-file', secretFile('empty', ' \n')], {}, CLI_MESSAGES.emptySecretFile],
      [[...url, '--webhook-secret-file', secretFile('big', `${secret}\n`.repeat(100))], {}, CLI_MESSAGES.secretFileTooLarge(join(dir, 'big'))],
      [[...url, '--webhook-secret-file', missing], {}, 'cannot read the webhook secret file'],
      [[...url], { [WEBHOOK_SECRET_ENV]: '' }, CLI_MESSAGES.webhookPair],
      [[...url, '--webhook-secret-file', secretFile('bad', 'whsec_short')], {}, WEBHOOK_MESSAGES.secret],
      [['--allowed-host', 'evil.example:80'], {}, '--allowed-host: an allowed host must be a host name or an IP address without a port'],
    ];
    for (const [args, env, message] of cases) {
      errors.length = 0;
      expect([args, await runServe(['--port', '0', ...args], io, env, never)]).toEqual([args, 2]);
      expect(errors[0]).toContain(message);
      expect(errors.some((line) => line.includes(secret))).toBe(false);
    }
    // The environment variable alone, without --webhook-url, is not an error: it may be set for every run.
    errors.length = 0;
    let stop: (signal: string) => void = () => undefined;
    const lines: string[] = [];
    const exit = runServe(['--port', '0'], { ...io, out: (line) => lines.push(line) }, { [WEBHOOK_SECRET_ENV]: secret }, (s) => (stop = s));
    await until(() => lines.some((line) => line.startsWith('store: ')), 15_000, 'the server started');
    stop('SIGTERM');
    expect(await exit).toBe(0);
    expect(lines.some((line) => line.startsWith('Effects are posted'))).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});
