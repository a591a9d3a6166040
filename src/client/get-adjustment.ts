import { GET_ADJUSTMENT, type PathParams } from '../operations/index.js';
import type { Adjustment } from '../schemas/index.js';
import { call, type ReadOptions } from './call.js';
import type { ClientResult } from './result.js';
import type { Transport } from './transport.js';

/** The result of `getAdjustment`: 200 with the adjustment, or 401, 403, 404, 429, 500, 504 (spec 4.5). */
export type GetAdjustmentResult = ClientResult<typeof GET_ADJUSTMENT, Adjustment>;

/**
 * GET /accounts/{accountID}/adjustments/{adjustmentID} (spec 4.5).
 *
 * @example
 * const result = await getAdjustment(api, { accountID, adjustmentID });
 * if (result.ok) console.log(result.data.amount.valueDecimal);
 */
export function getAdjustment(transport: Transport, params: PathParams<typeof GET_ADJUSTMENT>, options?: ReadOptions): Promise<GetAdjustmentResult> {
  return call(transport, GET_ADJUSTMENT, params, options, undefined, {}) as Promise<GetAdjustmentResult>;
}
