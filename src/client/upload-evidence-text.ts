import { UPLOAD_EVIDENCE_TEXT, type PathParams } from '../operations/index.js';
import { validateEvidenceTextRequest, type EvidenceText, type EvidenceTextRequest } from '../schemas/index.js';
import type { CallOptions } from './call.js';
import type { ClientResult } from './result.js';
import { sendBody } from './send-body.js';
import type { Transport } from './transport.js';

/** The result of `uploadEvidenceText`: 201 with the evidence record, or `{ error }` for 400, 401, 403, 404, 409, 429, 500, 504 (spec 4.3). */
export type UploadEvidenceTextResult = ClientResult<typeof UPLOAD_EVIDENCE_TEXT, EvidenceText>;

/**
 * POST /accounts/{accountID}/disputes/{disputeID}/evidence-text (spec 4.3). The body is checked
 * with `validateEvidenceTextRequest` first: an invalid one is answered locally with the 400 the
 * server would answer (this operation has no 422), and never sent.
 *
 * @example
 * const result = await uploadEvidenceText(api, { accountID, disputeID }, { evidenceType: 'receipt', text: 'Paid in full.' });
 */
export function uploadEvidenceText(
  transport: Transport,
  params: PathParams<typeof UPLOAD_EVIDENCE_TEXT>,
  body: EvidenceTextRequest,
  options?: CallOptions,
): Promise<UploadEvidenceTextResult> {
  return sendBody(transport, UPLOAD_EVIDENCE_TEXT, params, body, options, validateEvidenceTextRequest, {}) as Promise<UploadEvidenceTextResult>;
}
