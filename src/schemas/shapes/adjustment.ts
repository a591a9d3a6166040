// The wallet adjustment (spec 2.9); test/types/schema-types.ts holds it equal to what
// `AdjustmentSchema` outputs.
import type { AmountDecimalBody } from './amount.js';

/** A wallet adjustment (spec 2.9, the get-an-adjustment response), as `AdjustmentSchema` outputs it. */
export interface Adjustment {
  adjustmentID: string;
  walletID: string;
  amount: AmountDecimalBody;
  /** An RFC 3339 date-time, in canonical form. */
  createdOn: string;
}
