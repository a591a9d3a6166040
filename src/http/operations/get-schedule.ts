import { scheduleOccurrences } from '../../schedule/occurrences.js';
import { parseDateTime } from '../../shared/rfc3339.js';
import type { Occurrence, Schedule } from '../../schemas/index.js';
import { HTTP_MESSAGES } from '../messages.js';
import type { ScheduleHorizon } from '../options.js';
import { errorReply, jsonReply } from '../reply.js';
import { type SpecifiedOperation, param } from './context.js';

const DAY_MS = 86_400_000;

/**
 * The occurrences get-schedule answers with: every stored occurrence before `now` (the
 * schedule's history, as stored), then `scheduleOccurrences` over `[now, now + days)`,
 * capped at `limit` (explicit and generated merged, explicit wins on the same instant). A
 * schedule with `disabledOn` shows nothing upcoming at or after that instant.
 *
 * @example
 * occurrencesToShow(schedule, new Date('2026-04-01T00:00:00Z'), { days: 366, limit: 100 })
 */
export function occurrencesToShow(schedule: Schedule, now: Date, horizon: ScheduleHorizon): Occurrence[] {
  const end = Math.min(now.getTime() + horizon.days * DAY_MS, disabledAt(schedule));
  const stored = schedule.occurrences ?? [];
  const history = stored.length === 0 ? [] : scheduleOccurrences({ occurrences: stored }, { to: now });
  if (end <= now.getTime()) return history;
  const upcoming = scheduleOccurrences(schedule, { from: now, to: new Date(end), limit: horizon.limit });
  return [...history, ...upcoming];
}

function disabledAt(schedule: Schedule): number {
  if (schedule.disabledOn === undefined) return Number.POSITIVE_INFINITY;
  const parsed = parseDateTime(schedule.disabledOn);
  return parsed.ok ? parsed.value.getTime() : Number.POSITIVE_INFINITY;
}

/** GET /accounts/{accountID}/schedules/{scheduleID} (spec 4.1): 200 with the schedule, or 404. */
export const getSchedule: SpecifiedOperation = async (context) => {
  const { store, clock, scheduleHorizon } = context.options;
  const schedule = await store.getSchedule(context.accountID, param(context, 'scheduleID'));
  if (schedule === undefined) return errorReply(404, HTTP_MESSAGES.scheduleNotFound);
  return jsonReply(200, { ...schedule, occurrences: occurrencesToShow(schedule, clock(), scheduleHorizon) });
};
