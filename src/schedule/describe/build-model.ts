import { dayNumber, weekdayOf } from '../../rrule/calendar.js';
import { type RecurrenceRule, WEEKDAYS, type Weekday, type WeekdayNum } from '../../rrule/types.js';
import type { WallTime } from '../../rrule/zone.js';
import type { DescriptionModel, ModelInput, NumberedWeekday, TimeClause, TimeOfDay, WeekdayClause } from './model.js';
import { MAX_SHOWN_ITEMS, shownList } from './positions.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Largest magnitudes that always name a real day or week (see `shownList`). */
const CERTAIN = { monthDay: 28, yearDay: 365, weekNo: 52, setPos: 0 } as const;

const SUB_DAILY: ReadonlySet<string> = new Set(['SECONDLY', 'MINUTELY', 'HOURLY']);

/**
 * The rule with RFC 5545's day defaults filled from DTSTART, exactly as the engine's
 * `planOf` fills them: with no day part, YEARLY runs on DTSTART's month (unless BYMONTH) and
 * day of the month, MONTHLY on its day of the month, WEEKLY on its weekday.
 */
function withStartDefaults(rule: RecurrenceRule, start: WallTime | undefined): RecurrenceRule {
  if (start === undefined) return rule;
  const noDayPart =
    rule.byWeekNo === undefined && rule.byYearDay === undefined && rule.byMonthDay === undefined && rule.byDay === undefined;
  if (!noDayPart) return rule;
  if (rule.freq === 'YEARLY') return { ...rule, byMonth: rule.byMonth ?? [start.month], byMonthDay: [start.day] };
  if (rule.freq === 'MONTHLY') return { ...rule, byMonthDay: [start.day] };
  if (rule.freq === 'WEEKLY') {
    const weekday = WEEKDAYS[weekdayOf(dayNumber(start.year, start.month, start.day))] ?? 'MO';
    return { ...rule, byDay: [{ weekday }] };
  }
  return rule;
}

/** Weekdays in the week's order, without repeats. */
function weekOrder(days: readonly Weekday[]): Weekday[] {
  return WEEKDAYS.filter((d) => days.includes(d));
}

function weekdayClauseOf(rule: RecurrenceRule, byDay: readonly WeekdayNum[]): WeekdayClause {
  const plain = weekOrder(byDay.filter((d) => d.ordinal === undefined).map((d) => d.weekday));
  const numberedDays = weekOrder(byDay.filter((d) => d.ordinal !== undefined).map((d) => d.weekday));
  const numbered: NumberedWeekday[] = numberedDays.map((weekday) => ({
    weekday,
    positions: shownList(
      byDay.filter((d) => d.weekday === weekday && d.ordinal !== undefined).map((d) => d.ordinal as number),
      rule.freq === 'MONTHLY' || rule.byMonth !== undefined ? 4 : 52,
    ),
  }));
  const scope = rule.freq === 'YEARLY' && rule.byMonth === undefined ? 'year' : 'month';
  const limiting = rule.byMonthDay !== undefined || rule.byYearDay !== undefined;
  return { plain, numbered, scope, limiting };
}

const sortedUnique = (values: readonly number[]): number[] => [...new Set(values)].sort((a, b) => a - b);

/**
 * The time of day of a DAILY or coarser rule: BYHOUR, BYMINUTE and BYSECOND, each defaulting
 * to DTSTART's value (unknown without a start). Few exact times are listed; otherwise each
 * part is said on its own.
 */
function dayTimeClause(rule: RecurrenceRule, start: WallTime | undefined): TimeClause | undefined {
  const hours = rule.byHour ?? (start === undefined ? undefined : [start.hour]);
  const minutes = rule.byMinute ?? (start === undefined ? undefined : [start.minute]);
  const seconds = rule.bySecond ?? (start === undefined ? undefined : [start.second]);
  if (hours !== undefined && minutes !== undefined && seconds !== undefined) {
    const h = sortedUnique(hours);
    const m = sortedUnique(minutes);
    const s = sortedUnique(seconds);
    if (h.length * m.length * s.length <= MAX_SHOWN_ITEMS) {
      const times: TimeOfDay[] = h.flatMap((hour) => m.flatMap((minute) => s.map((second) => ({ hour, minute, second }))));
      return { kind: 'times', times, withSeconds: s.some((x) => x !== 0) };
    }
  }
  // DTSTART's second 0 goes unsaid beside a list of hours or minutes ("at minutes 0, 20 and 40").
  return partsClause(hours, minutes, rule.bySecond === undefined && start?.second === 0 ? undefined : seconds);
}

function partsClause(
  hours: readonly number[] | undefined,
  minutes: readonly number[] | undefined,
  seconds: readonly number[] | undefined,
): TimeClause | undefined {
  if (hours === undefined && minutes === undefined && seconds === undefined) return undefined;
  return {
    kind: 'parts',
    ...(hours === undefined ? {} : { hours: shownList(hours) }),
    ...(minutes === undefined ? {} : { minutes: shownList(minutes) }),
    ...(seconds === undefined ? {} : { seconds: shownList(seconds) }),
  };
}

const timeOf = (wall: WallTime): TimeOfDay => ({ hour: wall.hour, minute: wall.minute, second: wall.second });

/**
 * The language-free description of a rule: which clauses a sentence has and what each says.
 * Every BY list is sorted, deduplicated and bounded (see `shownList`), so the model's size
 * does not grow with the rule's lists.
 *
 * @example
 * describeModelOf({ rule: parseRecurrenceRule('FREQ=MONTHLY;BYMONTHDAY=-1').value })
 * // { freq: 'MONTHLY', interval: 1, monthDays: { kind: 'items', items: [{ from: -1, to: -1 }] } }
 */
export function describeModelOf(input: ModelInput): DescriptionModel {
  const rule = withStartDefaults(input.rule, input.start);
  const model: Mutable<DescriptionModel> = { freq: rule.freq, interval: rule.interval };
  const onlyMonthDay =
    rule.freq === 'YEARLY' &&
    rule.byMonth?.length === 1 &&
    rule.byMonthDay?.length === 1 &&
    (rule.byMonthDay[0] ?? 0) > 0 &&
    rule.byDay === undefined &&
    rule.byYearDay === undefined &&
    rule.byWeekNo === undefined;
  if (onlyMonthDay) {
    model.dateOfYear = { month: rule.byMonth?.[0] ?? 1, day: rule.byMonthDay?.[0] ?? 1 };
  } else {
    if (rule.byMonth !== undefined) model.months = sortedUnique(rule.byMonth);
    if (rule.byMonthDay !== undefined) model.monthDays = shownList(rule.byMonthDay, CERTAIN.monthDay);
  }
  if (rule.byWeekNo !== undefined) {
    model.weekNumbers = shownList(rule.byWeekNo, CERTAIN.weekNo);
    if (rule.byDay === undefined && rule.byMonthDay === undefined && rule.byYearDay === undefined) model.wholeWeeks = true;
  }
  if (rule.byYearDay !== undefined) model.yearDays = shownList(rule.byYearDay, CERTAIN.yearDay);
  if (rule.byDay !== undefined) model.weekdays = weekdayClauseOf(rule, rule.byDay);
  const subDaily = SUB_DAILY.has(rule.freq);
  const time = subDaily ? partsClause(rule.byHour, rule.byMinute, rule.bySecond) : dayTimeClause(rule, input.start);
  if (time !== undefined) model.time = time;
  const startsSteps = subDaily && input.start !== undefined && input.zone !== undefined;
  // The zone is said once: after the time of day, or after where sub-daily steps start.
  if (input.zone !== undefined && time !== undefined && !startsSteps) model.timeZone = input.zone;
  if (startsSteps && input.start !== undefined && input.zone !== undefined) {
    const { year, month, day } = input.start;
    model.startingAt = { date: { year, month, day }, time: timeOf(input.start), zone: input.zone };
  }
  if (rule.bySetPos !== undefined) model.setPositions = shownList(rule.bySetPos, CERTAIN.setPos);
  if (rule.count !== undefined) model.count = rule.count;
  if (input.until !== undefined) model.until = input.until;
  if (rule.wkst !== 'MO') model.weekStart = rule.wkst;
  if (rule.rscale !== undefined) model.rscale = rule.rscale;
  if (rule.skip !== undefined) model.skip = rule.skip;
  return model;
}
