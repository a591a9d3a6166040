import type { Adjustment } from '../../schemas/index.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { errorReply } from '../core/reply.js';
import { param } from './context.js';
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

/** GET /accounts/{accountID}/adjustments/{adjustmentID} (spec 4.5): 200 with the adjustment, or 404. */
export const getAdjustment = /* @__PURE__ */ declareOperation({
  ...GET_ADJUSTMENT,
  docs: { summary: 'Get a wallet adjustment', description: 'One adjustment of a wallet.', success: 'Adjustment' },
  run: async (context) => {
    const adjustment = await context.store.getAdjustment(context.accountID, param(context, 'adjustmentID'));
    return adjustment === undefined ? errorReply(404, HTTP_MESSAGES.adjustmentNotFound) : { status: 200, body: bodyOf(adjustment) };
  },
});
