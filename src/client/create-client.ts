import { ANSWER_CHECKS } from './answer-checks.js';
import type { CallOptions, ReadOptions } from './call.js';
import { createWalletSession, type CreateWalletSessionResult } from './create-wallet-session.js';
import { getAdjustment, type GetAdjustmentResult } from './get-adjustment.js';
import { getSchedule, type GetScheduleResult } from './get-schedule.js';
import { CLIENT_OPTION_KEYS, createTransport, type ClientOptions, type Transport } from './transport.js';
import { checkOptionKeys } from '../shared/known-options.js';
import { updateInvoice, type UpdateInvoiceResult } from './update-invoice.js';
import { uploadEvidenceText, type UploadEvidenceTextResult } from './upload-evidence-text.js';

/** The client: one method per specified operation (spec 4.1-4.5). */
export type Client = {
  readonly getSchedule: (params: Parameters<typeof getSchedule>[1], options?: ReadOptions) => Promise<GetScheduleResult>;
  readonly updateInvoice: (params: Parameters<typeof updateInvoice>[1], body: Parameters<typeof updateInvoice>[2], options?: CallOptions) => Promise<UpdateInvoiceResult>;
  readonly uploadEvidenceText: (
    params: Parameters<typeof uploadEvidenceText>[1],
    body: Parameters<typeof uploadEvidenceText>[2],
    options?: CallOptions,
  ) => Promise<UploadEvidenceTextResult>;
  readonly createWalletSession: (
    params: Parameters<typeof createWalletSession>[1],
    body: Parameters<typeof createWalletSession>[2],
    options?: CallOptions,
  ) => Promise<CreateWalletSessionResult>;
  readonly getAdjustment: (params: Parameters<typeof getAdjustment>[1], options?: ReadOptions) => Promise<GetAdjustmentResult>;
  /** The resolved transport, for the separately imported operation functions. */
  readonly transport: Transport;
};

/**
 * The client of the API: every operation, each body validated before it is sent, every answer
 * read into a typed result and every success body checked against its resource schema
 * (`ANSWER_CHECKS`, unless `answerChecks` says otherwise). Never rejects for an HTTP answer.
 *
 * @example
 * const client = createClient({ baseUrl: 'https://api.example.com', token });
 * const result = await client.updateInvoice({ accountID, invoiceID }, { status: 'unpaid' });
 * if (result.ok) console.log(result.data.status);
 */
export function createClient(options: ClientOptions): Client {
  checkOptionKeys(options, CLIENT_OPTION_KEYS, 'createClient');
  const transport = createTransport({ answerChecks: ANSWER_CHECKS, ...options });
  return Object.freeze({
    getSchedule: (params, callOptions) => getSchedule(transport, params, callOptions),
    updateInvoice: (params, body, callOptions) => updateInvoice(transport, params, body, callOptions),
    uploadEvidenceText: (params, body, callOptions) => uploadEvidenceText(transport, params, body, callOptions),
    createWalletSession: (params, body, callOptions) => createWalletSession(transport, params, body, callOptions),
    getAdjustment: (params, callOptions) => getAdjustment(transport, params, callOptions),
    transport,
  } satisfies Client);
}
