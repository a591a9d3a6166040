import * as v from 'valibot';
import { FIELD_LIMITS } from '../limits/index.js';
import { jsonObject } from './json-object.js';
import { TextSchema, textSchema } from './text.js';

/** `achDetails` of a transfer endpoint (spec 2.5): both overrides optional, with lengths. */
export const AchDetailsSchema = jsonObject({
  companyEntryDescription: v.optional(textSchema(FIELD_LIMITS.companyEntryDescription)),
  originatingCompanyName: v.optional(textSchema(FIELD_LIMITS.originatingCompanyName)),
});

/** `cardDetails` of a transfer endpoint (spec 2.5): an optional dynamic descriptor. */
export const CardDetailsSchema = jsonObject({
  dynamicDescriptor: v.optional(textSchema(FIELD_LIMITS.dynamicDescriptor)),
});

/** TransferEndpoint (spec 2.5), the source or destination of a run transfer. */
export const TransferEndpointSchema = jsonObject({
  paymentMethodID: TextSchema,
  achDetails: v.optional(AchDetailsSchema),
  cardDetails: v.optional(CardDetailsSchema),
});

/** The explicit type of what {@link TransferEndpointSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { TransferEndpoint } from './shapes/run-transfer.js';
