import { dayNumber, civilDate } from '../rrule/calendar.js';
import { RECURRENCE_MESSAGES as M, RecurrenceError } from '../rrule/errors.js';
import { type ExpandOptions as RuleExpandOptions, MAX_OCCURRENCES, expandRule, resolveTimeZone, resolveWindow } from '../rrule/expand.js';
import type { RecurrenceRule } from '../rrule/types.js';
import { instantOfLocalMsShifted, wallTimeOf, wallToEpochMs } from '../rrule/zone.js';
import { BUSINESS_DAY_ADJUSTMENTS, type BusinessDayAdjustment, adjustDayNumber } from './business-days/business-days.js';
import { FED_CALENDAR_FIRST_YEAR, FED_CALENDAR_LAST_YEAR } from './business-days/fed-holidays.js';

const MS_PER_DAY = 86_400_000;
/** Farther than any move: at most three non-banking days in a row (Saturday, Sunday, a Monday holiday). */
const MARGIN_MS = 7 * MS_PER_DAY;
/** The farthest a run moves back (three days, plus a DST hour on the way): nothing later can land before. */
const BACK_MS = 4 * MS_PER_DAY;

/** A run after the business-day move: its instant and the RRULE instances it stands for (ascending). */
export type AdjustedRun = { readonly ms: number; readonly from: readonly number[] };

/**
 * Checks `businessDayAdjustment` (`undefined` means `'none'`), throwing the `invalid-option`
 * RecurrenceError for anything else.
 *
 * @example
 * resolveBusinessDayAdjustment(undefined) // 'none'
 */
export function resolveBusinessDayAdjustment(value: unknown): BusinessDayAdjustment {
  if (value === undefined) return 'none';
  if (!BUSINESS_DAY_ADJUSTMENTS.includes(value as BusinessDayAdjustment)) {
    throw new RecurrenceError('invalid-option', M.invalidOption('businessDayAdjustment', BUSINESS_DAY_ADJUSTMENTS, value));
  }
  return value as BusinessDayAdjustment;
}

/** The instant of one run moved by `convention`: same wall-clock time, on the banking day its local date moves to. */
function moveRun(ms: number, timeZone: string, convention: BusinessDayAdjustment): number {
  const wall = wallTimeOf(new Date(ms), timeZone);
  if (wall.year < FED_CALENDAR_FIRST_YEAR || wall.year > FED_CALENDAR_LAST_YEAR) {
    throw new RecurrenceError('outside-calendar', M.outsideCalendar(new Date(ms).toISOString()));
  }
  const day = dayNumber(wall.year, wall.month, wall.day);
  const moved = adjustDayNumber(day, convention);
  if (moved === undefined) throw new RecurrenceError('outside-calendar', M.outsideCalendar(new Date(ms).toISOString()));
  if (moved === day) return ms;
  const { year, month, day: d } = civilDate(moved);
  // The same wall-clock time on the new day; in a DST gap there, read with the offset before it (never dropped).
  const local = wallToEpochMs({ ...wall, year, month, day: d });
  return instantOfLocalMsShifted(local, timeZone) ?? ms;
}

/** Moves each instant, then makes one run of the instances that land on one instant (ascending). */
function adjustAll(instants: readonly number[], timeZone: string, convention: BusinessDayAdjustment): AdjustedRun[] {
  const moved = instants.map((ms) => ({ ms: moveRun(ms, timeZone, convention), original: ms }));
  moved.sort((a, b) => a.ms - b.ms || a.original - b.original);
  const runs: { ms: number; from: number[] }[] = [];
  for (const { ms, original } of moved) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last.ms === ms) last.from.push(original);
    else runs.push({ ms, from: [original] });
  }
  return runs;
}

/**
 * The runs of `rule` from `start` moved to New York banking days by `convention`, in the
 * window of `options` (applied to the moved instants), ascending, at most `limit`. Instances
 * that land on one instant become one run that lists them all. The rule is expanded a week
 * beyond each end of the window so that runs moved into it are found; with only a `limit`,
 * in growing chunks until the first `limit` moved runs are final.
 *
 * @example
 * expandOnBusinessDays(rule, new Date('2026-01-31T14:00:00Z'), { limit: 2 }, 'modified-following')
 * // [{ ms: 2026-01-30T14:00Z, from: [2026-01-31T14:00Z] }, { ms: 2026-02-27T14:00Z, from: [2026-02-28T14:00Z] }]
 */
export function expandOnBusinessDays(
  rule: RecurrenceRule,
  start: Date,
  options: RuleExpandOptions,
  convention: BusinessDayAdjustment,
): AdjustedRun[] {
  const timeZone = resolveTimeZone(options.timeZone ?? 'UTC');
  const { fromMs, toMs, limit } = resolveWindow(options);
  const inWindow = (ms: number): boolean => (fromMs === undefined || ms >= fromMs) && (toMs === undefined || ms < toMs);
  const wider = {
    ...options,
    from: fromMs === undefined ? undefined : new Date(fromMs - MARGIN_MS),
    to: toMs === undefined ? undefined : new Date(toMs + MARGIN_MS),
  };
  if (limit === undefined) {
    const raw = expandRule(rule, start, { ...wider, limit: undefined }).map((d) => d.getTime());
    return adjustAll(raw, timeZone, convention).filter((r) => inWindow(r.ms));
  }
  for (let chunk = Math.min(MAX_OCCURRENCES, 2 * limit + 16); ; chunk = Math.min(MAX_OCCURRENCES, chunk * 4)) {
    const raw = expandRule(rule, start, { ...wider, limit: chunk }).map((d) => d.getTime());
    const exhausted = raw.length < chunk;
    // Later instances move back at most BACK_MS (never back with 'following'): runs before that are final.
    const final = (raw[raw.length - 1] ?? Number.NEGATIVE_INFINITY) - (convention === 'following' ? 0 : BACK_MS);
    const runs = adjustAll(raw, timeZone, convention).filter((r) => inWindow(r.ms) && (exhausted || r.ms < final));
    if (exhausted || runs.length >= limit) return runs.slice(0, limit);
    if (chunk === MAX_OCCURRENCES) throw new RecurrenceError('too-many', M.tooMany(MAX_OCCURRENCES));
  }
}
