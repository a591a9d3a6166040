import type * as v from 'valibot';
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

/** A wallet adjustment, as validated by {@link AdjustmentSchema}. */
export type Adjustment = v.InferOutput<typeof AdjustmentSchema>;
