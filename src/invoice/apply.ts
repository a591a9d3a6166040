import { type AmountDecimal, addDecimal, compareDecimal, zeroDecimal } from '../amount/index.js';
import { isJsonObject, validateInvoiceUpdate } from '../schemas/index.js';
import { REQUEST_LIMITS, type RequestLimits } from '../limits/index.js';
import { formatDateTime } from '../shared/rfc3339.js';
import { bodyCurrencyIssues, currencyIssues } from './currency.js';
import { EDITABLE_FIELDS_BY_STATUS, INVOICE_EDITABLE_FIELDS, isFieldEditable } from './editability.js';
import type { InvoiceEffect } from './effects.js';
import { addCurrencyErrors, currencyErrorBody, rangeErrorBody } from './error-body.js';
import {
  NEGATIVE_TOTAL_MESSAGE,
  NOW_INVALID_MESSAGE,
  fieldNotEditableMessage,
  moveNotAllowedMessage,
  notEditableMessage,
  totalBelowPaymentsMessage,
} from './messages.js';
import { INVOICE_STATUSES } from '../schemas/index.js';
import { isOutOfRange, locateOverflow } from './overflow.js';
import { type InvoiceTotals, invoiceTotals } from './totals.js';
import { INVOICE_TRANSITIONS, type InvoiceTransition, findTransition } from './transitions.js';
import type { Invoice, InvoiceUpdate, InvoiceUpdateErrorBody } from './types.js';

/** Options of {@link applyInvoiceUpdate}. */
export type ApplyInvoiceUpdateOptions = {
  /** The time of the update; stamps `canceledOn` when the update cancels the invoice. */
  readonly now: Date;
  /** Count limits of the body (see payments-kit/limits); default `REQUEST_LIMITS`. */
  readonly limits?: RequestLimits;
};

/** What {@link applyInvoiceUpdate} answers: the new invoice and its effects, or the error response. */
export type InvoiceUpdateResult =
  | { readonly ok: true; readonly invoice: Invoice; readonly effects: readonly InvoiceEffect[] }
  | { readonly ok: false; readonly status: 400 | 409; readonly body: { readonly error: string } }
  | { readonly ok: false; readonly status: 422; readonly body: InvoiceUpdateErrorBody };

type MutableInvoice = { -readonly [K in keyof Invoice]: Invoice[K] };

const conflict = (error: string): InvoiceUpdateResult => ({ ok: false, status: 409, body: { error } });

/**
 * Applies an update-invoice request body (spec 4.2) to `invoice` and answers what the
 * operation answers: `{ ok: true, invoice, effects }`, or `{ ok: false, status, body }` with
 * 400 (body not an object), 422 (per-field body: a field fails validation, an amount is not
 * in the invoice's currency, or a total reaches 2^63) or 409 `{ error }` (the status does not allow the edit or
 * the status move, or the new total is below what is already paid or pending).
 * Totals are recomputed when the update carries `lineItems` or `taxAmount`. `null` unsets
 * `dueDate`/`invoiceDate`; an omitted field is untouched. `invoice` is never mutated.
 * `effects` lists what the host must do once the new invoice is stored.
 *
 * @example
 * const result = applyInvoiceUpdate(draft, { status: 'unpaid' }, { now: new Date() });
 * if (result.ok) {
 *   await store.save(result.invoice);
 *   for (const effect of result.effects) await sendPaymentLinkEmail(effect); // 'invoice.finalized'
 * } else {
 *   return Response.json(result.body, { status: result.status });
 * }
 */
export function applyInvoiceUpdate(
  invoice: Invoice,
  update: unknown,
  { now, limits = REQUEST_LIMITS }: ApplyInvoiceUpdateOptions,
): InvoiceUpdateResult {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new TypeError(NOW_INVALID_MESSAGE);
  const currency = invoice.totalAmount.currency;
  const validated = validateInvoiceUpdate(update, { limits });
  if (!validated.ok && validated.status === 400) return validated;
  if (!validated.ok) {
    // Spec 4.2: a string for each field that failed, so the currency mismatches on the
    // well-formed parts of the body join the validator's errors in the same 422 body.
    const items = rawItems(update);
    const issues = bodyCurrencyIssues(update, currency, limits);
    const body = addCurrencyErrors(validated.body, items, issues, currency, limits.fieldErrors);
    return { ok: false, status: 422, body };
  }
  const patch: InvoiceUpdate = validated.value;

  const editError = editConflict(invoice.status, patch);
  if (editError !== undefined) return conflict(editError);

  // Setting the current status again is not a move: it changes nothing (decision).
  const move = patch.status === undefined ? undefined : findTransition(invoice.status, patch.status);
  if (patch.status !== undefined && patch.status !== invoice.status && move === undefined) {
    return conflict(moveNotAllowedMessage(invoice.status, patch.status, allowedTargets(invoice.status)));
  }

  const issues = currencyIssues(patch, currency);
  if (issues.length > 0) {
    return { ok: false, status: 422, body: currencyErrorBody(patch, issues, currency, limits.fieldErrors) };
  }

  const next: MutableInvoice = { ...invoice };
  if (patch.description !== undefined) next.description = patch.description;
  if (patch.dueDate === null) delete next.dueDate;
  else if (patch.dueDate !== undefined) next.dueDate = patch.dueDate;
  if (patch.invoiceDate === null) delete next.invoiceDate;
  else if (patch.invoiceDate !== undefined) next.invoiceDate = patch.invoiceDate;

  if (patch.lineItems !== undefined || patch.taxAmount !== undefined) {
    const lineItems = patch.lineItems ?? invoice.lineItems;
    const taxAmount: AmountDecimal = {
      currency: patch.taxAmount?.currency ?? invoice.taxAmount.currency,
      valueDecimal: patch.taxAmount?.valueDecimal ?? invoice.taxAmount.valueDecimal,
    };
    let totals: InvoiceTotals;
    try {
      totals = invoiceTotals(lineItems, taxAmount, { currency });
    } catch (error) {
      if (!isOutOfRange(error)) throw error;
      return { ok: false, status: 422, body: rangeErrorBody(patch, locateOverflow(lineItems, taxAmount)) };
    }
    const committed = addDecimal(invoice.paidAmount, invoice.pendingAmount);
    if (compareDecimal(totals.totalAmount, committed) < 0) {
      const nothingCommitted = compareDecimal(committed, zeroDecimal(committed.currency)) === 0;
      return conflict(nothingCommitted ? NEGATIVE_TOTAL_MESSAGE : totalBelowPaymentsMessage(totals.totalAmount, committed));
    }
    next.lineItems = lineItems;
    next.subtotalAmount = totals.subtotalAmount;
    next.taxAmount = totals.taxAmount;
    next.totalAmount = totals.totalAmount;
  }

  if (move === undefined) return { ok: true, invoice: next, effects: [] };
  next.status = move.to;
  if (move.setsCanceledOn) next.canceledOn = formatDateTime(now);
  return { ok: true, invoice: next, effects: effectsOf(move, next) };
}

/** The `lineItems.items` array of a raw body, or none when that part is malformed. */
function rawItems(body: unknown): readonly unknown[] {
  const lineItems = isJsonObject(body) && Object.hasOwn(body, 'lineItems') ? body['lineItems'] : undefined;
  const items = isJsonObject(lineItems) && Object.hasOwn(lineItems, 'items') ? lineItems['items'] : undefined;
  return Array.isArray(items) ? items : [];
}

/** The 409 message when a field of `patch` may not change in `status`, else undefined. */
function editConflict(status: string, patch: InvoiceUpdate): string | undefined {
  for (const field of INVOICE_EDITABLE_FIELDS) {
    if (patch[field] === undefined || isFieldEditable(status, field)) continue;
    const editableIn = INVOICE_STATUSES.filter((s) => EDITABLE_FIELDS_BY_STATUS[s].includes(field));
    const nothingEditable = !INVOICE_EDITABLE_FIELDS.some((f) => isFieldEditable(status, f));
    return nothingEditable ? notEditableMessage(status) : fieldNotEditableMessage(field, status, editableIn);
  }
  return undefined;
}

/** The statuses an update can move an invoice in `from` to. */
function allowedTargets(from: string): string[] {
  return INVOICE_TRANSITIONS.filter((t) => t.from === from).map((t) => t.to);
}

/** The effect records of `move`, filled from the updated invoice. */
function effectsOf(move: InvoiceTransition, invoice: Invoice): InvoiceEffect[] {
  return move.effects.map((type) => ({
    type,
    invoiceID: invoice.invoiceID,
    invoiceNumber: invoice.invoiceNumber,
    customerAccountID: invoice.customerAccountID,
    partnerAccountID: invoice.partnerAccountID,
    totalAmount: invoice.totalAmount,
    ...(invoice.dueDate === undefined ? {} : { dueDate: invoice.dueDate }),
  }));
}
