import { civilDate, dayNumber, daysInYear, monthLength, weekNumberOf, weekdayOf } from './calendar.js';
import { type RecurrenceRule, WEEKDAYS } from './types.js';

/** A predicate on day numbers: does this day pass every day-level BYxxx part of the rule? */
export type DayFilter = (day: number) => boolean;

const everyDay: DayFilter = () => true;

const matchesSigned = (values: readonly number[], position: number, length: number): boolean =>
  values.some((n) => (n > 0 ? n === position : length + 1 + n === position));

/**
 * Builds the day filter of a rule whose defaults are already filled in (see `plan.ts`).
 * Numbered BYDAY counts within the month for MONTHLY, and for YEARLY with BYMONTH;
 * otherwise within the year (RFC 5545 3.3.10, BYDAY).
 *
 * @example
 * dayFilterOf(rule)(dayNumber(2026, 1, 30)) // true for FREQ=MONTHLY;BYDAY=-1FR
 */
export function dayFilterOf(rule: RecurrenceRule): DayFilter {
  const { byMonthDay, byYearDay, byWeekNo, byDay } = rule;
  // The common shapes without a civil date per day: no day part at all, or plain weekdays only.
  if (rule.byMonth === undefined && byMonthDay === undefined && byYearDay === undefined && byWeekNo === undefined) {
    if (byDay === undefined) return everyDay;
    if (byDay.every((d) => d.ordinal === undefined)) {
      const weekdays = new Set(byDay.map((d) => WEEKDAYS.indexOf(d.weekday)));
      return (day) => weekdays.has(weekdayOf(day));
    }
  }
  const months = rule.byMonth === undefined ? undefined : new Set(rule.byMonth);
  const wkst = WEEKDAYS.indexOf(rule.wkst);
  const plain = new Set<number>();
  const numbered: { weekday: number; ordinal: number }[] = [];
  for (const d of byDay ?? []) {
    if (d.ordinal === undefined) plain.add(WEEKDAYS.indexOf(d.weekday));
    else numbered.push({ weekday: WEEKDAYS.indexOf(d.weekday), ordinal: d.ordinal });
  }
  const ordinalInMonth = rule.freq === 'MONTHLY' || (rule.freq === 'YEARLY' && rule.byMonth !== undefined);
  return (day) => {
    const date = civilDate(day);
    if (months !== undefined && !months.has(date.month)) return false;
    if (byMonthDay !== undefined && !matchesSigned(byMonthDay, date.day, monthLength(date.year, date.month))) {
      return false;
    }
    if (byYearDay !== undefined || byWeekNo !== undefined || numbered.length > 0) {
      const yearDay = day - dayNumber(date.year, 1, 1) + 1;
      if (byYearDay !== undefined && !matchesSigned(byYearDay, yearDay, daysInYear(date.year))) return false;
      if (byWeekNo !== undefined) {
        const { week, weeks } = weekNumberOf(day, date.year, wkst);
        if (!matchesSigned(byWeekNo, week, weeks)) return false;
      }
      if (byDay !== undefined) {
        const weekday = weekdayOf(day);
        if (plain.has(weekday)) return true;
        const position = ordinalInMonth ? date.day : yearDay;
        const length = ordinalInMonth ? monthLength(date.year, date.month) : daysInYear(date.year);
        const fromStart = Math.floor((position - 1) / 7) + 1;
        const fromEnd = Math.floor((length - position) / 7) + 1;
        return numbered.some(
          (n) => n.weekday === weekday && (n.ordinal > 0 ? n.ordinal === fromStart : -n.ordinal === fromEnd),
        );
      }
      return true;
    }
    return byDay === undefined || plain.has(weekdayOf(day));
  };
}
