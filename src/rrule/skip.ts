import { dayNumber, monthLength } from './calendar.js';
import { dayFilterOf } from './day-filter.js';
import type { RecurrenceRule } from './types.js';

/** The extra days of one period under RFC 7529 SKIP: from a year and the months the period covers. */
export type SkipTargets = (year: number, months: readonly number[]) => number[];

/**
 * RFC 7529 SKIP=BACKWARD / FORWARD for a rule whose defaults are filled in (see `plan.ts`):
 * a BYMONTHDAY value that names no day of a month (31 in April, 29 in a February of 28 days,
 * -31 in February) names the previous valid day (BACKWARD: the month's last day, or for a
 * negative value the previous month's last) or the next (FORWARD: the next month's first day,
 * or for a negative value the month's first). The moved day must still pass BYDAY, which RFC
 * 5545 applies after BYMONTHDAY. `undefined` for OMIT or no SKIP: a missing day is no instance.
 *
 * @example
 * skipTargetsOf({ freq: 'MONTHLY', interval: 1, wkst: 'MO', byMonthDay: [31], rscale: 'GREGORIAN', skip: 'BACKWARD' })?.(2026, [4])
 * // [dayNumber(2026, 4, 30)]
 */
export function skipTargetsOf(rule: RecurrenceRule): SkipTargets | undefined {
  const { skip, byMonthDay } = rule;
  if ((skip !== 'BACKWARD' && skip !== 'FORWARD') || byMonthDay === undefined) return undefined;
  const byDayOnly = rule.byDay === undefined ? undefined : dayFilterOf({ freq: rule.freq, interval: 1, wkst: rule.wkst, byDay: rule.byDay });
  return (year, months) => {
    const targets = new Set<number>();
    for (const month of months) {
      const length = monthLength(year, month);
      const first = dayNumber(year, month, 1);
      for (const value of byMonthDay) {
        if (Math.abs(value) <= length) continue;
        const after = value > 0; // past the month's end; a negative value lies before its start
        const target = skip === 'BACKWARD' ? (after ? first + length - 1 : first - 1) : after ? first + length : first;
        if (byDayOnly === undefined || byDayOnly(target)) targets.add(target);
      }
    }
    return [...targets];
  };
}
