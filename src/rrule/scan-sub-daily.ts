import { PeriodCandidates } from './period-candidates.js';
import { type Plan, SECONDS_PER_DAY } from './plan.js';
import { LAST_FLOATING, type NextCandidate, periodByPeriod, type Resume, type Scan } from './scan.js';

/**
 * The candidates of a SECONDLY, MINUTELY or HOURLY rule, period by period from the one
 * holding the scan's lower bound, as a pull-based scan: periods on days, hours or minutes
 * the rule leaves out are skipped by arithmetic; each period examined is charged one unit,
 * and at the idle cap `resume` may jump to the next matching period.
 *
 * @example
 * const next = subDailyScan(planOf(hourly, start), scan, resume)
 * next() // the first candidate after DTSTART
 */
export function subDailyScan(plan: Plan, scan: Scan, resume: Resume): NextCandidate {
  const { lowBound, exists, charge, stopped } = scan;
  const unit = plan.unit ?? 1;
  const step = plan.interval * unit;
  const first = Math.floor(plan.start / unit) * unit;
  const periodAtOrAfter = (t: number): number => Math.max(0, Math.ceil((t - first) / step));
  // Offsets of the candidates inside one period (no BYSETPOS): the minutes x seconds of an hour, the seconds of a minute.
  const withinPeriod: readonly number[] =
    unit === 3600 ? plan.minutes.flatMap((m) => plan.seconds.map((s) => m * 60 + s)) : unit === 60 ? plan.seconds : [0];
  const hourSet: ReadonlySet<number> = new Set(plan.hours);
  const minuteSet: ReadonlySet<number> = new Set(plan.minutes);
  const secondSet: ReadonlySet<number> = new Set(plan.seconds);
  const period = new PeriodCandidates(plan, lowBound, exists);
  let k = Math.max(0, Math.floor((lowBound - first) / step));
  let cachedDay = Number.NaN;
  let cachedPass = false;

  /** Moves to the next period with candidates and fills them in; false when the scan ends instead. */
  const enterPeriod = (): boolean => {
    for (;;) {
      const periodStart = first + k * step;
      if (periodStart > LAST_FLOATING) return false;
      if (charge(1)) {
        const next = resume(periodStart);
        if (next === undefined) return false;
        k = Math.round((next - first) / step); // next >= periodStart: never backwards
        continue;
      }
      const dayNo = Math.floor(periodStart / SECONDS_PER_DAY);
      if (dayNo !== cachedDay) {
        cachedDay = dayNo;
        cachedPass = plan.dayFilter(dayNo);
      }
      if (!cachedPass) {
        k = Math.max(k + 1, periodAtOrAfter((dayNo + 1) * SECONDS_PER_DAY));
        continue;
      }
      const tod = periodStart - dayNo * SECONDS_PER_DAY;
      const hour = Math.floor(tod / 3600);
      const minute = Math.floor((tod % 3600) / 60);
      const second = tod % 60;
      if (!hourSet.has(hour)) {
        k = Math.max(k + 1, periodAtOrAfter(dayNo * SECONDS_PER_DAY + (hour + 1) * 3600));
        continue;
      }
      if (unit <= 60 && !minuteSet.has(minute)) {
        k = Math.max(k + 1, periodAtOrAfter(periodStart - second + 60));
        continue;
      }
      if (unit === 1 && !secondSet.has(second)) {
        k += 1;
        continue;
      }
      // The period starts at `tod` (an hour's start for HOURLY: its minutes come from the rule).
      const shift = unit === 3600 ? hour * 3600 : tod;
      if (plan.bySetPos === undefined) {
        period.fillDay(dayNo, withinPeriod, shift);
      } else {
        // BYSETPOS checks gaps on the candidates' own floating times: list them unshifted.
        period.fillDay(dayNo, withinPeriod.map((t) => t + shift), 0);
      }
      k += 1;
      return true;
    }
  };

  return periodByPeriod(period, enterPeriod, stopped);
}
