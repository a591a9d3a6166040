/** Whether a rule is the spec's, or a behaviour payments-kit recorded as a decision beyond it. */
export type RuleKind = 'spec' | 'decision';

/** One rule the conformance run checks: its id, the spec section (or decision) and what it says. */
export type ConformanceRule = {
  readonly id: string;
  readonly section: string;
  readonly kind: RuleKind;
  readonly title: string;
};

const spec = (id: string, section: string, title: string): ConformanceRule => Object.freeze({ id, section, kind: 'spec', title });
const decision = (id: string, section: string, title: string): ConformanceRule => Object.freeze({ id, section, kind: 'decision', title });

/**
 * The rules of the spec that `runConformance` checks from outside a server, in report order.
 *
 * @example
 * SPEC_RULES.find((rule) => rule.id === 'request-id')?.section // '4, 7.1'
 */
export const SPEC_RULES: readonly ConformanceRule[] = Object.freeze([
  spec('request-id', '4, 7.1', 'every answer carries a non-empty x-request-id header'),
  spec('listed-statuses', '4.1-4.5, 7.2', 'every answer has a status its operation lists'),
  spec('error-body', '4.2-4.4, 7', '400 and 409 answers, and the wallet session\'s 422, have the body { error: string }'),
  spec('unknown-id', '4.1-4.3, 4.5, 7', 'an unknown schedule, invoice, dispute or adjustment ID is answered 404'),
  spec('malformed-body', '4.2-4.4, 7', 'a request body that is not JSON is answered 400'),
  spec('auth-missing', '5.1, 5.4', 'a request without a token, or with an unknown one, is answered 401'),
  spec('auth-scope', '5.2, 5.4', 'a token without the operation\'s scope is answered 403'),
  spec('version-default', '9.1, 9.4', 'a request without X-Service-Version is served'),
  spec('version-dev', '9.5, 9.3', '`dev` is served by the update; not by get-schedule and get-adjustment'),
  spec('version-malformed', '9.2, 7', 'a malformed X-Service-Version is refused (400 on the writes)'),
  spec('version-reference-only', '9.3', 'get-schedule and get-adjustment serve v2026.04.00 and no other version'),
  spec('invoice-status-table', '3.1, 4.2', 'every status move: the allowed ones answered 200 with the new status, the others 409'),
  spec('invoice-update-body', '4.2, 8', 'an update body is answered as validateInvoiceUpdate answers it (status and 422 fields, keyed by name)'),
  spec('invoice-totals', '2.6, 4.2', 'an updated invoice\'s totals agree with invoiceTotals; total = subtotal + tax'),
  spec('evidence-body', '4.3, 8', 'an evidence body is answered as validateEvidenceTextRequest answers it (400 for any invalid field, 201 otherwise)'),
  spec('wallet-session-body', '4.4, 8', 'a wallet-session body is answered as validateApplePaySessionRequest answers it'),
  spec('wallet-session-answer', '2.8, 4.4', 'a created wallet session is a JSON string holding a JSON object'),
  spec('resource-schemas', '2.5-2.9', 'schedules, invoices, evidence records and adjustments pass their schemas'),
  spec('schedule-occurrences', '2.5, 4.1', 'a schedule\'s generated occurrences are its RRULE\'s expansion (in the fixtures\' scheduleTimeZone)'),
]);

/**
 * The behaviours payments-kit recorded as decisions beyond the spec, checked with
 * `profile: 'payments-kit'` (each reported as a decision, not a spec rule).
 *
 * @example
 * DECISION_RULES.every((rule) => rule.kind === 'decision') // true
 */
export const DECISION_RULES: readonly ConformanceRule[] = Object.freeze([
  decision('idempotency-replay', 'decision: Idempotency-Key', 'a write repeated under the same Idempotency-Key gets the first answer again, with idempotent-replayed: true'),
  decision('idempotency-conflict', 'decision: Idempotency-Key', 'the same Idempotency-Key with another body is 409 { error }'),
  decision('idempotency-key-format', 'decision: Idempotency-Key', 'an Idempotency-Key that is not 1-255 printable ASCII characters is 400'),
  decision('same-status', 'decision: invoice status', 'setting an invoice\'s current status again is 200 and changes nothing'),
  decision('error-messages', 'decision: error messages', 'error texts of invalid bodies are payments-kit\'s, word for word'),
  decision('ratelimit-headers', 'decision: rate limits', 'RateLimit and RateLimit-Policy headers are structured fields; a 429 carries Retry-After'),
  decision('x-outcome', 'decision: 504 outcome', 'x-outcome appears only as `unknown` on a 504 of a write'),
]);
