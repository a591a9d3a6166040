import { applyInvoiceUpdate } from '../../invoice/index.js';
import { INVOICE_TRANSITIONS } from '../../invoice/index.js';
import type { Arbitrary } from 'fast-check';
import { INVOICE_STATUSES, type Invoice, type InvoiceStatus, InvoiceSchema, validateInvoiceUpdate } from '../../schemas/index.js';
import { conformanceArbitraries, invoiceUpdateBoundaries } from './arbitraries.js';
import { type RunContext, type Verdicts, expectStatus, inProfile, requests } from './context.js';
import { judgeError } from './judge.js';
import { runProperty } from './property.js';
import type { Exchange } from './wire.js';

/** The invoice a 200 answer holds, when it passes the Invoice schema. */
export function invoiceOf(exchange: Exchange): Invoice | undefined {
  if (exchange.response?.status !== 200) return undefined;
  const checked = InvoiceSchema['~standard'].validate(exchange.response.body);
  return checked instanceof Promise || checked.issues !== undefined ? undefined : (checked.value as Invoice);
}

/** A fixture invoice as the server holds it now (read with an empty update, which changes nothing). */
type Held = { readonly invoiceID: string; invoice: Invoice };

/**
 * Reads every fixture invoice with an empty update (`{}`: a valid body that changes nothing),
 * so the walks start from the status each is really in (a second run finds the first run's
 * walks done).
 */
export async function readInvoices(context: RunContext): Promise<Held[]> {
  const held: Held[] = [];
  const ids = [...new Set(Object.values(context.fixtures.invoices ?? {}).flat())];
  for (const invoiceID of ids) {
    const exchange = await context.wire.send(requests.updateInvoice(context, invoiceID, {}));
    const invoice = invoiceOf(exchange);
    if (invoice === undefined) {
      const got = exchange.response === undefined ? (exchange.error ?? 'no answer') : `got ${exchange.response.status}`;
      context.verdicts.fail('invoice-status-table', { message: `the fixture invoice ${invoiceID} must be there: an empty update is 200 with the invoice; ${got}`, exchange });
      continue;
    }
    held.push({ invoiceID, invoice });
  }
  return held;
}

/** Spec 4.2 and 8: random valid and invalid update bodies, answered as the library answers them. */
export async function checkUpdateBodies(context: RunContext, target: Held | undefined): Promise<void> {
  if (target === undefined) {
    context.verdicts.skip('invoice-update-body', 'the fixtures name no draft, unpaid or overdue invoice');
    return;
  }
  const { fc } = context;
  const currency = target.invoice.totalAmount.currency;
  const arbitraries = conformanceArbitraries(fc);
  const bodies = fc.oneof(arbitraries.invoiceUpdate({ currency }), arbitraries.invalidInvoiceUpdate({ currency })) as Arbitrary<unknown>;
  await runProperty(context, ['invoice-update-body'], bodies, async (body, verdicts) => {
    const exchange = await context.wire.send(requests.updateInvoice(context, target.invoiceID, body));
    judgeUpdate(context, verdicts, target, body, exchange);
  }, invoiceUpdateBoundaries(currency));
}

function judgeUpdate(context: RunContext, verdicts: Verdicts, target: Held, body: unknown, exchange: Exchange): void {
  const expected = applyInvoiceUpdate(target.invoice, body, { now: new Date() });
  const validated = validateInvoiceUpdate(body);
  const what = validated.ok ? 'a valid update body' : 'an invalid update body';
  if (expected.ok) {
    if (expectStatus({ ...context, verdicts }, 'invoice-update-body', exchange, [200], `${what} must be 200`)) {
      const invoice = invoiceOf(exchange);
      if (invoice !== undefined) target.invoice = invoice;
    }
    return;
  }
  if (expected.status === 409) {
    expectStatus({ ...context, verdicts }, 'invoice-update-body', exchange, [409], `${what} that the invoice's state refuses must be 409`);
    return;
  }
  judgeError(context, verdicts, 'invoice-update-body', exchange, expected, what);
}

const allowed = (from: string, to: string): boolean => INVOICE_TRANSITIONS.some((t) => t.from === from && t.to === to);

/** The statuses an invoice in `from` may not be moved to (its own status is no move at all). */
const forbiddenFrom = (from: string): InvoiceStatus[] => INVOICE_STATUSES.filter((to) => to !== from && !allowed(from, to));

/**
 * Spec 3.1: walks fixture invoices through the status table. From each status every forbidden
 * move is tried first (409, the invoice unchanged), then the planned allowed move (200 with the
 * new status). Plan: draft -> unpaid -> canceled, draft -> canceled, overdue -> canceled; paid and
 * payment-pending invoices only meet forbidden moves. A full run consumes two drafts and one
 * overdue invoice.
 */
export async function checkStatusTable(context: RunContext, held: Held[], used: Held | undefined): Promise<void> {
  const byStatus = new Map<string, Held[]>();
  for (const one of held) byStatus.set(one.invoice.status, [...(byStatus.get(one.invoice.status) ?? []), one]);
  const take = (status: InvoiceStatus): Held | undefined => {
    const list = byStatus.get(status) ?? [];
    const index = list.findIndex((h) => h !== used);
    return index < 0 ? undefined : list.splice(index, 1)[0];
  };
  const tested = new Set<string>();
  const walk = async (start: InvoiceStatus, path: readonly InvoiceStatus[]): Promise<void> => {
    const invoice = take(start);
    if (invoice === undefined) return;
    let status: string = start;
    for (const next of [...path, undefined]) {
      for (const to of forbiddenFrom(status)) {
        const exchange = await context.wire.send(requests.updateInvoice(context, invoice.invoiceID, { status: to }));
        tested.add(`${status}->${to}`);
        if (!expectStatus(context, 'invoice-status-table', exchange, [409], `${status} -> ${to} is not in the status table, so it must be 409`)) return;
      }
      if (next === undefined) return;
      const exchange = await context.wire.send(requests.updateInvoice(context, invoice.invoiceID, { status: next }));
      tested.add(`${status}->${next}`);
      const answered = invoiceOf(exchange);
      if (!expectStatus(context, 'invoice-status-table', exchange, [200], `${status} -> ${next} is in the status table, so it must be 200`)) return;
      if (answered?.status !== next) {
        context.verdicts.fail('invoice-status-table', { message: `${status} -> ${next} was answered 200 with status ${JSON.stringify(answered?.status ?? 'missing')}`, exchange });
        return;
      }
      status = next;
    }
  };
  await walk('draft', ['unpaid', 'canceled']);
  await walk('draft', ['canceled']);
  await walk('overdue', ['canceled']);
  await walk('unpaid', ['canceled']);
  for (const status of ['paid', 'payment-pending', 'canceled'] as const) if (![...tested].some((m) => m.startsWith(`${status}->`))) await walk(status, []);
  const all = INVOICE_STATUSES.flatMap((from) => INVOICE_STATUSES.filter((to) => to !== from).map((to) => `${from}->${to}`));
  const missing = all.filter((move) => !tested.has(move));
  if (missing.length > 0) context.verdicts.note('invoice-status-table', `moves not tried (no fixture invoice in that status): ${missing.join(', ')}`);
  if (tested.size === 0) context.verdicts.skip('invoice-status-table', 'the fixtures name no invoice');

  if (inProfile(context, 'same-status')) {
    const paid = held.find((h) => h.invoice.status === 'paid' || h.invoice.status === 'canceled');
    if (paid === undefined) context.verdicts.skip('same-status', 'the fixtures name no paid or canceled invoice');
    else {
      const exchange = await context.wire.send(requests.updateInvoice(context, paid.invoiceID, { status: paid.invoice.status }));
      if (expectStatus(context, 'same-status', exchange, [200], `setting ${paid.invoice.status} on a ${paid.invoice.status} invoice is no move: 200`) && invoiceOf(exchange)?.status !== paid.invoice.status) {
        context.verdicts.fail('same-status', { message: 'the invoice changed status', exchange });
      }
    }
  }
}
