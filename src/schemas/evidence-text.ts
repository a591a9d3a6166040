import * as v from 'valibot';
import { FIELD_LIMITS, REQUEST_LIMITS, type RequestLimits } from '../limits/index.js';
import { closedObject } from './closed-object.js';
import { DateTimeSchema } from './date-time.js';
import { EVIDENCE_TYPES } from './enums.js';
import { jsonObject } from './json-object.js';
import { oneOf } from './picklist.js';
import { TextSchema, textSchema } from './text.js';

/**
 * The upload-evidence-text request body (spec 4.3) under `limits`: `text` at most 750
 * characters; any other field is an error.
 *
 * @example
 * evidenceTextRequestSchema(REQUEST_LIMITS)
 */
/* @__NO_SIDE_EFFECTS__ */
export function evidenceTextRequestSchema(limits: RequestLimits) {
  return closedObject(
    { evidenceType: oneOf(EVIDENCE_TYPES), text: textSchema(FIELD_LIMITS.evidenceText) },
    limits.fieldErrors,
  );
}

/** The upload-evidence-text request body (spec 4.3) under the default limits. */
export const EvidenceTextRequestSchema = evidenceTextRequestSchema(REQUEST_LIMITS);

/** The evidence-text record (spec 2.7), the 201 response; the 750 limit is on the request. */
export const EvidenceTextSchema = jsonObject({
  evidenceID: TextSchema,
  disputeID: TextSchema,
  evidenceType: oneOf(EVIDENCE_TYPES),
  text: TextSchema,
  createdOn: DateTimeSchema,
});

/** The explicit type of what {@link EvidenceTextRequestSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { EvidenceTextRequest } from './shapes/evidence-text.js';

/** The explicit type of what {@link EvidenceTextSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { EvidenceText } from './shapes/evidence-text.js';
