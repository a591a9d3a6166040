// The dispute evidence-text shapes (spec 2.7, 4.3); test/types/schema-types.ts holds each
// equal to what its valibot schema outputs.
import type { EvidenceType } from '../enums.js';

/** A valid upload-evidence-text body (spec 4.3), as `EvidenceTextRequestSchema` and `validateEvidenceTextRequest` output it. */
export interface EvidenceTextRequest {
  evidenceType: EvidenceType;
  /** At most 750 characters. */
  text: string;
}

/** An evidence-text record (spec 2.7), the 201 answer of upload-evidence-text, as `EvidenceTextSchema` outputs it. */
export interface EvidenceText {
  evidenceID: string;
  disputeID: string;
  evidenceType: EvidenceType;
  text: string;
  /** An RFC 3339 date-time, in canonical form. */
  createdOn: string;
}
