import type { Plan } from './plan.js';

const MAX_MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * A cheap proof that the rule can never produce an instance after DTSTART, or `undefined`
 * when none applies (the engine's scan cap covers the rest). Proves two things:
 * - no BYMONTHDAY fits any allowed BYMONTH (`BYMONTH=2;BYMONTHDAY=30`), or a time list is
 *   empty (only second 60 was asked for);
 * - for SECONDLY/MINUTELY/HOURLY, period starts fall on times of day congruent to DTSTART's
 *   modulo gcd(INTERVAL x unit, 86400), and no allowed time of day is one of them
 *   (`FREQ=HOURLY;INTERVAL=2;BYHOUR=10` from 09:00);
 * - every BYSETPOS position is beyond the most candidates one period can hold
 *   (`FREQ=SECONDLY;BYDAY=MO;BYSETPOS=-2`: one candidate per second; a WEEKLY period at most
 *   7 days times the times of day).
 *
 * @example
 * neverMatches(planOf(hourlyEveryOtherAt10, nineOClock)) // 'no allowed time of day is ever reached by the interval'
 */
export function neverMatches(plan: Plan): string | undefined {
  const { rule } = plan;
  if (plan.seconds.length === 0) return 'BYSECOND lists only second 60, which never exists here';
  // Under SKIP=BACKWARD/FORWARD a missing day of the month moves to one that exists.
  if (rule.byMonthDay !== undefined && rule.skip !== 'BACKWARD' && rule.skip !== 'FORWARD') {
    const months = rule.byMonth ?? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const fits = months.some((m) => rule.byMonthDay?.some((d) => Math.abs(d) <= (MAX_MONTH_DAYS[m - 1] ?? 0)));
    if (!fits) return 'no BYMONTHDAY value exists in any allowed month';
  }
  const setSize = periodSetSize(plan);
  if (plan.bySetPos !== undefined && plan.bySetPos.every((pos) => Math.abs(pos) > setSize)) {
    return 'every BYSETPOS position lies beyond the candidates one period can hold';
  }
  if (plan.unit !== undefined) {
    const step = gcd(plan.interval * plan.unit, 86_400);
    const startOfPeriod = Math.floor(plan.start / plan.unit) * plan.unit;
    const residue = ((startOfPeriod % step) + step) % step;
    if (!anyTimeOfDayReachable(plan, step, residue)) return 'no allowed time of day is ever reached by the interval';
  }
  return undefined;
}

/** Most days in one period of a day-level frequency. */
const MAX_PERIOD_DAYS = { DAILY: 1, WEEKLY: 7, MONTHLY: 31, YEARLY: 366 } as const;

/** The most candidates one period can hold: its most days times the times of day. */
function periodSetSize(plan: Plan): number {
  if (plan.unit === undefined) {
    return MAX_PERIOD_DAYS[plan.freq as keyof typeof MAX_PERIOD_DAYS] * plan.timesOfDay.length;
  }
  if (plan.unit === 3600) return plan.minutes.length * plan.seconds.length;
  return plan.unit === 60 ? plan.seconds.length : 1;
}

/** True when some allowed period start (time of day in seconds) is congruent to `residue` mod `step`. */
function anyTimeOfDayReachable(plan: Plan, step: number, residue: number): boolean {
  const unit = plan.unit ?? 1;
  const minutes = unit <= 60 ? plan.minutes : [0];
  const seconds = unit === 1 ? plan.seconds : [0];
  for (const h of plan.hours) {
    for (const m of minutes) {
      for (const s of seconds) {
        if ((h * 3600 + m * 60 + s) % step === residue) return true;
      }
    }
  }
  return false;
}

/** Seconds in a 400-year Gregorian cycle, after which every day pattern repeats. */
const GREGORIAN_CYCLE_SECONDS = 146_097 * 86_400;

/**
 * True when reaching the engine's idle cap (`cap` scan steps without an instance, the
 * engine's `MAX_IDLE_WORK`) proves the rule has no further instance. Always for DAILY and
 * coarser (the cap exceeds the 146,097 days of a 400-year cycle). For SECONDLY/MINUTELY/
 * HOURLY, whether a period matches depends only on its start modulo the 400-year cycle, so
 * the pattern repeats every cycle / gcd(step, cycle) periods; the cap proves nothing new
 * unless either that many periods fit in it, or the step divides a day (then every allowed
 * day has a match, which {@link neverMatches} has already checked, and a day without one
 * costs one step, so the cap covers a whole cycle of days).
 *
 * @example
 * idleCapIsProof(planOf(hourlyRule, start), 150_000)               // true: 3600 divides a day
 * idleCapIsProof(planOf(everyTwentyFiveHoursRule, start), 150_000) // false: 3,506,328 periods per cycle
 */
export function idleCapIsProof(plan: Plan, cap: number): boolean {
  if (plan.unit === undefined) return true;
  const step = plan.interval * plan.unit;
  if (86_400 % step === 0) return true;
  return GREGORIAN_CYCLE_SECONDS / gcd(step, GREGORIAN_CYCLE_SECONDS) <= cap;
}

