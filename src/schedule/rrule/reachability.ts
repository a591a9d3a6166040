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
 *   (`FREQ=HOURLY;INTERVAL=2;BYHOUR=10` from 09:00).
 *
 * @example
 * neverMatches(planOf(hourlyEveryOtherAt10, nineOClock)) // 'no allowed time of day is ever reached by the interval'
 */
export function neverMatches(plan: Plan): string | undefined {
  const { rule } = plan;
  if (plan.seconds.length === 0) return 'BYSECOND lists only second 60, which never exists here';
  if (rule.byMonthDay !== undefined) {
    const months = rule.byMonth ?? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const fits = months.some((m) => rule.byMonthDay?.some((d) => Math.abs(d) <= (MAX_MONTH_DAYS[m - 1] ?? 0)));
    if (!fits) return 'no BYMONTHDAY value exists in any allowed month';
  }
  if (plan.unit !== undefined) {
    const step = gcd(plan.interval * plan.unit, 86_400);
    const startOfPeriod = Math.floor(plan.start / plan.unit) * plan.unit;
    const residue = ((startOfPeriod % step) + step) % step;
    if (!anyTimeOfDayReachable(plan, step, residue)) return 'no allowed time of day is ever reached by the interval';
  }
  return undefined;
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
