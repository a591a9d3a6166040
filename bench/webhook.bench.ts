// What verifying a Standard Webhooks message costs: a genuine envelope, a key
// rotation, and the hostile message of the issue (a 1 MB body, 16 junk signatures, 8 secrets),
// side by side with the `standardwebhooks` package and, with BENCH_BASELINE_DIST, an earlier
// build. Everything of ours is imported from the BUILT package (dist/), what users install.
// Run: npm run build && npx tsx bench/webhook.bench.ts
//   BENCH_BASELINE_DIST=<dist/ of another tree> npx tsx bench/webhook.bench.ts   (before/after)
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { importBuilt } from './http/built-package.js';
import { type Contender, compare } from './compare.js';

type WebhookModule = typeof import('../src/relay/webhook/index.js');
const ours = await importBuilt<WebhookModule>('dist', 'relay/webhook/index.js');
const baselineDist = process.env['BENCH_BASELINE_DIST'];
const baseline = baselineDist === undefined ? undefined : await importBuilt<WebhookModule>(baselineDist, 'relay/webhook/index.js');

// The real clock: standardwebhooks checks the timestamp against Date.now.
const NOW_MS = Math.floor(Date.now() / 1000) * 1000;
const now = () => NOW_MS;
const secretOf = (): string => `whsec_${randomBytes(32).toString('base64')}`;
const sign = (secret: string, id: string, body: string): string => new Webhook(secret).sign(id, new Date(NOW_MS), body);
const headersOf = (id: string, signature: string) => ({ 'webhook-id': id, 'webhook-timestamp': String(NOW_MS / 1000), 'webhook-signature': signature });

/** Contenders verifying `body` with `headers` under `secrets`; `expectAccepted` is checked once, before timing. */
async function contenders(body: string, headers: Record<string, string>, secrets: string[], expectAccepted: boolean, withPeer: boolean): Promise<Contender[]> {
  const run = (module: WebhookModule) => () => module.verifyWebhook(body, headers, secrets, { now, maxBodyBytes: 2_000_000 }).then(() => true, (error: unknown) => {
    if (!module.isWebhookVerificationError(error)) throw error;
    return false;
  });
  const list: Contender[] = [{ name: 'payments-kit (this build)', fn: run(ours) }];
  if (baseline !== undefined) list.push({ name: 'payments-kit (BENCH_BASELINE_DIST)', fn: run(baseline) });
  if (withPeer) {
    // standardwebhooks takes one secret: a receiver with several tries each in turn.
    const hooks = secrets.map((secret) => new Webhook(secret));
    list.push({
      name: 'standardwebhooks 1.1.1 (one Webhook per secret, tried in turn)',
      fn: () => hooks.some((hook) => {
        try {
          hook.verify(body, headers);
          return true;
        } catch {
          return false;
        }
      }),
    });
  }
  for (const c of list) {
    const accepted = await c.fn();
    if (accepted !== expectAccepted) throw new Error(`${c.name}: expected ${expectAccepted ? 'accepted' : 'refused'}, got ${String(accepted)}`);
  }
  return list;
}

const envelope = JSON.stringify({ type: 'invoice.finalized', effectID: 'eff-1', accountID: 'acc-1', requestId: 'req-1', data: { pad: 'x'.repeat(1_900) } });
const one = secretOf();
const [older, newer] = [secretOf(), secretOf()];
const eight = Array.from({ length: 8 }, secretOf);
const big = JSON.stringify({ pad: 'x'.repeat(1_000_000 - 10) });
const junk = Array.from({ length: 16 }, () => `v1,${randomBytes(32).toString('base64')}`).join(' ');

const time = Number(process.env['BENCH_TIME_MS'] ?? 1_000);
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 5);
await compare(
  [
    { title: 'genuine 2 KB envelope, 1 secret, 1 signature', contenders: await contenders(envelope, headersOf('e1', sign(one, 'e1', envelope)), [one], true, true) },
    {
      title: 'key rotation: 2 KB envelope signed with the new secret, receiver knows old and new',
      contenders: await contenders(envelope, headersOf('e2', sign(newer, 'e2', envelope)), [older, newer], true, true),
    },
    { title: 'hostile: 1 MB body, 16 junk signatures, 8 secrets (refused)', contenders: await contenders(big, headersOf('e3', junk), eight, false, true) },
  ],
  { time, rounds },
);
