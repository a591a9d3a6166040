import { type RunContext, expectStatus, headersFor, requests } from './context.js';
import { sameJson } from './judge.js';

/** payments-kit's Idempotency-Key decisions: replay, conflict, key format (on the evidence upload, which consumes nothing). */
export async function checkIdempotency(context: RunContext): Promise<void> {
  const disputeID = context.fixtures.disputes?.[0];
  if (disputeID === undefined) {
    for (const rule of ['idempotency-replay', 'idempotency-conflict', 'idempotency-key-format']) context.verdicts.skip(rule, 'the fixtures name no dispute');
    return;
  }
  const key = `conformance-${context.seed}-${Date.now()}`;
  const headers = { ...headersFor(context), 'idempotency-key': key };
  const body = { evidenceType: 'receipt', text: `Idempotency check ${key}` };
  const first = await context.wire.send(requests.uploadEvidenceText(context, disputeID, body, headers));
  if (expectStatus(context, 'idempotency-replay', first, [201], 'the first upload under a new key must be 201')) {
    const again = await context.wire.send(requests.uploadEvidenceText(context, disputeID, body, headers));
    const replayed = again.response;
    if (replayed?.status !== 201 || !sameJson(replayed.body, first.response?.body) || replayed.headers['idempotent-replayed'] !== 'true') {
      context.verdicts.fail('idempotency-replay', { message: 'the same request under the same key must get the first answer again (same status and body) with idempotent-replayed: true', exchange: again });
    } else if (replayed.headers['x-request-id'] === first.response?.headers['x-request-id']) {
      context.verdicts.fail('idempotency-replay', { message: 'a replay carries its own x-request-id', exchange: again });
    } else context.verdicts.pass('idempotency-replay');
    const other = await context.wire.send(requests.uploadEvidenceText(context, disputeID, { ...body, text: `${body.text} (changed)` }, headers));
    expectStatus(context, 'idempotency-conflict', other, [409], 'the same key with another body must be 409');
  } else context.verdicts.skip('idempotency-conflict', 'the first upload was not 201');
  for (const bad of ['x'.repeat(256), 'clé-non-ascii']) {
    const exchange = await context.wire.send(requests.uploadEvidenceText(context, disputeID, body, { ...headersFor(context), 'idempotency-key': bad }));
    expectStatus(context, 'idempotency-key-format', exchange, [400], `the Idempotency-Key ${JSON.stringify(bad.slice(0, 20))}${bad.length > 20 ? '…' : ''} is not 1-255 printable ASCII characters, so 400`);
  }
}
