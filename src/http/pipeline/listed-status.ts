import { type Reply, isResponseReply } from '../core/exchange.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { errorReply } from '../core/reply.js';
import type { RequestState } from './request-state.js';

const INTERNAL_ERROR = errorReply(500, HTTP_MESSAGES.internal);

/**
 * The listed-status step: a specified operation answers only the statuses spec 4 lists for it
 * (the steps' own 401, 403, 429 and version answers are listed too); anything else is a
 * defect, reported to `onError` and answered 500. A host operation's `Response` is its own.
 *
 * @example
 * checkListed(state, { status: 418 }) // { status: 500, body: '{"error":"internal error"}' }, reported
 */
export function checkListed(state: RequestState, reply: Reply): Reply {
  const { entry } = state;
  if (entry === undefined || isResponseReply(reply) || entry.listed === undefined || entry.listed[reply.status] === 1) return reply;
  state.report(new Error(`operation ${entry.id} answered unlisted status ${reply.status}`));
  return INTERNAL_ERROR;
}
