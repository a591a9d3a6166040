import { HTTP_MESSAGES } from '../messages.js';
import { errorReply, jsonReply } from '../reply.js';
import { type SpecifiedOperation, param } from './context.js';

/** GET /accounts/{accountID}/adjustments/{adjustmentID} (spec 4.5): 200 with the adjustment, or 404. */
export const getAdjustment: SpecifiedOperation = async (context) => {
  const adjustment = await context.options.store.getAdjustment(context.accountID, param(context, 'adjustmentID'));
  return adjustment === undefined ? errorReply(404, HTTP_MESSAGES.adjustmentNotFound) : jsonReply(200, adjustment);
};
