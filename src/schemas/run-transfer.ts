import * as v from 'valibot';
import { AmountSchema } from './amount.js';
import { jsonObject } from './json-object.js';
import { ScheduleLineItemsSchema } from './schedule-line-items.js';
import { TextSchema } from './text.js';
import { TransferEndpointSchema } from './transfer-endpoint.js';

/**
 * RunTransfer (spec 2.5): its fields and their rules. The cross-field rule that line
 * items plus sales tax equal the amount is `validateRunTransfer` in payments-kit/schedule.
 */
export const RunTransferSchema = jsonObject({
  amount: AmountSchema,
  description: TextSchema,
  destination: TransferEndpointSchema,
  source: TransferEndpointSchema,
  partnerAccountID: TextSchema,
  lineItems: v.optional(ScheduleLineItemsSchema),
  salesTaxAmount: v.optional(AmountSchema),
});

/** The explicit type of what {@link RunTransferSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { RunTransfer } from './shapes/run-transfer.js';
