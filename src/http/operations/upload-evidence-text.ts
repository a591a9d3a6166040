import { formatDateTime } from '../../shared/rfc3339.js';
import { validateEvidenceTextRequest } from '../../schemas/index.js';
import type { EvidenceText } from '../../schemas/index.js';
import { idempotencyExtras } from '../idempotency/ticket.js';
import { readJsonBody } from '../core/json-body.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { errorReply, jsonReply } from '../core/reply.js';
import type { Dispute } from '../store/port.js';
import { param } from './context.js';
import { UPLOAD_EVIDENCE_TEXT } from '../../operations/index.js';
import { declareOperation } from './declaration.js';

/**
 * Dispute statuses that accept evidence. A dispute stored without a status accepts it;
 * any other status (e.g. `under-review`, `accepted`, `resolved`, `closed`) is a 409.
 */
export const DISPUTE_STATUSES_ACCEPTING_EVIDENCE: readonly string[] = Object.freeze(['response-needed']);

/**
 * True when the dispute accepts evidence (see {@link DISPUTE_STATUSES_ACCEPTING_EVIDENCE}).
 *
 * @example
 * acceptsEvidence({ disputeID: 'd1', status: 'closed' }) // false
 */
export function acceptsEvidence(dispute: Dispute): boolean {
  return dispute.status === undefined || DISPUTE_STATUSES_ACCEPTING_EVIDENCE.includes(dispute.status);
}

/**
 * POST /accounts/{accountID}/disputes/{disputeID}/evidence-text (spec 4.3): 201 with the
 * evidence record. Order: body syntax (400), the dispute (404), the body's fields (400, as
 * the operation has no 422), the dispute's status (409).
 */
export const uploadEvidenceText = /* @__PURE__ */ declareOperation({
  ...UPLOAD_EVIDENCE_TEXT,
  docs: {
    summary: 'Upload dispute evidence text',
    description: 'Adds a text evidence record to a dispute that accepts evidence. Any invalid field is a 400 (this operation has no 422).',
    requestBody: 'EvidenceTextRequest',
    success: 'EvidenceText',
  },
  run: async (context) => {
    const { clock, generateId, maxBodyBytes, limits } = context.options;
    const { store } = context;
    const body = await readJsonBody(context.exchange, maxBodyBytes, context.options.maxJsonValues);
    if (!body.ok) return errorReply(400, body.error);
    const disputeID = param(context, 'disputeID');
    const dispute = await store.getDispute(context.accountID, disputeID);
    if (dispute === undefined) return errorReply(404, HTTP_MESSAGES.disputeNotFound);
    const request = validateEvidenceTextRequest(body.value, { limits });
    if (!request.ok) return jsonReply(400, request.body);
    if (!acceptsEvidence(dispute)) return errorReply(409, HTTP_MESSAGES.disputeClosed);
    const evidence: EvidenceText = {
      evidenceID: generateId(),
      disputeID,
      evidenceType: request.value.evidenceType,
      text: request.value.text,
      createdOn: formatDateTime(clock()),
    };
    const reply = jsonReply(201, evidence);
    // Under an Idempotency-Key the 201 is stored in the same store write as the evidence.
    const added = await store.addEvidence(context.accountID, evidence, idempotencyExtras(context.idempotency, reply));
    if (!added.ok) return errorReply(404, HTTP_MESSAGES.disputeNotFound);
    context.idempotency?.stored();
    return reply;
  },
});
