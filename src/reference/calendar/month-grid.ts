import { monthLength, dayNumber, weekdayOf } from '../../rrule/calendar.js';
import { FED_CALENDAR_FIRST_YEAR, FED_CALENDAR_LAST_YEAR, fedHolidays, wallTimeOf } from '../../schedule/index.js';
import { CALENDAR_MESSAGES, MONTH_NAMES } from './messages.js';

/** A run as `expandRecurrence` returns it: when, and the RRULE instances it stands for when it was moved or merged. */
export type CalendarOccurrence = { readonly runOn: string; readonly adjustedFrom?: readonly string[] | undefined };

/** One run on its local day: the instant, its local wall-clock time, and the local dates it was moved from. */
export type CalendarRun = {
  readonly runOn: string;
  /** `HH:MM` (or `HH:MM:SS` when the seconds are not zero) on the zone's wall clock. */
  readonly time: string;
  /** The local dates (`YYYY-MM-DD`) of the RRULE instances moved here; empty when the run was not moved. */
  readonly movedFrom: readonly string[];
};

/** One day of a month grid, in the zone the rule follows. */
export type CalendarDay = {
  readonly date: string;
  readonly day: number;
  /** Saturday or Sunday. */
  readonly weekend: boolean;
  /** The Federal Reserve holiday's name, when `fedHolidays` lists this date. */
  readonly holiday: string | undefined;
  readonly runs: readonly CalendarRun[];
  /** The local dates the RRULE instances due on this day were moved to. */
  readonly movedTo: readonly string[];
};

/** A month as weeks of seven cells, Sunday first; `undefined` pads the first and last week. */
export type CalendarMonth = {
  readonly year: number;
  readonly month: number;
  /** "November 2026". */
  readonly title: string;
  readonly weeks: readonly (readonly (CalendarDay | undefined)[])[];
};

/** The months of {@link calendarMonths}, and whether the runs reach beyond the last one shown. */
export type CalendarView = { readonly months: readonly CalendarMonth[]; readonly truncated: boolean };

/** The most months one view lays out (a daily rule over 30 years is a list, not a calendar). */
export const MAX_CALENDAR_MONTHS = 36;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of a civil date. */
export function isoDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** A month's index since year 0 (`year * 12 + month - 1`), for stepping through months. */
const monthIndex = (year: number, month: number): number => year * 12 + month - 1;

type Local = { readonly date: string; readonly year: number; readonly month: number; readonly time: string };

function localOf(runOn: string, timeZone: string): Local {
  const instant = new Date(runOn);
  if (Number.isNaN(instant.getTime())) throw new RangeError(CALENDAR_MESSAGES.badRunOn(runOn));
  const w = wallTimeOf(instant, timeZone);
  const time = w.second === 0 ? `${pad(w.hour)}:${pad(w.minute)}` : `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
  return { date: isoDate(w.year, w.month, w.day), year: w.year, month: w.month, time };
}

/** The Federal Reserve holidays of `year` by date; none outside the calendar's years. */
function holidaysOf(year: number, cache: Map<number, ReadonlyMap<string, string>>): ReadonlyMap<string, string> {
  let holidays = cache.get(year);
  if (holidays === undefined) {
    const inCalendar = year >= FED_CALENDAR_FIRST_YEAR && year <= FED_CALENDAR_LAST_YEAR;
    holidays = new Map(inCalendar ? fedHolidays(year).map((h) => [h.date, h.name] as const) : []);
    cache.set(year, holidays);
  }
  return holidays;
}

function monthOf(
  year: number,
  month: number,
  runs: ReadonlyMap<string, CalendarRun[]>,
  movedTo: ReadonlyMap<string, string[]>,
  holidays: ReadonlyMap<string, string>,
): CalendarMonth {
  const first = dayNumber(year, month, 1);
  // weekdayOf counts from Monday (0); the grid starts on Sunday.
  const lead = (weekdayOf(first) + 1) % 7;
  const cells: (CalendarDay | undefined)[] = Array.from({ length: lead }, () => undefined);
  for (let day = 1; day <= monthLength(year, month); day += 1) {
    const date = isoDate(year, month, day);
    cells.push({
      date,
      day,
      weekend: weekdayOf(first + day - 1) >= 5,
      holiday: holidays.get(date),
      runs: runs.get(date) ?? [],
      movedTo: movedTo.get(date) ?? [],
    });
  }
  while (cells.length % 7 !== 0) cells.push(undefined);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  return { year, month, title: `${MONTH_NAMES[month - 1] ?? ''} ${year}`, weeks };
}

/**
 * The month calendars of a schedule's runs as `expandRecurrence` returns them, on the wall
 * clock of `timeZone`: every month from the first run (or the first RRULE instance a run was
 * moved from) to the last, at most `maxMonths`; weekends and Federal Reserve holidays
 * (`fedHolidays`) marked; each run on its local day with its local time and, when the
 * business-day adjustment moved it, the days it came from (which show where it went).
 * Nothing is computed here that the library did not: the dates are those of the runs given.
 *
 * @example
 * calendarMonths([{ runOn: '2026-01-30T14:00:00Z', adjustedFrom: ['2026-01-31T14:00:00Z'] }], 'America/New_York')
 * // { months: [{ title: 'January 2026', weeks: [...] }], truncated: false }: the 30th has the run
 * // (movedFrom ['2026-01-31']), the 31st has movedTo ['2026-01-30']
 */
export function calendarMonths(
  occurrences: readonly CalendarOccurrence[],
  timeZone: string,
  maxMonths: number = MAX_CALENDAR_MONTHS,
): CalendarView {
  if (!Number.isInteger(maxMonths) || maxMonths < 1) throw new RangeError(CALENDAR_MESSAGES.badMaxMonths(maxMonths));
  const runs = new Map<string, CalendarRun[]>();
  const movedTo = new Map<string, string[]>();
  let firstMonth = Number.POSITIVE_INFINITY;
  let lastMonth = Number.NEGATIVE_INFINITY;
  const reach = (local: Local): void => {
    const index = monthIndex(local.year, local.month);
    firstMonth = Math.min(firstMonth, index);
    lastMonth = Math.max(lastMonth, index);
  };
  for (const occurrence of occurrences) {
    const at = localOf(occurrence.runOn, timeZone);
    reach(at);
    const origins = (occurrence.adjustedFrom ?? []).map((runOn) => localOf(runOn, timeZone));
    const movedFrom = origins.filter((o) => o.date !== at.date).map((o) => o.date);
    for (const origin of origins) {
      if (origin.date === at.date) continue;
      reach(origin);
      movedTo.set(origin.date, [...(movedTo.get(origin.date) ?? []), at.date]);
    }
    runs.set(at.date, [...(runs.get(at.date) ?? []), { runOn: occurrence.runOn, time: at.time, movedFrom }]);
  }
  if (firstMonth > lastMonth) return { months: [], truncated: false };
  const shownLast = Math.min(lastMonth, firstMonth + maxMonths - 1);
  const holidays = new Map<number, ReadonlyMap<string, string>>();
  const months: CalendarMonth[] = [];
  for (let index = firstMonth; index <= shownLast; index += 1) {
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    months.push(monthOf(year, month, runs, movedTo, holidaysOf(year, holidays)));
  }
  return { months, truncated: shownLast < lastMonth };
}
