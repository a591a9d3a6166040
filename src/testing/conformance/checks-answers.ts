import { addDecimal, compareDecimal } from '../../amount/index.js';
import { invoiceTotals } from '../../invoice/index.js';
import { CREATE_WALLET_SESSION, GET_ADJUSTMENT, GET_SCHEDULE, UPDATE_INVOICE, UPLOAD_EVIDENCE_TEXT } from '../../operations/index.js';
import { AdjustmentSchema, EvidenceTextSchema, InvoiceSchema, ScheduleSchema, isJsonObject } from '../../schemas/index.js';
import type { RunContext } from './context.js';
import type { Exchange } from './wire.js';

const OPERATIONS = [GET_SCHEDULE, UPDATE_INVOICE, UPLOAD_EVIDENCE_TEXT, CREATE_WALLET_SESSION, GET_ADJUSTMENT];
const LISTED = new Map<string, readonly number[]>(OPERATIONS.map((operation) => [operation.id, operation.statuses]));

type StandardSchema = { readonly '~standard': { validate(value: unknown): unknown } };
const SCHEMA_OF: Readonly<Record<string, { status: number; schema: StandardSchema; name: string }>> = {
  getSchedule: { status: 200, schema: ScheduleSchema, name: 'Schedule (2.5)' },
  updateInvoice: { status: 200, schema: InvoiceSchema, name: 'Invoice (2.6)' },
  uploadEvidenceText: { status: 201, schema: EvidenceTextSchema, name: 'evidence record (2.7)' },
  getAdjustment: { status: 200, schema: AdjustmentSchema, name: 'Adjustment (2.9)' },
};

/** The first issue of a Standard Schema check, or undefined when the value passes. */
function schemaIssue(schema: StandardSchema, value: unknown): string | undefined {
  const result = schema['~standard'].validate(value) as { issues?: readonly { message: string; path?: readonly unknown[] }[] };
  const issue = result.issues?.[0];
  if (issue === undefined) return undefined;
  const path = (issue.path ?? []).map((p) => (typeof p === 'object' && p !== null && 'key' in p ? String((p as { key: unknown }).key) : String(p))).join('.');
  return `${path === '' ? '' : `${path}: `}${issue.message}`;
}

const SF_ITEM = /^"[^"\\]*";(?:[a-z]+=\d+;?)+$/;

/**
 * The rules judged on every answer the run received: x-request-id, listed statuses, error
 * bodies, resource schemas, invoice totals; with the payments-kit profile also RateLimit
 * headers and x-outcome. A rule's counterexample is its smallest failing exchange.
 */
export function checkAnswers(context: RunContext, exchanges: readonly Exchange[]): void {
  const { verdicts } = context;
  const fail = (rule: string, message: string, exchange: Exchange) => verdicts.fail(rule, { message, exchange }, false);
  for (const exchange of exchanges) {
    const response = exchange.response;
    if (response === undefined) continue;
    const id = response.headers['x-request-id'];
    if (id === undefined || id.trim() === '') fail('request-id', `the ${response.status} answer has no x-request-id`, exchange);
    else verdicts.pass('request-id');

    const listed = LISTED.get(exchange.operation) ?? [];
    if (listed.includes(response.status)) verdicts.pass('listed-statuses');
    else fail('listed-statuses', `${exchange.operation} lists ${listed.join(', ')}; got ${response.status}`, exchange);

    const needsErrorBody = response.status === 400 || response.status === 409 || (response.status === 422 && exchange.operation === 'createWalletSession');
    if (needsErrorBody) {
      const body = response.body as { error?: unknown } | undefined;
      const keys = isJsonObject(body) ? Object.keys(body) : [];
      if (typeof body?.error === 'string' && keys.length === 1) verdicts.pass('error-body');
      else fail('error-body', `a ${response.status} of ${exchange.operation} has the body { error: string }; got ${JSON.stringify(response.body)?.slice(0, 200)}`, exchange);
    }

    const expected = SCHEMA_OF[exchange.operation];
    if (expected !== undefined && response.status === expected.status) {
      const issue = response.notJson === true ? 'the body is not JSON' : schemaIssue(expected.schema, response.body);
      if (issue === undefined) verdicts.pass('resource-schemas');
      else fail('resource-schemas', `the ${response.status} body is not a valid ${expected.name}: ${issue}`, exchange);
    }
    if (exchange.operation === 'updateInvoice' && response.status === 200) checkTotals(context, exchange);
    if (context.profile === 'payments-kit') checkDecisionHeaders(context, exchange);
  }
}

/** An updated invoice's totals: invoiceTotals of its line items and tax, and total = subtotal + tax. */
function checkTotals(context: RunContext, exchange: Exchange): void {
  const invoice = exchange.response?.body as { lineItems?: never; taxAmount?: { currency: string; valueDecimal: string }; subtotalAmount?: { currency: string; valueDecimal: string }; totalAmount?: { currency: string; valueDecimal: string } };
  try {
    if (invoice.taxAmount === undefined || invoice.subtotalAmount === undefined || invoice.totalAmount === undefined || invoice.lineItems === undefined) return;
    const totals = invoiceTotals(invoice.lineItems, invoice.taxAmount, { currency: invoice.totalAmount.currency });
    const wrong = (['subtotalAmount', 'totalAmount'] as const).find((field) => compareDecimal(totals[field], invoice[field] as { currency: string; valueDecimal: string }) !== 0);
    if (wrong !== undefined) {
      context.verdicts.fail('invoice-totals', { message: `${wrong} is ${invoice[wrong]?.valueDecimal}; invoiceTotals gives ${totals[wrong].valueDecimal}`, exchange }, false);
    } else if (compareDecimal(addDecimal(invoice.subtotalAmount, invoice.taxAmount), invoice.totalAmount) !== 0) {
      context.verdicts.fail('invoice-totals', { message: 'totalAmount must be subtotalAmount + taxAmount', exchange }, false);
    } else context.verdicts.pass('invoice-totals');
  } catch (error) {
    context.verdicts.fail('invoice-totals', { message: `the invoice's amounts cannot be totalled: ${error instanceof Error ? error.message : String(error)}`, exchange }, false);
  }
}

const WRITES = new Set(['updateInvoice', 'uploadEvidenceText', 'createWalletSession']);

function checkDecisionHeaders(context: RunContext, exchange: Exchange): void {
  const response = exchange.response;
  if (response === undefined) return;
  const { verdicts } = context;
  const limit = response.headers['ratelimit'];
  const policy = response.headers['ratelimit-policy'];
  if (limit !== undefined || policy !== undefined) {
    if ((limit === undefined || SF_ITEM.test(limit)) && (policy === undefined || SF_ITEM.test(policy))) verdicts.pass('ratelimit-headers');
    else verdicts.fail('ratelimit-headers', { message: `RateLimit ${JSON.stringify(limit)} and RateLimit-Policy ${JSON.stringify(policy)} must be structured-field items ("name";r=N;t=N)`, exchange }, false);
  }
  if (response.status === 429) {
    if (/^\d+$/.test(response.headers['retry-after'] ?? '')) verdicts.pass('ratelimit-headers');
    else verdicts.fail('ratelimit-headers', { message: 'a 429 carries Retry-After in seconds', exchange }, false);
  }
  const outcome = response.headers['x-outcome'];
  if (outcome !== undefined) {
    if (outcome === 'unknown' && response.status === 504 && WRITES.has(exchange.operation)) verdicts.pass('x-outcome');
    else verdicts.fail('x-outcome', { message: `x-outcome: ${outcome} on a ${response.status} of ${exchange.operation}; only a 504 of a write carries it, as "unknown"`, exchange }, false);
  }
}
