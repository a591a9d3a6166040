// Random schedules for the calendar checks (the page's calendar, the CLI grid and the month
// model): a rule, a start, a zone, a business-day convention and a count, and the facts the
// calendar must show, computed WITHOUT the calendar code: local dates through Intl directly,
// weekdays through Date.UTC, holidays from fedHolidays, runs from expandRecurrence.
import fc from 'fast-check';
import { type BusinessDayAdjustment, expandRecurrence, fedHolidays } from '../../src/schedule/index.js';

/** One random schedule, as the page's form and the CLI take it. */
export type RandomSchedule = {
  readonly rule: string;
  readonly start: string;
  readonly timeZone: string;
  readonly adjustment: BusinessDayAdjustment;
  readonly count: number;
};

export const ZONES = ['UTC', 'America/New_York', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata', 'Pacific/Auckland'] as const;
const ADJUSTMENTS: readonly BusinessDayAdjustment[] = ['none', 'following', 'preceding', 'modified-following'];

const two = (n: number): string => String(n).padStart(2, '0');

/** Rules of the shapes schedules use: daily, weekly on days, monthly on a day or the last day, yearly. */
const ruleArbitrary = fc.oneof(
  fc.integer({ min: 1, max: 3 }).map((i) => `FREQ=DAILY;INTERVAL=${i}`),
  fc.subarray(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], { minLength: 1 }).map((days) => `FREQ=WEEKLY;BYDAY=${days.join(',')}`),
  fc.constantFrom(-1, -2, 1, 4, 15, 28, 29, 30, 31).map((d) => `FREQ=MONTHLY;BYMONTHDAY=${d}`),
  fc.constantFrom('1MO', '-1FR', '2WE', '-1SU').map((d) => `FREQ=MONTHLY;BYDAY=${d}`),
  fc.constantFrom('BYMONTH=7;BYMONTHDAY=4', 'BYMONTH=12;BYMONTHDAY=25', 'BYMONTH=1;BYMONTHDAY=1').map((p) => `FREQ=YEARLY;${p}`),
);

/** Random schedules over 2024-2028 (leap day included), runs at any hour of the zone's day. */
export const scheduleArbitrary: fc.Arbitrary<RandomSchedule> = fc.record({
  rule: ruleArbitrary,
  start: fc
    .record({ year: fc.integer({ min: 2024, max: 2028 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }), hour: fc.integer({ min: 0, max: 23 }) })
    .map(({ year, month, day, hour }) => `${year}-${two(month)}-${two(day)}T${two(hour)}:30:00Z`),
  timeZone: fc.constantFrom(...ZONES),
  adjustment: fc.constantFrom(...ADJUSTMENTS),
  count: fc.integer({ min: 1, max: 30 }),
});

/** The runs the library computes for `s`. */
export function runsOf(s: RandomSchedule) {
  return expandRecurrence({ recurrenceRule: s.rule, start: s.start, runTransfer: undefined }, { limit: s.count, timeZone: s.timeZone, businessDayAdjustment: s.adjustment });
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, kind: 'date' | 'time'): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let f = formatters.get(key);
  const fields: Intl.DateTimeFormatOptions = kind === 'date' ? { year: 'numeric', month: '2-digit', day: '2-digit' } : { hour: '2-digit', minute: '2-digit' };
  if (f === undefined) formatters.set(key, (f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', ...fields })));
  return f;
}

/** `YYYY-MM-DD` of `runOn` on the wall clock of `timeZone`, read through Intl alone. */
export function localDateOf(runOn: string, timeZone: string): string {
  const parts = formatter(timeZone, 'date').formatToParts(new Date(runOn));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** `HH:MM` of `runOn` on the wall clock of `timeZone`, read through Intl alone. */
export function localTimeOf(runOn: string, timeZone: string): string {
  const parts = formatter(timeZone, 'time').formatToParts(new Date(runOn));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')}`;
}

/** True for a Saturday or Sunday, by Date.UTC. */
export function isWeekendDate(date: string): boolean {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** The Federal Reserve holiday on `date` per fedHolidays, if any. */
export function holidayOn(date: string): string | undefined {
  const year = Number(date.slice(0, 4));
  let holidays = holidayCache.get(year);
  if (holidays === undefined) holidayCache.set(year, (holidays = new Map(fedHolidays(year).map((h) => [h.date, h.name]))));
  return holidays.get(date);
}
const holidayCache = new Map<number, Map<string, string>>();

/** What the calendar must show for `s`: the runs by local date, and the local dates instances moved away from, to where. */
export function expectedDays(s: RandomSchedule): { runs: Map<string, string[]>; movedTo: Map<string, string[]> } {
  const runs = new Map<string, string[]>();
  const movedTo = new Map<string, string[]>();
  for (const o of runsOf(s)) {
    const date = localDateOf(o.runOn, s.timeZone);
    runs.set(date, [...(runs.get(date) ?? []), o.runOn]);
    for (const from of o.adjustedFrom ?? []) {
      const origin = localDateOf(from, s.timeZone);
      if (origin !== date) movedTo.set(origin, [...(movedTo.get(origin) ?? []), date]);
    }
  }
  return { runs, movedTo };
}
