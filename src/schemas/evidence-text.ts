import * as v from 'valibot';
import { FIELD_LIMITS } from '../limits/index.js';
import { DateTimeSchema } from './date-time.js';
import { EVIDENCE_TYPES } from './enums.js';
import { jsonObject } from './json-object.js';
import { oneOf } from './picklist.js';
import { TextSchema, textSchema } from './text.js';

/** The upload-evidence-text request body (spec 4.3): `text` at most 750 characters. */
export const EvidenceTextRequestSchema = jsonObject({
  evidenceType: oneOf(EVIDENCE_TYPES),
  text: textSchema(FIELD_LIMITS.evidenceText),
});

/** The evidence-text record (spec 2.7), the 201 response; the 750 limit is on the request. */
export const EvidenceTextSchema = jsonObject({
  evidenceID: TextSchema,
  disputeID: TextSchema,
  evidenceType: oneOf(EVIDENCE_TYPES),
  text: TextSchema,
  createdOn: DateTimeSchema,
});

/** A validated upload-evidence-text body. */
export type EvidenceTextRequest = v.InferOutput<typeof EvidenceTextRequestSchema>;

/** An evidence-text record. */
export type EvidenceText = v.InferOutput<typeof EvidenceTextSchema>;
