import { AmountDecimalSchema } from './amount-decimal.js';
import { DateTimeSchema } from './date-time.js';
import { jsonObject } from './json-object.js';
import { TextSchema } from './text.js';

/** Adjustment of a wallet (spec 2.9), the get-an-adjustment response. */
export const AdjustmentSchema = jsonObject({
  adjustmentID: TextSchema,
  walletID: TextSchema,
  amount: AmountDecimalSchema,
  createdOn: DateTimeSchema,
});

/** The explicit type of what {@link AdjustmentSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { Adjustment } from './shapes/adjustment.js';
