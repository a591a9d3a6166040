import { applyInvoiceUpdate } from '../../invoice/index.js';
import { readJsonBody } from '../json-body.js';
import { HTTP_MESSAGES } from '../messages.js';
import { errorReply, jsonReply } from '../reply.js';
import { type SpecifiedOperation, param } from './context.js';

/**
 * PATCH /accounts/{accountID}/invoices/{invoiceID} (spec 4.2). Order: body syntax (400),
 * the invoice (404), the update (`applyInvoiceUpdate`: 400, 409, 422), then a
 * compare-and-set write on the version that was read (409 when another request changed
 * the invoice meanwhile: never a lost update). Effects go to `onEffect` once each, only
 * after the write committed; a failing callback is reported to `onError` and does not
 * change the 200, since the update is stored.
 */
export const updateInvoice: SpecifiedOperation = async (context) => {
  const { store, clock, onEffect, onError, maxBodyBytes, requestLimits } = context.options;
  const body = await readJsonBody(context.exchange, maxBodyBytes, context.options.maxJsonValues);
  if (!body.ok) return errorReply(400, body.error);
  const current = await store.getInvoice(context.accountID, param(context, 'invoiceID'));
  if (current === undefined) return errorReply(404, HTTP_MESSAGES.invoiceNotFound);
  const result = applyInvoiceUpdate(current.invoice, body.value, { now: clock(), limits: requestLimits });
  if (!result.ok) return jsonReply(result.status, result.body);
  const written = await store.compareAndSetInvoice(context.accountID, result.invoice, current.version);
  if (!written.ok) {
    return written.reason === 'conflict'
      ? errorReply(409, HTTP_MESSAGES.invoiceChanged)
      : errorReply(404, HTTP_MESSAGES.invoiceNotFound);
  }
  if (onEffect !== undefined) {
    const effectContext = { accountID: context.accountID, requestId: context.requestId };
    for (const effect of result.effects) {
      try {
        await onEffect(effect, effectContext);
      } catch (error) {
        onError?.(error, { requestId: context.requestId, operationId: 'updateInvoice' });
      }
    }
  }
  return jsonReply(200, result.invoice);
};
