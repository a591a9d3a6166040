import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '../../src/reference/calendar/messages.js';
import { type CalendarDay, MAX_CALENDAR_MONTHS, calendarMonths } from '../../src/reference/calendar/month-grid.js';
import { expectedDays, holidayOn, isWeekendDate, localTimeOf, runsOf, scheduleArbitrary } from './random-rules.js';

const daysOf = (view: ReturnType<typeof calendarMonths>): CalendarDay[] =>
  view.months.flatMap((m) => m.weeks.flat().filter((d): d is CalendarDay => d !== undefined));

describe('calendarMonths', () => {
  it('shows what expandRecurrence and fedHolidays compute, for random rules, zones and conventions', () => {
    fc.assert(
      fc.property(scheduleArbitrary, (s) => {
        const occurrences = runsOf(s);
        const view = calendarMonths(occurrences, s.timeZone);
        const days = daysOf(view);
        const expected = expectedDays(s);
        // Every day of every month shown, in order, each month starting on its weekday column.
        for (const month of view.months) {
          const cells = month.weeks.flat();
          const first = cells.findIndex((c) => c !== undefined);
          expect(first).toBe(new Date(Date.UTC(month.year, month.month - 1, 1)).getUTCDay());
          expect(cells.filter((c) => c !== undefined).map((c) => c?.day)).toEqual(
            Array.from({ length: new Date(Date.UTC(month.year, month.month, 0)).getUTCDate() }, (_, i) => i + 1),
          );
          for (const week of month.weeks) expect(week).toHaveLength(7);
        }
        // One comparison per case (an expect per day makes the property slow): the calendar's days against the facts.
        const shownDays = days.map((d) => [d.date, d.weekend, d.holiday, d.runs.map((r) => [r.runOn, r.time]), d.movedTo]);
        const factDays = days.map((d) => [
          d.date,
          isWeekendDate(d.date),
          holidayOn(d.date),
          (expected.runs.get(d.date) ?? []).map((runOn) => [runOn, localTimeOf(runOn, s.timeZone)]),
          expected.movedTo.get(d.date) ?? [],
        ]);
        expect(shownDays).toEqual(factDays);
        // Every run and every moved-away day is on a month shown, up to MAX_CALENDAR_MONTHS from the first.
        const dates = [...expected.runs.keys(), ...expected.movedTo.keys()].sort();
        const monthNumber = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
        const first = monthNumber(dates[0] ?? '');
        const shown = new Set(days.map((d) => d.date));
        for (const date of dates) expect(shown.has(date)).toBe(monthNumber(date) < first + MAX_CALENDAR_MONTHS);
        expect(view.months[0]?.year === undefined ? undefined : monthNumber(`${view.months[0].year}-${String(view.months[0].month).padStart(2, '0')}`)).toBe(first);
        expect(view.truncated).toBe(monthNumber(dates[dates.length - 1] ?? '') >= first + MAX_CALENDAR_MONTHS);
      }),
      { numRuns: 60 },
    );
  });

  it('a month-end rule moved to the previous banking day: May 2026 ends on a Sunday, Memorial Day is the 25th', () => {
    const occurrences = [{ runOn: '2026-05-29T13:00:00Z', adjustedFrom: ['2026-05-31T13:00:00Z'] }];
    const [may] = calendarMonths(occurrences, 'America/New_York').months;
    const day = (n: number) => may?.weeks.flat().find((d) => d?.day === n);
    expect(may?.title).toBe('May 2026');
    expect(day(29)?.runs).toEqual([{ runOn: '2026-05-29T13:00:00Z', time: '09:00', movedFrom: ['2026-05-31'] }]);
    expect(day(31)?.movedTo).toEqual(['2026-05-29']);
    expect(day(25)?.holiday).toBe('Memorial Day');
    expect([day(30)?.weekend, day(31)?.weekend, day(29)?.weekend]).toEqual([true, true, false]);
  });

  it('two instances merged into one run list both origins; the merged run stays on its own day', () => {
    const occurrences = [{ runOn: '2026-07-06T14:00:00Z', adjustedFrom: ['2026-07-04T14:00:00Z', '2026-07-05T14:00:00Z', '2026-07-06T14:00:00Z'] }];
    const days = daysOf(calendarMonths(occurrences, 'UTC'));
    expect(days.find((d) => d.date === '2026-07-06')?.runs[0]?.movedFrom).toEqual(['2026-07-04', '2026-07-05']);
    expect(days.find((d) => d.date === '2026-07-04')?.movedTo).toEqual(['2026-07-06']);
  });

  it('a run moved across a month boundary shows both months; seconds show when not zero', () => {
    const view = calendarMonths([{ runOn: '2026-02-02T09:00:05Z', adjustedFrom: ['2026-01-31T09:00:05Z'] }], 'UTC');
    expect(view.months.map((m) => m.title)).toEqual(['January 2026', 'February 2026']);
    expect(daysOf(view).find((d) => d.date === '2026-02-02')?.runs[0]?.time).toBe('09:00:05');
  });

  it('no runs: no months; years outside the Fed calendar have no holidays; leap day and year 1 lay out', () => {
    expect(calendarMonths([], 'UTC')).toEqual({ months: [], truncated: false });
    const feb = calendarMonths([{ runOn: '2028-02-29T00:00:00Z' }], 'UTC').months[0];
    expect(feb?.weeks.flat().filter(Boolean)).toHaveLength(29);
    const old = calendarMonths([{ runOn: '0001-01-01T00:00:00Z' }, { runOn: '1970-01-01T00:00:00Z' }], 'UTC', 2);
    expect(old.truncated).toBe(true);
    expect(old.months.map((m) => m.title)).toEqual(['January 1', 'February 1']);
    expect(daysOf(old).every((d) => d.holiday === undefined)).toBe(true);
    // 0001-01-01 was a Monday (proleptic Gregorian).
    expect(old.months[0]?.weeks[0]?.findIndex((c) => c !== undefined)).toBe(1);
  });

  it('caps the months at MAX_CALENDAR_MONTHS and says so', () => {
    const runs = Array.from({ length: 50 }, (_, i) => ({ runOn: `${2026 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-15T12:00:00Z` }));
    const view = calendarMonths(runs, 'UTC');
    expect([view.months.length, view.truncated]).toEqual([MAX_CALENDAR_MONTHS, true]);
  });

  it('refuses a runOn that is not a date-time and a bad maxMonths, with a clear message', () => {
    expect(() => calendarMonths([{ runOn: 'soon' }], 'UTC')).toThrow(CALENDAR_MESSAGES.badRunOn('soon'));
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => calendarMonths([], 'UTC', bad)).toThrow(CALENDAR_MESSAGES.badMaxMonths(bad));
  });
});
