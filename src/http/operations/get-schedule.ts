import { HTTP_MESSAGES } from '../messages.js';
import type { ScheduleHorizon } from '../options.js';
import { errorReply } from '../reply.js';
import { type SpecifiedOperation, param } from './context.js';
import { ScheduleView } from './schedule-view.js';

export { occurrencesToShow } from './schedule-view.js';

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
export const getSchedule: SpecifiedOperation = async (context) => {
  const { store, clock, scheduleHorizon } = context.options;
  const schedule = await store.getSchedule(context.accountID, param(context, 'scheduleID'));
  if (schedule === undefined) return errorReply(404, HTTP_MESSAGES.scheduleNotFound);
  return { status: 200, body: viewFor(scheduleHorizon).body(schedule, clock()) };
};
