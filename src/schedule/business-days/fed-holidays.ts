import { civilDate, dayNumber, monthLength, weekdayOf } from '../../rrule/calendar.js';
import { BUSINESS_DAY_MESSAGES as M } from './messages.js';

/** The first year the calendar computes: the Uniform Monday Holiday Act took effect in 1971. */
export const FED_CALENDAR_FIRST_YEAR = 1971;
/** The last year the calendar computes (today's law, carried forward; RFC 3339 ends at 9999). */
export const FED_CALENDAR_LAST_YEAR = 9999;

/** One Federal Reserve holiday of a year: its date (`YYYY-MM-DD`, the day the Reserve Banks close) and name. */
export type FedHoliday = { readonly date: string; readonly name: string };

/** Weekday index, Monday = 0 (as `weekdayOf`). */
const MONDAY = 0;
const THURSDAY = 3;
const SATURDAY = 5;
const SUNDAY = 6;

/**
 * A holiday rule, as the statute (5 U.S.C. 6103) states it: a fixed date, or the `nth` given
 * weekday of a month (`nth: -1` is the last), in force `from`..`to` (inclusive years).
 */
type HolidayRule =
  | { readonly name: string; readonly month: number; readonly day: number; readonly from: number; readonly to?: number }
  | {
      readonly name: string;
      readonly month: number;
      readonly weekday: number;
      readonly nth: number;
      readonly from: number;
      readonly to?: number;
    };

/**
 * The Federal Reserve holidays as data, in calendar order. Sources of each change:
 * Uniform Monday Holiday Act (Pub. L. 90-363, in force 1971: Washington's Birthday, Memorial
 * Day, Columbus Day and Veterans Day on Mondays); Pub. L. 94-97 (Veterans Day back to
 * November 11 from 1978); Pub. L. 98-144 (Martin Luther King Jr. Day, first observed 1986);
 * Pub. L. 117-17 (Juneteenth, signed June 17 2021; the Reserve Banks first closed for it in
 * 2022, and June 19 2021 was a Saturday, so banking days are the same either way).
 */
export const FED_HOLIDAY_RULES: readonly HolidayRule[] = Object.freeze([
  { name: "New Year's Day", month: 1, day: 1, from: 1971 },
  { name: 'Birthday of Martin Luther King, Jr.', month: 1, weekday: MONDAY, nth: 3, from: 1986 },
  { name: "Washington's Birthday", month: 2, weekday: MONDAY, nth: 3, from: 1971 },
  { name: 'Memorial Day', month: 5, weekday: MONDAY, nth: -1, from: 1971 },
  { name: 'Juneteenth National Independence Day', month: 6, day: 19, from: 2022 },
  { name: 'Independence Day', month: 7, day: 4, from: 1971 },
  { name: 'Labor Day', month: 9, weekday: MONDAY, nth: 1, from: 1971 },
  { name: 'Columbus Day', month: 10, weekday: MONDAY, nth: 2, from: 1971 },
  { name: 'Veterans Day', month: 10, weekday: MONDAY, nth: 4, from: 1971, to: 1977 },
  { name: 'Veterans Day', month: 11, day: 11, from: 1978 },
  { name: 'Thanksgiving Day', month: 11, weekday: THURSDAY, nth: 4, from: 1971 },
  { name: 'Christmas Day', month: 12, day: 25, from: 1971 },
] as const satisfies readonly HolidayRule[]);

/** The day number the Reserve Banks close for `rule` in `year` (a Sunday holiday closes Monday). */
function closedDay(rule: HolidayRule, year: number): number {
  if ('day' in rule) {
    const z = dayNumber(year, rule.month, rule.day);
    // A Sunday holiday is observed the next day; a Saturday one is not moved (the banks open Friday).
    return weekdayOf(z) === SUNDAY ? z + 1 : z;
  }
  if (rule.nth > 0) {
    const first = dayNumber(year, rule.month, 1);
    return first + ((rule.weekday - weekdayOf(first) + 7) % 7) + (rule.nth - 1) * 7;
  }
  const last = dayNumber(year, rule.month, monthLength(year, rule.month));
  return last - ((weekdayOf(last) - rule.weekday + 7) % 7);
}

/** `YYYY-MM-DD` of a day number. */
export function formatDay(z: number): string {
  const { year, month, day } = civilDate(z);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Throws the RangeError of {@link fedHolidays} unless `year` is an integer the calendar covers. */
export function checkYear(year: unknown): asserts year is number {
  if (typeof year !== 'number' || !Number.isInteger(year) || year < FED_CALENDAR_FIRST_YEAR || year > FED_CALENDAR_LAST_YEAR) {
    throw new RangeError(M.year(year));
  }
}

const MAX_CACHED_YEARS = 512;
const closedDays = new Map<number, ReadonlyMap<number, string>>();

/** The day numbers the Reserve Banks close for a holiday in `year`, with the holiday's name (cached, bounded). */
export function holidayDaysOf(year: number): ReadonlyMap<number, string> {
  let days = closedDays.get(year);
  if (days === undefined) {
    const map = new Map<number, string>();
    for (const rule of FED_HOLIDAY_RULES) {
      if (year >= rule.from && (rule.to === undefined || year <= rule.to)) map.set(closedDay(rule, year), rule.name);
    }
    days = map;
    if (closedDays.size >= MAX_CACHED_YEARS) closedDays.clear();
    closedDays.set(year, days);
  }
  return days;
}

/**
 * The Federal Reserve holidays of `year` (1971 to 9999), computed from the statutes' rules,
 * in date order: a holiday that falls on a Sunday is listed on the Monday the Reserve Banks
 * close; one that falls on a Saturday is listed on that Saturday (the banks open the Friday
 * before). Throws `RangeError` for a year outside 1971-9999 or not an integer. One-off
 * closings (a national day of mourning) are not rules and are not listed.
 *
 * @example
 * fedHolidays(2022).slice(0, 2)
 * // [{ date: '2022-01-01', name: "New Year's Day" }, { date: '2022-01-17', name: 'Birthday of Martin Luther King, Jr.' }]
 * fedHolidays(2022).find((h) => h.name.startsWith('Juneteenth'))?.date // '2022-06-20' (June 19 was a Sunday)
 */
export function fedHolidays(year: number): FedHoliday[] {
  checkYear(year);
  return [...holidayDaysOf(year)]
    .sort(([a], [b]) => a - b)
    .map(([z, name]) => ({ date: formatDay(z), name }));
}

/** True when day number `z` is a Saturday or Sunday. */
export function isWeekendDay(z: number): boolean {
  return weekdayOf(z) >= SATURDAY;
}
