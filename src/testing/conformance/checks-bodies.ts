import { validateApplePaySessionRequest, validateEvidenceTextRequest } from '../../schemas/index.js';
import type { Arbitrary } from 'fast-check';
import { conformanceArbitraries, evidenceTextBoundaries, walletSessionBoundaries } from './arbitraries.js';
import { type RunContext, type Verdicts, expectStatus, requests } from './context.js';
import { judgeError } from './judge.js';
import { runProperty } from './property.js';

/** Spec 4.3 and 8: random evidence bodies, answered as `validateEvidenceTextRequest` answers them (201 or 400). */
export async function checkEvidenceBodies(context: RunContext): Promise<void> {
  const disputeID = context.fixtures.disputes?.[0];
  if (disputeID === undefined) {
    context.verdicts.skip('evidence-body', 'the fixtures name no dispute');
    return;
  }
  const { fc } = context;
  const arbitraries = conformanceArbitraries(fc);
  await runProperty(context, ['evidence-body'], fc.oneof(arbitraries.evidenceText, arbitraries.invalidEvidenceText) as Arbitrary<unknown>, async (body, verdicts) => {
    const exchange = await context.wire.send(requests.uploadEvidenceText(context, disputeID, body));
    const expected = validateEvidenceTextRequest(body);
    if (!expected.ok) {
      judgeError(context, verdicts, 'evidence-body', exchange, expected, 'an invalid evidence body');
      return;
    }
    if (!expectStatus({ ...context, verdicts }, 'evidence-body', exchange, [201], 'a valid evidence body must be 201')) return;
    const record = exchange.response?.body as { evidenceType?: unknown; text?: unknown } | undefined;
    if (record?.evidenceType !== expected.value.evidenceType || record.text !== expected.value.text) {
      verdicts.fail('evidence-body', { message: 'the 201 evidence record must carry the evidenceType and text sent', exchange, seed: context.seed });
    }
  }, evidenceTextBoundaries());
}

/** Spec 4.4 and 8: random wallet-session bodies, answered as `validateApplePaySessionRequest` answers them; a 200 is a JSON string of an object (2.8). */
export async function checkWalletBodies(context: RunContext): Promise<void> {
  const { fc } = context;
  const registered = context.fixtures.walletDomains?.[0];
  const arbitraries = conformanceArbitraries(fc);
  const domain = registered ?? 'conformance.example.com';
  const bodies: Arbitrary<unknown> = registered === undefined ? arbitraries.invalidWalletSession(domain) : fc.oneof(arbitraries.walletSession(domain), arbitraries.invalidWalletSession(domain));
  if (registered === undefined) context.verdicts.skip('wallet-session-answer', 'the fixtures name no registered wallet domain');
  let withoutProvider = 0;
  const judge = async (body: unknown, verdicts: Verdicts): Promise<void> => {
    const exchange = await context.wire.send(requests.createWalletSession(context, body));
    const expected = validateApplePaySessionRequest(body);
    if (!expected.ok) {
      judgeError(context, verdicts, 'wallet-session-body', exchange, expected, 'an invalid wallet-session body');
      return;
    }
    // 500 is listed (a server without a wallet provider, or the provider failed).
    if (!expectStatus({ ...context, verdicts }, 'wallet-session-body', exchange, [200, 500], 'a valid wallet-session body for a registered domain must be 200')) return;
    if (exchange.response?.status === 500) {
      withoutProvider += 1;
      return;
    }
    const answer = exchange.response?.body;
    let session: unknown;
    try {
      session = typeof answer === 'string' ? JSON.parse(answer) : undefined;
    } catch {
      session = undefined;
    }
    if (typeof session === 'object' && session !== null && !Array.isArray(session)) verdicts.pass('wallet-session-answer');
    else verdicts.fail('wallet-session-answer', { message: 'the 200 body must be a JSON string holding a serialized JSON object', exchange });
  };
  // One plain valid body first, so that the answer is checked whatever the random cases are.
  if (registered !== undefined) await judge({ domain: registered, displayName: 'Conformance check' }, context.verdicts);
  const boundaries = walletSessionBoundaries(domain).filter((body) => registered !== undefined || validateApplePaySessionRequest(body).ok === false);
  await runProperty(context, ['wallet-session-body', 'wallet-session-answer'], bodies, judge, boundaries);
  if (withoutProvider > 0) context.verdicts.skip('wallet-session-answer', `valid bodies were answered 500 (${withoutProvider} times): no wallet provider`);
}
