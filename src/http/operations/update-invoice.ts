import { applyInvoiceUpdate } from '../../invoice/index.js';
import { idempotencyExtras } from '../idempotency/ticket.js';
import { readJsonBody } from '../core/json-body.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { errorReply, jsonReply } from '../core/reply.js';
import type { NewEffect } from '../store/port.js';
import { param } from './context.js';
import { UPDATE_INVOICE } from '../../operations/index.js';
import { declareOperation } from './declaration.js';

/**
 * PATCH /accounts/{accountID}/invoices/{invoiceID} (spec 4.2). Order: body syntax (400),
 * the invoice (404), the update (`applyInvoiceUpdate`: 400, 409, 422), then a
 * compare-and-set write on the version that was read (409 when another request changed
 * the invoice meanwhile: never a lost update). The write commits the update's effects to the
 * outbox, each with a fresh `effectID` from `generateId`, and, under an `Idempotency-Key`, the
 * 200 itself, all in one store transaction; delivery happens later, off the request path
 * (`effectsCommitted` wakes the in-process dispatcher of `onEffect`).
 */
export const updateInvoice = /* @__PURE__ */ declareOperation({
  ...UPDATE_INVOICE,
  docs: {
    summary: 'Update an invoice',
    description:
      'Changes the fields sent; an omitted field is unchanged and `null` unsets a date. Status moves follow the invoice status table; draft -> unpaid finalizes the invoice and e-mails the customer a payment link. Totals are recomputed exactly.',
    requestBody: 'InvoiceUpdate',
    success: 'Invoice',
    unprocessable: 'InvoiceUpdateErrors',
  },
  run: async (context) => {
    const { clock, generateId, maxBodyBytes, effectsCommitted, limits } = context.options;
    const { store } = context;
    const body = await readJsonBody(context.exchange, maxBodyBytes, context.options.maxJsonValues);
    if (!body.ok) return errorReply(400, body.error);
    const current = await store.getInvoice(context.accountID, param(context, 'invoiceID'));
    if (current === undefined) return errorReply(404, HTTP_MESSAGES.invoiceNotFound);
    const result = applyInvoiceUpdate(current.invoice, body.value, { now: clock(), limits });
    if (!result.ok) return jsonReply(result.status, result.body);
    const reply = jsonReply(200, result.invoice);
    const effects: NewEffect[] = result.effects.map((effect) => ({ effectID: generateId(), requestId: context.requestId, effect }));
    const completion = idempotencyExtras(context.idempotency, reply);
    const extras = effects.length === 0 ? completion : { effects, ...completion };
    const written = await store.compareAndSetInvoice(context.accountID, result.invoice, current.version, extras);
    if (!written.ok) {
      return written.reason === 'conflict'
        ? errorReply(409, HTTP_MESSAGES.invoiceChanged)
        : errorReply(404, HTTP_MESSAGES.invoiceNotFound);
    }
    context.idempotency?.stored();
    if (effects.length > 0) effectsCommitted?.();
    return reply;
  },
});
