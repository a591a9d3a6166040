import { HTTP_MESSAGES } from '../core/messages.js';
import { errorReply } from '../core/reply.js';
import { type SpecifiedContext, afterRead, param } from './context.js';
import type { PlainReply } from '../core/exchange.js';
import type { Schedule } from '../../schemas/index.js';
import { GET_SCHEDULE } from '../../operations/index.js';
import { declareOperation } from './declaration.js';
import { type ScheduleHorizon, ScheduleView } from './schedule-view.js';
import { scheduleZoneFor } from './schedule-time-zone.js';

const views = new WeakMap<ScheduleHorizon, ScheduleView>();

/** The last horizon asked for and its view: one handler's requests skip the map. */
let lastHorizon: ScheduleHorizon | undefined;
let lastView: ScheduleView | undefined;

/** One view (and cache) per handler: its resolved horizon object is the key. */
function viewFor(horizon: ScheduleHorizon): ScheduleView {
  if (horizon === lastHorizon && lastView !== undefined) return lastView;
  let view = views.get(horizon);
  if (view === undefined) views.set(horizon, (view = new ScheduleView(horizon)));
  lastHorizon = horizon;
  lastView = view;
  return view;
}

/** The answer for the schedule read (or its absence). */
function scheduleReply(schedule: Schedule | undefined, context: SpecifiedContext): PlainReply {
  if (schedule === undefined) return errorReply(404, HTTP_MESSAGES.scheduleNotFound);
  const { now, scheduleHorizon, scheduleTimeZone } = context.options;
  // A fixed zone (the usual option) needs no context object.
  const timeZone =
    typeof scheduleTimeZone === 'string' ? scheduleTimeZone : scheduleZoneFor(scheduleTimeZone, schedule, { accountID: context.accountID, requestId: context.requestId });
  return { status: 200, body: viewFor(scheduleHorizon).body(schedule, now(), timeZone) };
}

/**
 * GET /accounts/{accountID}/schedules/{scheduleID} (spec 4.1): 200 with the schedule and
 * its occurrences (see `occurrencesToShow`), or 404.
 */
export const getSchedule = /* @__PURE__ */ declareOperation({
  ...GET_SCHEDULE,
  docs: {
    summary: 'Get a schedule',
    description:
      "The schedule with its past stored occurrences and its upcoming ones (stored and generated from the recurrence rule, merged in time order). Generated occurrences follow the wall clock of the server's schedule time zone (UTC unless the server is configured otherwise): the start's local time of day is kept across daylight-saving changes in that zone.",
    success: 'Schedule',
  },
  // The memory store's read answers at once (`context.reads`): no promise, no tick.
  run: (context) => {
    const scheduleID = param(context, 'scheduleID');
    const { reads } = context;
    // Any other store's answer is awaited as `await` would (a thenable included).
    const read = reads === undefined ? Promise.resolve(context.store.getSchedule(context.accountID, scheduleID)) : reads.getSchedule(context.accountID, scheduleID);
    return afterRead(read, scheduleReply, context);
  },
});
