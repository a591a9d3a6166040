import { expandRecurrence } from '../../schedule/index.js';
import { type RunContext, expectStatus, headersFor, requests, unknownId } from './context.js';
import type { Outgoing } from './wire.js';

/** A valid body of each write, to reach the checks that come before the body's. */
function validEvidence(): { evidenceType: string; text: string } {
  return { evidenceType: 'receipt', text: 'Delivered on April 2 (payments-kit conformance).' };
}
const walletBody = (context: RunContext) => ({ domain: context.fixtures.walletDomains?.[0] ?? 'conformance.example.com', displayName: 'Conformance' });

/** One request of each operation, with `headers`, on the fixtures' resources (an unknown ID where the fixtures name none). */
function everyOperation(context: RunContext, headers: Record<string, string>): Outgoing[] {
  const { fixtures, seed } = context;
  const invoice = Object.values(fixtures.invoices ?? {}).flat()[0] ?? unknownId(seed, 1);
  return [
    requests.getSchedule(context, fixtures.schedules?.[0] ?? unknownId(seed, 2), headers),
    requests.getAdjustment(context, fixtures.adjustments?.[0] ?? unknownId(seed, 3), headers),
    requests.updateInvoice(context, invoice, {}, headers),
    requests.uploadEvidenceText(context, fixtures.disputes?.[0] ?? unknownId(seed, 4), validEvidence(), headers),
    requests.createWalletSession(context, walletBody(context), headers),
  ];
}

/** Spec 5: no token or an unknown one is 401; a token without the operation's scope is 403. */
export async function checkAuth(context: RunContext): Promise<void> {
  const { wire, fixtures } = context;
  for (const outgoing of everyOperation(context, headersFor(context, null))) {
    expectStatus(context, 'auth-missing', await wire.send(outgoing), [401], `${outgoing.method} without Authorization must be 401`);
  }
  for (const outgoing of everyOperation(context, headersFor(context, 'conformance-unknown-token-0000'))) {
    expectStatus(context, 'auth-missing', await wire.send(outgoing), [401], `${outgoing.method} with an unknown bearer token must be 401`);
  }
  const { readOnly, noScopes } = fixtures.tokens ?? {};
  if (noScopes !== undefined) {
    for (const outgoing of everyOperation(context, headersFor(context, noScopes))) {
      expectStatus(context, 'auth-scope', await wire.send(outgoing), [403], `${outgoing.operation} with a token without its scope must be 403`);
    }
  }
  if (readOnly !== undefined) {
    const writes = everyOperation(context, headersFor(context, readOnly)).filter((o) => o.method !== 'GET');
    for (const outgoing of writes) {
      expectStatus(context, 'auth-scope', await wire.send(outgoing), [403], `${outgoing.operation} with the read-only token must be 403`);
    }
  }
  if (readOnly === undefined && noScopes === undefined) context.verdicts.skip('auth-scope', 'the fixtures name no token without scopes (tokens.readOnly, tokens.noScopes)');
}

const MALFORMED_VERSIONS = ['v2024.1.0', '2026.04.00', 'v2026.02.00', 'v2026.04', 'latest'];

/** Spec 9: the default when the header is omitted, `dev`, malformed values, and the reference-only reads. */
export async function checkVersions(context: RunContext): Promise<void> {
  const { wire, fixtures } = context;
  const schedule = fixtures.schedules?.[0];
  const adjustment = fixtures.adjustments?.[0];
  const invoice = (fixtures.invoices?.draft ?? Object.values(fixtures.invoices ?? {}).flat())[0];
  const reads: [string, (headers: Record<string, string>) => Outgoing][] = [];
  if (schedule !== undefined) reads.push(['get-schedule', (h) => requests.getSchedule(context, schedule, h)]);
  if (adjustment !== undefined) reads.push(['get-adjustment', (h) => requests.getAdjustment(context, adjustment, h)]);
  const update = invoice === undefined ? undefined : (h: Record<string, string>) => requests.updateInvoice(context, invoice, {}, h);
  if (reads.length === 0 && update === undefined) {
    for (const rule of ['version-default', 'version-dev', 'version-malformed', 'version-reference-only']) context.verdicts.skip(rule, 'the fixtures name no schedule, adjustment or invoice');
    return;
  }
  for (const [name, make] of reads) {
    expectStatus(context, 'version-default', await wire.send(make(headersFor(context, context.token, null))), [200], `${name} without X-Service-Version must be served (200)`);
    expectStatus(context, 'version-reference-only', await wire.send(make(headersFor(context))), [200], `${name} with X-Service-Version: v2026.04.00 must be 200`);
    for (const version of ['v2024.01.00', 'v2026.07.00']) {
      const exchange = await wire.send(make(headersFor(context, context.token, version)));
      expectStatus(context, 'version-reference-only', exchange, [400, 404], `${name} serves only v2026.04.00, so ${version} must be refused`);
    }
    expectStatus(context, 'version-dev', await wire.send(make(headersFor(context, context.token, 'dev'))), [400, 404], `${name} serves only v2026.04.00, so dev must be refused`);
    for (const version of MALFORMED_VERSIONS.slice(0, 2)) {
      expectStatus(context, 'version-malformed', await wire.send(make(headersFor(context, context.token, version))), [400, 404], `${name} with the malformed version ${version} must be refused`);
    }
  }
  if (update !== undefined) {
    expectStatus(context, 'version-default', await wire.send(update(headersFor(context, context.token, null))), [200], 'an update without X-Service-Version must be served (200)');
    expectStatus(context, 'version-dev', await wire.send(update(headersFor(context, context.token, 'dev'))), [200], 'an update with X-Service-Version: dev must be served (200)');
    for (const version of MALFORMED_VERSIONS) {
      expectStatus(context, 'version-malformed', await wire.send(update(headersFor(context, context.token, version))), [400], `an update with the malformed version ${version} must be 400`);
    }
  }
  if (reads.length === 0) context.verdicts.skip('version-reference-only', 'the fixtures name no schedule or adjustment');
}

/** Spec 4 and 7: unknown IDs are 404; bodies that are not JSON are 400. */
export async function checkUnknownAndMalformed(context: RunContext): Promise<void> {
  const { wire, fixtures, seed } = context;
  const unknown: Outgoing[] = [
    requests.getSchedule(context, unknownId(seed, 11)),
    requests.getAdjustment(context, unknownId(seed, 12)),
    requests.updateInvoice(context, unknownId(seed, 13), {}),
    requests.uploadEvidenceText(context, unknownId(seed, 14), validEvidence()),
  ];
  for (const outgoing of unknown) {
    expectStatus(context, 'unknown-id', await wire.send(outgoing), [404], `${outgoing.operation} of an ID that does not exist must be 404`);
  }
  const invoice = Object.values(fixtures.invoices ?? {}).flat()[0] ?? unknownId(seed, 13);
  const dispute = fixtures.disputes?.[0] ?? unknownId(seed, 14);
  for (const raw of ['{"status":', 'status=unpaid']) {
    const headers = { ...headersFor(context), 'content-type': 'application/json' };
    const malformed = [
      requests.updateInvoice(context, invoice, undefined, headers, raw),
      requests.uploadEvidenceText(context, dispute, undefined, headers, raw),
      requests.createWalletSession(context, undefined, headers, raw),
    ];
    for (const outgoing of malformed) {
      expectStatus(context, 'malformed-body', await wire.send(outgoing), [400], `${outgoing.operation} with a body that is not JSON must be 400`);
    }
  }
}

const instant = (text: unknown): number => (typeof text === 'string' ? Date.parse(text) : Number.NaN);

/** Spec 2.5 and 4.1: each fixture schedule is served, and its generated occurrences are its rule's expansion. */
export async function checkSchedules(context: RunContext): Promise<void> {
  const { wire, fixtures, verdicts } = context;
  const zone = fixtures.scheduleTimeZone ?? 'UTC';
  if ((fixtures.schedules ?? []).length === 0) verdicts.skip('schedule-occurrences', 'the fixtures name no schedule');
  for (const scheduleID of fixtures.schedules ?? []) {
    const exchange = await wire.send(requests.getSchedule(context, scheduleID));
    if (!expectStatus(context, 'schedule-occurrences', exchange, [200], `the fixture schedule ${scheduleID} must be served`)) continue;
    const schedule = exchange.response?.body as { recur?: { recurrenceRule?: unknown; start?: unknown }; occurrences?: { generated?: unknown; runOn?: unknown }[] } | undefined;
    const generated = (Array.isArray(schedule?.occurrences) ? schedule.occurrences : []).filter((o) => o?.generated === true);
    const rule = schedule?.recur?.recurrenceRule;
    const start = schedule?.recur?.start;
    if (typeof rule !== 'string' || typeof start !== 'string' || generated.length === 0) {
      verdicts.note('schedule-occurrences', `schedule ${scheduleID} has no recurrence or no generated occurrence to compare`);
      continue;
    }
    const times = generated.map((o) => instant(o.runOn));
    const first = times[0] ?? Number.NaN;
    const last = times.at(-1) ?? Number.NaN;
    let expected: number[];
    try {
      expected = expandRecurrence({ recurrenceRule: rule, start, runTransfer: null }, { from: new Date(first), to: new Date(last + 1), timeZone: zone, limit: 10_000 }).map((o) => Date.parse(o.runOn));
    } catch (error) {
      verdicts.fail('schedule-occurrences', { message: `the schedule's own rule or generated runOn cannot be expanded: ${error instanceof Error ? error.message : String(error)}`, exchange });
      continue;
    }
    const same = times.length === expected.length && times.every((t, i) => t === expected[i]);
    if (same) verdicts.pass('schedule-occurrences');
    else {
      const firstDifferent = times.findIndex((t, i) => t !== expected[i]);
      const at = firstDifferent < 0 ? Math.min(times.length, expected.length) : firstDifferent;
      const said = generated[at]?.runOn;
      const want = expected[at] === undefined ? 'none' : new Date(expected[at]).toISOString();
      verdicts.fail('schedule-occurrences', {
        message: `generated occurrence ${at + 1} is ${JSON.stringify(said ?? 'missing')}, but ${rule} from ${start} in ${zone} gives ${want} there (${times.length} generated, ${expected.length} expected between the first and the last)`,
        exchange,
      });
    }
  }
  for (const adjustmentID of context.fixtures.adjustments ?? []) {
    await wire.send(requests.getAdjustment(context, adjustmentID));
  }
}
