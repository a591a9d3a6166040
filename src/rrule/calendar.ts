/**
 * Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01), with no
 * Date objects. Weekday index 0 is Monday ... 6 is Sunday.
 */

/**
 * Day number of a civil date (month 1-12).
 *
 * @example
 * dayNumber(1970, 1, 2) // 1
 */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export { type CivilDate, civilDate } from '../shared/civil-date.js';

/**
 * Weekday index of day number `z` (0 = Monday). 1970-01-01 was a Thursday.
 *
 * @example
 * weekdayOf(0) // 3 (Thursday)
 */
export function weekdayOf(z: number): number {
  return (((z + 3) % 7) + 7) % 7;
}

/**
 * Days in a Gregorian year.
 *
 * @example
 * daysInYear(2000) // 366
 */
export function daysInYear(year: number): number {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365;
}

/**
 * Days in month (1-12) of year.
 *
 * @example
 * monthLength(2100, 2) // 28
 */
export function monthLength(year: number, month: number): number {
  return dayNumber(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) - dayNumber(year, month, 1);
}

/**
 * Day number of the first day of week 1 of `year` with weeks starting on weekday `wkst`:
 * week 1 is the first week with at least four days in the year (RFC 5545 3.3.10 BYWEEKNO).
 *
 * @example
 * weekOneStart(2026, 0) // dayNumber(2025, 12, 29): the Monday of ISO week 1 of 2026
 */
export function weekOneStart(year: number, wkst: number): number {
  const jan1 = dayNumber(year, 1, 1);
  const intoWeek = (weekdayOf(jan1) - wkst + 7) % 7;
  const weekStart = jan1 - intoWeek;
  return intoWeek <= 3 ? weekStart : weekStart + 7;
}

/**
 * Week number of day `z` in its week-numbering year, and how many weeks that year has.
 *
 * @example
 * weekNumberOf(dayNumber(2026, 12, 31), 2026, 0) // { week: 53, weeks: 53 }
 */
export function weekNumberOf(z: number, year: number, wkst: number): { week: number; weeks: number } {
  let weekYear = year;
  let start = weekOneStart(year, wkst);
  if (z < start) {
    weekYear = year - 1;
    start = weekOneStart(weekYear, wkst);
  } else {
    const next = weekOneStart(year + 1, wkst);
    if (z >= next) {
      weekYear = year + 1;
      start = next;
    }
  }
  const weeks = (weekOneStart(weekYear + 1, wkst) - start) / 7;
  return { week: Math.floor((z - start) / 7) + 1, weeks };
}
