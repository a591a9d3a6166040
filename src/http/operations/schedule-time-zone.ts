import { isTimeZone } from '../../schedule/index.js';
import type { Schedule } from '../../schemas/index.js';

/** What a `scheduleTimeZone` function learns about the request it answers. */
export type ScheduleTimeZoneContext = {
  /** The account in the request's path (the schedule's owner as the store filed it). */
  readonly accountID: string;
  /** The request id the answer carries in `x-request-id`. */
  readonly requestId: string;
};

/**
 * The wall clock GET schedule expands a schedule's recurrence on: an IANA zone name such as
 * `'America/New_York'` (every schedule), or a function naming the zone of one schedule of one
 * account. Default `'UTC'`.
 */
export type ScheduleTimeZone = string | ((schedule: Schedule, context: ScheduleTimeZoneContext) => string);

/** Messages of the `scheduleTimeZone` option. */
export const SCHEDULE_TIME_ZONE_MESSAGES = Object.freeze({
  option: (value: string) => `createHandler: scheduleTimeZone must be an IANA time zone name (e.g. 'America/New_York') or a function returning one; got ${value}`,
  returned: (value: string, scheduleID: string) =>
    `createHandler: scheduleTimeZone returned ${value} for schedule ${scheduleID}, which is not an IANA time zone name`,
});

const shown = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value.slice(0, 80)) : String(typeof value));

/**
 * Checks the `scheduleTimeZone` option once, at start-up: absent is `'UTC'`; a string must be
 * a zone Intl knows; a function is kept (its answers are checked per request).
 *
 * @example
 * resolveScheduleTimeZone('Europe/Berlin') // 'Europe/Berlin'
 * resolveScheduleTimeZone('Europe/Berlim') // throws TypeError
 */
export function resolveScheduleTimeZone(option: unknown): ScheduleTimeZone {
  if (option === undefined) return 'UTC';
  if (typeof option === 'function') return option as ScheduleTimeZone;
  if (typeof option === 'string' && isTimeZone(option)) return option;
  throw new TypeError(SCHEDULE_TIME_ZONE_MESSAGES.option(shown(option)));
}

/**
 * The zone one GET schedule expands on. A function that throws, or returns something that is
 * not a zone name, makes the request fail (the handler answers 500 and reports it to `onError`):
 * the error is the host's, not the client's.
 *
 * @example
 * scheduleZoneFor((s, c) => (c.accountID === 'acct-eu' ? 'Europe/Berlin' : 'UTC'), schedule, { accountID: 'acct-eu', requestId: 'r1' }) // 'Europe/Berlin'
 */
export function scheduleZoneFor(option: ScheduleTimeZone, schedule: Schedule, context: ScheduleTimeZoneContext): string {
  if (typeof option === 'string') return option;
  const zone: unknown = option(schedule, context);
  if (typeof zone === 'string' && isTimeZone(zone)) return zone;
  throw new TypeError(SCHEDULE_TIME_ZONE_MESSAGES.returned(shown(zone), schedule.scheduleID ?? '(without ID)'));
}
