import { INVOICE_STATUSES, type InvoiceStatus } from '../../schemas/index.js';
import { isTimeZone } from '../../schedule/index.js';
import { type Result, err, ok } from '../../shared/result.js';

/**
 * What a conformance run may use on the server under test (docs/conformance.md, "Fixtures").
 * Invoices are consumed by the status walks: a full run moves two drafts and one overdue
 * invoice for good.
 */
export type ConformanceFixtures = {
  /** The account every request is made in. */
  readonly account: string;
  /** A token with every scope a run needs (the five operations' scopes in `account`). */
  readonly token: string;
  /** Other tokens: `readOnly` (no write scope), `noScopes` (no scope of `account`). Each missing one skips its checks. */
  readonly tokens?: { readonly readOnly?: string; readonly noScopes?: string };
  /** Invoice IDs by status (the status each is in before the run). */
  readonly invoices?: Partial<Record<InvoiceStatus, readonly string[]>>;
  readonly schedules?: readonly string[];
  /** Disputes that accept evidence. */
  readonly disputes?: readonly string[];
  readonly adjustments?: readonly string[];
  /** Wallet domains registered for `account`. */
  readonly walletDomains?: readonly string[];
  /** The IANA zone whose wall clock the server expands schedules on; default `'UTC'`. */
  readonly scheduleTimeZone?: string;
};

const KEYS = ['account', 'token', 'tokens', 'invoices', 'schedules', 'disputes', 'adjustments', 'walletDomains', 'scheduleTimeZone'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.length <= 1000 && value.every((v) => typeof v === 'string' && v !== '' && v.length <= 255);

/**
 * Checks a parsed fixtures file: the fixtures, or a message naming the first wrong field.
 *
 * @example
 * parseConformanceFixtures(JSON.parse(text)) // { ok: true, value: { account: '...', token: '...', ... } }
 * parseConformanceFixtures({ account: 1 })   // { ok: false, error: 'fixtures: account must be a non-empty string' }
 */
export function parseConformanceFixtures(value: unknown): Result<ConformanceFixtures, string> {
  const fail = (message: string) => err(`fixtures: ${message}`);
  if (!isRecord(value)) return fail('must be a JSON object');
  const unknown = Object.keys(value).find((key) => !KEYS.includes(key));
  if (unknown !== undefined) return fail(`unknown field ${JSON.stringify(unknown)} (known: ${KEYS.join(', ')})`);
  for (const key of ['account', 'token'] as const) {
    const field = value[key];
    if (typeof field !== 'string' || field === '') return fail(`${key} must be a non-empty string`);
  }
  if (value['tokens'] !== undefined) {
    const tokens = value['tokens'];
    if (!isRecord(tokens)) return fail('tokens must be an object');
    for (const [name, token] of Object.entries(tokens)) {
      if (!['readOnly', 'noScopes'].includes(name)) return fail(`tokens.${name} is not known (known: readOnly, noScopes)`);
      if (typeof token !== 'string' || token === '') return fail(`tokens.${name} must be a non-empty string`);
    }
  }
  if (value['invoices'] !== undefined) {
    const invoices = value['invoices'];
    if (!isRecord(invoices)) return fail('invoices must be an object of ID lists by status');
    for (const [status, list] of Object.entries(invoices)) {
      if (!(INVOICE_STATUSES as readonly string[]).includes(status)) return fail(`invoices.${status} is not an invoice status (${INVOICE_STATUSES.join(', ')})`);
      if (!isIdList(list)) return fail(`invoices.${status} must be a list of IDs`);
    }
  }
  for (const key of ['schedules', 'disputes', 'adjustments', 'walletDomains'] as const) {
    if (value[key] !== undefined && !isIdList(value[key])) return fail(`${key} must be a list of non-empty strings`);
  }
  const zone = value['scheduleTimeZone'];
  if (zone !== undefined && (typeof zone !== 'string' || !isTimeZone(zone))) return fail('scheduleTimeZone must be an IANA time zone name');
  return ok(value as ConformanceFixtures);
}
