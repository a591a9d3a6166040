import { RAIL_NAMES } from './calendars.js';

/** The messages of the rail-calendar functions, as data. */
export const RAIL_MESSAGES = {
  unknownRail: (got: unknown) =>
    `rail must be one of ${RAIL_NAMES.join(', ')} or a rail calendar object; got ${typeof got === 'string' ? JSON.stringify(got.slice(0, 40)) : typeof got}`,
  invalidInstant: (name: string) => `${name} must be a valid Date`,
  invalidCalendar: (detail: string) => `the rail calendar is invalid: ${detail}`,
  noOperatingDay: (days: number) =>
    `the rail calendar has no operating day within ${days} days: check its weekdays and closings`,
  railWithDays: "options.rail and options.days cannot be combined: a rail calendar names its own days",
} as const;
