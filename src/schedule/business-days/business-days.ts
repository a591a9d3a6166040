import { civilDate, dayNumber, monthLength } from '../../rrule/calendar.js';
import { FED_CALENDAR_FIRST_YEAR, FED_CALENDAR_LAST_YEAR, formatDay, holidayDaysOf, isWeekendDay } from './fed-holidays.js';
import { BUSINESS_DAY_MESSAGES as M } from './messages.js';

/** How a date that is not a banking day moves: not at all, to the next, to the previous, or to the next unless that leaves the month. */
export type BusinessDayAdjustment = 'none' | 'following' | 'preceding' | 'modified-following';

/** The business-day conventions, as data. */
export const BUSINESS_DAY_ADJUSTMENTS: readonly BusinessDayAdjustment[] = Object.freeze([
  'none',
  'following',
  'preceding',
  'modified-following',
]);

/** The largest |n| {@link addBusinessDays} accepts (about 400 years of banking days). */
export const MAX_BUSINESS_DAY_STEPS = 100_000;

const FIRST_DAY = dayNumber(FED_CALENDAR_FIRST_YEAR, 1, 1);
const LAST_DAY = dayNumber(FED_CALENDAR_LAST_YEAR, 12, 31);
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a `YYYY-MM-DD` string, or a thrown TypeError/RangeError naming the problem. */
export function dayOf(date: unknown): number {
  if (typeof date !== 'string') throw new TypeError(M.dateType(date));
  const m = DATE.exec(date);
  const [year, month, day] = [Number(m?.[1]), Number(m?.[2]), Number(m?.[3])];
  if (m === null || month < 1 || month > 12 || day < 1 || day > monthLength(year, month)) {
    throw new RangeError(M.dateFormat(date));
  }
  if (year < FED_CALENDAR_FIRST_YEAR || year > FED_CALENDAR_LAST_YEAR) throw new RangeError(M.dateRange(date));
  return dayNumber(year, month, day);
}

/** True when day number `z` (within 1971-9999) is a New York banking day: a weekday and no Federal Reserve holiday. */
export function isBusinessDayNumber(z: number): boolean {
  return !isWeekendDay(z) && !holidayDaysOf(civilDate(z).year).has(z);
}

/** The first banking day after (`step` 1) or before (`step` -1) day `z`, or undefined past 1971-9999. */
function stepDay(z: number, step: 1 | -1): number | undefined {
  for (let d = z + step; d >= FIRST_DAY && d <= LAST_DAY; d += step) if (isBusinessDayNumber(d)) return d;
  return undefined;
}

/**
 * Day `z` moved by `convention` (unchanged when it is a banking day or the convention is
 * `'none'`), or undefined when the move would leave 1971-9999.
 */
export function adjustDayNumber(z: number, convention: BusinessDayAdjustment): number | undefined {
  if (convention === 'none' || isBusinessDayNumber(z)) return z;
  if (convention === 'preceding') return stepDay(z, -1);
  const next = stepDay(z, 1);
  if (convention === 'following') return next;
  return next !== undefined && civilDate(next).month === civilDate(z).month ? next : stepDay(z, -1);
}

/**
 * True when `date` (`YYYY-MM-DD`, 1971 to 9999) is a New York banking day: Monday to Friday
 * and not a Federal Reserve holiday (as {@link fedHolidays} lists them). Throws `TypeError`
 * for a non-string and `RangeError` for anything but a real calendar date in range.
 *
 * @example
 * isBusinessDay('2026-07-03') // true: Independence Day falls on Saturday July 4 and is not moved
 * isBusinessDay('2026-11-26') // false: Thanksgiving Day
 * isBusinessDay('2026-11-28') // false: a Saturday
 */
export function isBusinessDay(date: string): boolean {
  return isBusinessDayNumber(dayOf(date));
}

/**
 * The banking day `n` banking days after `date` (`n` > 0) or before it (`n` < 0); `n` = 0
 * returns `date` unchanged, banking day or not. A `date` that is not a banking day counts
 * from where it is: Saturday + 1 is Monday (or Tuesday after a Monday holiday), Saturday - 1
 * is Friday. So `addBusinessDays(addBusinessDays(d, n), -n)` is `d` for a banking day `d`,
 * and the banking day before `d` otherwise (n > 0). Throws `RangeError` for `n` not an
 * integer within +-{@link MAX_BUSINESS_DAY_STEPS} or a result outside 1971-9999.
 *
 * @example
 * addBusinessDays('2026-12-24', 1)  // '2026-12-28': Christmas Friday, then the weekend
 * addBusinessDays('2026-01-20', -1) // '2026-01-16': Monday the 19th is Martin Luther King Jr. Day
 */
export function addBusinessDays(date: string, n: number): string {
  const z = dayOf(date);
  if (typeof n !== 'number' || !Number.isInteger(n) || Math.abs(n) > MAX_BUSINESS_DAY_STEPS) {
    throw new RangeError(M.steps(n, MAX_BUSINESS_DAY_STEPS));
  }
  let d: number | undefined = z;
  const step = n < 0 ? -1 : 1;
  for (let left = Math.abs(n); left > 0 && d !== undefined; left -= 1) d = stepDay(d, step);
  if (d === undefined) throw new RangeError(M.beyond(date, n));
  return formatDay(d);
}

/**
 * The first banking day after `date` (`addBusinessDays(date, 1)`).
 *
 * @example
 * nextBusinessDay('2026-11-25') // '2026-11-27': Thanksgiving is the 26th
 */
export function nextBusinessDay(date: string): string {
  return addBusinessDays(date, 1);
}

/**
 * The last banking day before `date` (`addBusinessDays(date, -1)`).
 *
 * @example
 * previousBusinessDay('2026-09-08') // '2026-09-04': Labor Day is Monday the 7th
 */
export function previousBusinessDay(date: string): string {
  return addBusinessDays(date, -1);
}

/**
 * `date` moved to a banking day by `convention`: `'following'` (the next banking day),
 * `'preceding'` (the previous one), `'modified-following'` (the next, unless it is in the
 * next month: then the previous) or `'none'` (unchanged). A banking day is returned as it
 * is. Throws `RangeError` for an unknown convention or a date outside 1971-9999.
 *
 * @example
 * adjustToBusinessDay('2026-10-31', 'following')          // '2026-11-02'
 * adjustToBusinessDay('2026-10-31', 'modified-following') // '2026-10-30'
 */
export function adjustToBusinessDay(date: string, convention: BusinessDayAdjustment): string {
  const z = dayOf(date);
  if (!BUSINESS_DAY_ADJUSTMENTS.includes(convention)) throw new RangeError(M.convention(convention));
  const moved = adjustDayNumber(z, convention);
  if (moved === undefined) throw new RangeError(M.beyond(date, convention === 'preceding' ? -1 : 1));
  return formatDay(moved);
}
