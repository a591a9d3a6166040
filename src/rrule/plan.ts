import { type CivilDate, civilDate, dayNumber, weekdayOf } from './calendar.js';
import { type DayFilter, dayFilterOf } from './day-filter.js';
import { type SkipTargets, skipTargetsOf } from './skip.js';
import { type Frequency, type RecurrenceRule, WEEKDAYS } from './types.js';

/** Seconds in a day. */
export const SECONDS_PER_DAY = 86_400;

const UNIT_SECONDS: Partial<Record<Frequency, number>> = { SECONDLY: 1, MINUTELY: 60, HOURLY: 3600 };

/**
 * Everything the engine needs, computed once from the rule and DTSTART (in floating
 * seconds: local wall time counted as if it were UTC).
 */
export type Plan = {
  readonly freq: Frequency;
  readonly interval: number;
  /** Seconds per period unit for SECONDLY/MINUTELY/HOURLY; undefined for DAILY and coarser. */
  readonly unit: number | undefined;
  readonly dayFilter: DayFilter;
  /** RFC 7529 SKIP=BACKWARD/FORWARD: the moved days of a period's months; undefined otherwise. */
  readonly skipTargets: SkipTargets | undefined;
  /** Sorted, unique allowed hours / minutes / seconds (second 60 removed: it never exists). */
  readonly hours: readonly number[];
  readonly minutes: readonly number[];
  readonly seconds: readonly number[];
  /** Sorted times of day (seconds) of one day-level period; empty for sub-daily rules. */
  readonly timesOfDay: readonly number[];
  readonly bySetPos: readonly number[] | undefined;
  readonly start: number;
  readonly startDay: number;
  readonly startDate: CivilDate;
  readonly wkst: number;
  readonly rule: RecurrenceRule;
};

const sortedUnique = (values: readonly number[]): number[] =>
  values.length === 1 ? [...values] : [...new Set(values)].sort((a, b) => a - b);
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/**
 * Fills the RFC 5545 defaults from DTSTART (`start`, floating seconds) and precomputes
 * the lists: YEARLY with no day part takes DTSTART's month and day; MONTHLY takes its day
 * of month; WEEKLY its weekday; the time parts coarser than FREQ take DTSTART's time.
 *
 * @example
 * planOf(rule, Date.UTC(2026, 0, 5, 9) / 1000).timesOfDay // [32400] for a DAILY rule
 */
export function planOf(rule: RecurrenceRule, start: number): Plan {
  const startDay = Math.floor(start / SECONDS_PER_DAY);
  const tod = start - startDay * SECONDS_PER_DAY;
  const startDate = civilDate(startDay);
  const noDayPart =
    rule.byWeekNo === undefined && rule.byYearDay === undefined && rule.byMonthDay === undefined && rule.byDay === undefined;
  let filled: RecurrenceRule = rule;
  if (noDayPart && rule.freq === 'YEARLY') {
    filled = { ...rule, byMonth: rule.byMonth ?? [startDate.month], byMonthDay: [startDate.day] };
  } else if (noDayPart && rule.freq === 'MONTHLY') {
    filled = { ...rule, byMonthDay: [startDate.day] };
  } else if (noDayPart && rule.freq === 'WEEKLY') {
    filled = { ...rule, byDay: [{ weekday: WEEKDAYS[weekdayOf(startDay)] ?? 'MO' }] };
  }
  const unit = UNIT_SECONDS[rule.freq];
  const startHour = Math.floor(tod / 3600);
  const startMinute = Math.floor((tod % 3600) / 60);
  const startSecond = tod % 60;
  // A BYxxx part at or above FREQ limits; below FREQ it expands; absent below FREQ, DTSTART's value.
  const hours = sortedUnique(rule.byHour ?? (unit === undefined ? [startHour] : range(24)));
  const minutes = sortedUnique(rule.byMinute ?? (unit === undefined || unit === 3600 ? [startMinute] : range(60)));
  const seconds = sortedUnique((rule.bySecond ?? (unit === 1 ? range(60) : [startSecond])).filter((s) => s < 60));
  const timesOfDay: number[] = [];
  if (unit === undefined) {
    for (const h of hours) for (const m of minutes) for (const s of seconds) timesOfDay.push(h * 3600 + m * 60 + s);
  }
  return {
    freq: rule.freq,
    interval: rule.interval,
    unit,
    dayFilter: dayFilterOf(filled),
    skipTargets: skipTargetsOf(filled),
    hours,
    minutes,
    seconds,
    timesOfDay,
    bySetPos: rule.bySetPos,
    start,
    startDay,
    startDate,
    wkst: WEEKDAYS.indexOf(rule.wkst),
    rule: filled,
  };
}

/**
 * Day number of the first day of the week (starting on `wkst`) that contains `day`.
 *
 * @example
 * weekStartOf(0, 0) // -3 (Monday 1969-12-29)
 */
export function weekStartOf(day: number, wkst: number): number {
  return day - ((weekdayOf(day) - wkst + 7) % 7);
}

/**
 * Month index (year * 12 + month - 1) of a civil date.
 *
 * @example
 * monthIndex({ year: 2026, month: 1, day: 5 }) // 24312
 */
export const monthIndex = (d: CivilDate): number => d.year * 12 + d.month - 1;

/**
 * First day number of a month index.
 *
 * @example
 * monthIndexStart(1970 * 12) // 0
 */
export const monthIndexStart = (index: number): number => dayNumber(Math.floor(index / 12), (index % 12) + 1, 1);
