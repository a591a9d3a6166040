import { civilDate, dayNumber } from './calendar.js';
import { PeriodCandidates } from './period-candidates.js';
import { type Plan, SECONDS_PER_DAY, monthIndex, monthIndexStart, weekStartOf } from './plan.js';
import { LAST_FLOATING, type NextCandidate, periodByPeriod, type Scan } from './scan.js';

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
const NO_TIMES: readonly number[] = [];

/**
 * The candidates of a DAILY, WEEKLY, MONTHLY or YEARLY rule, period by period from the one
 * holding the scan's lower bound, as a pull-based scan: a period's days are listed when the
 * scan reaches it, and each period is charged its days of work.
 *
 * @example
 * const next = dayLevelScan(planOf(daily, start), scan)
 * next() // the first candidate after DTSTART
 */
export function dayLevelScan(plan: Plan, scan: Scan): NextCandidate {
  const { lowBound, exists, charge, stopped } = scan;
  const { interval, startDay, startDate, dayFilter, timesOfDay } = plan;
  const lowDay = Math.floor(lowBound / SECONDS_PER_DAY);
  const firstWeek = weekStartOf(startDay, plan.wkst);
  const firstMonth = monthIndex(startDate);
  const lowDate = civilDate(Math.max(lowDay, startDay));
  const periods = {
    DAILY: Math.floor((lowDay - startDay) / interval),
    WEEKLY: Math.floor((lowDay - firstWeek) / (7 * interval)),
    MONTHLY: Math.floor((monthIndex(lowDate) - firstMonth) / interval),
    YEARLY: Math.floor((lowDate.year - startDate.year) / interval),
  } as const;
  const freq = plan.freq as keyof typeof periods;
  const months = plan.rule.byMonth === undefined ? undefined : [...new Set(plan.rule.byMonth)].sort((a, b) => a - b);
  const period = new PeriodCandidates(plan, lowBound, exists);
  let k = Math.max(0, periods[freq]);

  /** Lists period `k`'s days into the period's candidates; false when the scan ends instead. */
  const enterPeriod = (): boolean => {
    let first: number;
    let end: number;
    if (freq === 'DAILY') {
      first = startDay + k * interval;
      end = first + 1;
    } else if (freq === 'WEEKLY') {
      first = firstWeek + k * 7 * interval;
      end = first + 7;
    } else if (freq === 'MONTHLY') {
      first = monthIndexStart(firstMonth + k * interval);
      end = monthIndexStart(firstMonth + k * interval + 1);
    } else {
      const year = startDate.year + k * interval;
      first = dayNumber(year, 1, 1);
      end = dayNumber(year + 1, 1, 1);
    }
    if (first * SECONDS_PER_DAY > LAST_FLOATING) return false;
    if (freq === 'DAILY') {
      if (charge(end - first)) return false;
      period.fillDay(first, dayFilter(first) ? timesOfDay : NO_TIMES, 0);
      k += 1;
      return true;
    }
    let days: number[] = [];
    if (freq === 'YEARLY' && months !== undefined) {
      const year = civilDate(first).year;
      for (const m of months) {
        const monthEnd = m === 12 ? end : dayNumber(year, m + 1, 1);
        for (let d = dayNumber(year, m, 1); d < monthEnd; d += 1) if (dayFilter(d)) days.push(d);
      }
    } else {
      for (let d = first; d < end; d += 1) if (dayFilter(d)) days.push(d);
    }
    if (plan.skipTargets !== undefined && (freq === 'MONTHLY' || freq === 'YEARLY')) {
      const { year, month } = civilDate(first);
      const moved = plan.skipTargets(year, freq === 'MONTHLY' ? [month] : (months ?? ALL_MONTHS));
      if (moved.length > 0) days = [...new Set([...days, ...moved])].sort((a, b) => a - b);
    }
    if (charge(end - first)) return false;
    period.fill(days, timesOfDay, 0);
    k += 1;
    return true;
  };

  return periodByPeriod(period, enterPeriod, stopped);
}
