import type { Adjustment } from '../../schemas/index.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { errorReply } from '../core/reply.js';
import { afterRead, param } from './context.js';
import type { PlainReply } from '../core/exchange.js';
import { GET_ADJUSTMENT } from '../../operations/index.js';
import { declareOperation } from './declaration.js';

// The store port promises that a returned object never changes (see `Store`), so its JSON
// is computed once per object, as the schedule view does for schedules.
const serialized = new WeakMap<object, string>();

function bodyOf(adjustment: Adjustment): string {
  if (typeof adjustment !== 'object' || adjustment === null) return JSON.stringify(adjustment);
  let body = serialized.get(adjustment);
  if (body === undefined) {
    body = JSON.stringify(adjustment);
    serialized.set(adjustment, body);
  }
  return body;
}

const adjustmentReply = (adjustment: Adjustment | undefined): PlainReply =>
  adjustment === undefined ? errorReply(404, HTTP_MESSAGES.adjustmentNotFound) : { status: 200, body: bodyOf(adjustment) };

/** GET /accounts/{accountID}/adjustments/{adjustmentID} (spec 4.5): 200 with the adjustment, or 404. */
export const getAdjustment = /* @__PURE__ */ declareOperation({
  ...GET_ADJUSTMENT,
  docs: { summary: 'Get a wallet adjustment', description: 'One adjustment of a wallet.', success: 'Adjustment' },
  // The memory store's read answers at once (`context.reads`): no promise, no tick.
  run: (context) => {
    const adjustmentID = param(context, 'adjustmentID');
    const { reads } = context;
    // Any other store's answer is awaited as `await` would (a thenable included).
    const read = reads === undefined ? Promise.resolve(context.store.getAdjustment(context.accountID, adjustmentID)) : reads.getAdjustment(context.accountID, adjustmentID);
    return afterRead(read, adjustmentReply, context);
  },
});
