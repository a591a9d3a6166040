import { WEEKDAYS } from '../../rrule/types.js';
import { isTimeZone } from '../../rrule/zone.js';
import { dayOf } from '../business-days/business-days.js';
import { RAIL_CALENDARS, type DayTime, type RailCalendar, type RailName } from './calendars.js';
import { RAIL_MESSAGES as M } from './messages.js';

const MINUTES_PER_DAY = 1440;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** One window in minutes from the operating day's midnight (negative: the day before). */
export type ResolvedWindow = {
  readonly name: string;
  /** `undefined`: opens when the window before it closes. */
  readonly opens: number | undefined;
  readonly closes: number;
  readonly settles: number | 'on-receipt';
};

/** A checked rail calendar, in the form the window search reads. */
export type ResolvedRail = {
  readonly name: string;
  readonly timeZone: string;
  readonly weekdays: ReadonlySet<number>;
  readonly closedOnFedHolidays: boolean;
  readonly closings: ReadonlySet<number>;
  readonly windows: readonly ResolvedWindow[];
};

/**
 * The rail named `rail` in {@link RAIL_CALENDARS}, or a host's own calendar object, checked
 * and resolved. Throws `TypeError` for an unknown name or a value that is
 * neither, and `RangeError` naming the problem for an invalid calendar: an unknown zone, no
 * weekdays, a closing that is not a `YYYY-MM-DD` date in 1971-9999, no windows, a clock time
 * that is not `HH:MM`, windows out of closing order or spanning a day or more, a window that
 * opens at or after it closes, or one that settles before it closes.
 *
 * @example
 * resolveRail('fedwire').windows // [{ name: 'funds-transfer business day', opens: -180, closes: 1140, settles: 'on-receipt' }]
 */
export function resolveRail(rail: unknown): ResolvedRail {
  if (typeof rail === 'string') {
    if (!Object.hasOwn(RAIL_CALENDARS, rail)) throw new TypeError(M.unknownRail(rail));
    return resolveRail(RAIL_CALENDARS[rail as RailName]);
  }
  if (typeof rail !== 'object' || rail === null || Array.isArray(rail)) throw new TypeError(M.unknownRail(rail));
  // Checked on every call (a few dozen steps): a host may change its calendar between calls.
  return checkCalendar(rail as RailCalendar);
}

function invalid(detail: string): RangeError {
  return new RangeError(M.invalidCalendar(detail));
}

function checkCalendar(calendar: RailCalendar): ResolvedRail {
  const { name, timeZone, days, windows, source } = calendar;
  if (typeof name !== 'string' || name === '') throw invalid('name must be a non-empty string');
  if (typeof source !== 'string') throw invalid('source must be a string (where the figures come from)');
  if (typeof timeZone !== 'string' || !isTimeZone(timeZone)) throw invalid('timeZone must be an IANA time zone name');
  if (typeof days !== 'object' || days === null) throw invalid('days must be an object');
  const weekdayList: unknown = days.weekdays;
  if (!Array.isArray(weekdayList) || weekdayList.length === 0) throw invalid('days.weekdays must list at least one weekday');
  const weekdays = new Set<number>();
  for (const day of weekdayList) {
    const index = (WEEKDAYS as readonly unknown[]).indexOf(day);
    if (index === -1) throw invalid(`days.weekdays must hold MO, TU, WE, TH, FR, SA or SU; got ${JSON.stringify(String(day).slice(0, 10))}`);
    weekdays.add(index);
  }
  if (typeof days.closedOnFedHolidays !== 'boolean') throw invalid('days.closedOnFedHolidays must be true or false');
  const closingList: unknown = days.closings ?? [];
  if (!Array.isArray(closingList)) throw invalid('days.closings must be a list of YYYY-MM-DD dates');
  const closings = new Set<number>();
  for (const date of closingList) {
    try {
      closings.add(dayOf(date));
    } catch (e) {
      throw invalid(`days.closings: ${(e as Error).message}`);
    }
  }
  if (!Array.isArray(windows) || windows.length === 0) throw invalid('windows must list at least one submission window');
  const out: ResolvedWindow[] = [];
  for (const [i, w] of windows.entries()) {
    if (typeof w !== 'object' || w === null) throw invalid(`windows[${i}] must be an object`);
    if (typeof w.name !== 'string') throw invalid(`windows[${i}].name must be a string`);
    const closes = minutesOf(w.closes, `windows[${i}].closes`);
    const opens = w.opens === undefined ? undefined : minutesOf(w.opens, `windows[${i}].opens`);
    const settles = w.settles === 'on-receipt' ? 'on-receipt' : minutesOf(w.settles, `windows[${i}].settles`);
    const before = out[i - 1];
    if (before !== undefined && closes <= before.closes) throw invalid(`windows[${i}] must close after windows[${i - 1}]`);
    if (opens !== undefined && opens >= closes) throw invalid(`windows[${i}] must open before it closes`);
    if (settles !== 'on-receipt' && settles < closes) throw invalid(`windows[${i}] must not settle before it closes`);
    out.push({ name: w.name, opens, closes, settles });
  }
  const first = out[0]?.closes ?? 0;
  const last = out[out.length - 1]?.closes ?? 0;
  if (last - first >= MINUTES_PER_DAY) throw invalid('the windows of one operating day must close within one day of each other');
  return { name, timeZone, weekdays, closedOnFedHolidays: days.closedOnFedHolidays, closings, windows: out };
}

function minutesOf(value: DayTime | undefined, path: string): number {
  if (typeof value !== 'object' || value === null) throw invalid(`${path} must be { time: 'HH:MM', day?: -1 | 0 | 1 }`);
  const m = typeof value.time === 'string' ? CLOCK.exec(value.time) : null;
  if (m === null) throw invalid(`${path}.time must be a clock time written HH:MM (00:00 to 23:59)`);
  const day = value.day ?? 0;
  if (day !== -1 && day !== 0 && day !== 1) throw invalid(`${path}.day must be -1, 0 or 1`);
  return day * MINUTES_PER_DAY + Number(m[1]) * 60 + Number(m[2]);
}
