import { UPDATE_INVOICE, type PathParams } from '../operations/index.js';
import { validateInvoiceUpdate, type Invoice, type InvoiceUpdate, type InvoiceUpdateErrorBody } from '../schemas/index.js';
import type { CallOptions } from './call.js';
import type { ClientResult } from './result.js';
import { sendBody } from './send-body.js';
import type { Transport } from './transport.js';

/** The result of `updateInvoice`: 200 with the invoice; 422 with the per-field body of spec 4.2; `{ error }` for the others. */
export type UpdateInvoiceResult = ClientResult<typeof UPDATE_INVOICE, Invoice, { 422: InvoiceUpdateErrorBody }>;

const SHAPES = { fields: true } as const;

/**
 * PATCH /accounts/{accountID}/invoices/{invoiceID} (spec 4.2). The body is checked with
 * `validateInvoiceUpdate` first: an invalid one is answered locally (`local: true`) with the
 * 400 or 422 the server would answer, and never sent.
 *
 * @example
 * const result = await updateInvoice(api, { accountID, invoiceID }, { status: 'unpaid' });
 * if (!result.ok && result.kind === 'answer' && result.status === 422) console.log(result.body);
 */
export function updateInvoice(
  transport: Transport,
  params: PathParams<typeof UPDATE_INVOICE>,
  body: InvoiceUpdate,
  options?: CallOptions,
): Promise<UpdateInvoiceResult> {
  return sendBody(transport, UPDATE_INVOICE, params, body, options, validateInvoiceUpdate, SHAPES) as Promise<UpdateInvoiceResult>;
}
