import { HTTP_MESSAGES } from '../core/messages.js';
import { errorReply } from '../core/reply.js';
import { param } from './context.js';
import { GET_SCHEDULE } from '../../operations/index.js';
import { declareOperation } from './declaration.js';
import { type ScheduleHorizon, ScheduleView } from './schedule-view.js';
import { scheduleZoneFor } from './schedule-time-zone.js';

const views = new WeakMap<ScheduleHorizon, ScheduleView>();

/** One view (and cache) per handler: its resolved horizon object is the key. */
function viewFor(horizon: ScheduleHorizon): ScheduleView {
  let view = views.get(horizon);
  if (view === undefined) views.set(horizon, (view = new ScheduleView(horizon)));
  return view;
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
  run: async (context) => {
    const { now, scheduleHorizon, scheduleTimeZone } = context.options;
    const schedule = await context.store.getSchedule(context.accountID, param(context, 'scheduleID'));
    if (schedule === undefined) return errorReply(404, HTTP_MESSAGES.scheduleNotFound);
    const timeZone = scheduleZoneFor(scheduleTimeZone, schedule, { accountID: context.accountID, requestId: context.requestId });
    return { status: 200, body: viewFor(scheduleHorizon).body(schedule, now(), timeZone) };
  },
});
