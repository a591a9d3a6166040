import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BusinessDayAdjustment,
  type ExpandOptions,
  RECURRENCE_MESSAGES as M,
  RecurrenceError,
  expandRecurrence,
  isBusinessDay,
  scheduleOccurrences,
  wallTimeOf,
} from '../../src/schedule/index.js';

const expand = (rule: string, start: string, options: ExpandOptions = {}) =>
  expandRecurrence({ recurrenceRule: rule, start, runTransfer: null }, options);
const runOn = (rule: string, start: string, options: ExpandOptions = {}): string[] => expand(rule, start, options).map((o) => o.runOn);

// Month ends of 2026: Jan 31 Sat, Feb 28 Sat, Mar 31 Tue, Apr 30 Thu, May 31 Sun, Jun 30 Tue.
const MONTH_END = ['FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=6', '2026-01-31T14:00:00Z'] as const;

describe('businessDayAdjustment on expandRecurrence', () => {
  it("'none' (the default) leaves runs where RFC 5545 puts them", () => {
    const plain = runOn(...MONTH_END);
    expect(plain).toEqual(['2026-01-31T14:00:00Z', '2026-02-28T14:00:00Z', '2026-03-31T14:00:00Z', '2026-04-30T14:00:00Z', '2026-05-31T14:00:00Z', '2026-06-30T14:00:00Z']);
    expect(runOn(...MONTH_END, { businessDayAdjustment: 'none' })).toEqual(plain);
    expect(expand(...MONTH_END).every((o) => !('adjustedFrom' in o))).toBe(true);
  });

  it("'following', 'preceding' and 'modified-following' on month ends", () => {
    expect(runOn(...MONTH_END, { businessDayAdjustment: 'following' })).toEqual([
      '2026-02-02T14:00:00Z', '2026-03-02T14:00:00Z', '2026-03-31T14:00:00Z', '2026-04-30T14:00:00Z', '2026-06-01T14:00:00Z', '2026-06-30T14:00:00Z',
    ]);
    expect(runOn(...MONTH_END, { businessDayAdjustment: 'preceding' })).toEqual([
      '2026-01-30T14:00:00Z', '2026-02-27T14:00:00Z', '2026-03-31T14:00:00Z', '2026-04-30T14:00:00Z', '2026-05-29T14:00:00Z', '2026-06-30T14:00:00Z',
    ]);
    expect(runOn(...MONTH_END, { businessDayAdjustment: 'modified-following' })).toEqual([
      '2026-01-30T14:00:00Z', '2026-02-27T14:00:00Z', '2026-03-31T14:00:00Z', '2026-04-30T14:00:00Z', '2026-05-29T14:00:00Z', '2026-06-30T14:00:00Z',
    ]);
  });

  it('modified-following moves forward when that stays in the month', () => {
    // Saturday Oct 17 2026 -> Monday Oct 19.
    expect(runOn('FREQ=MONTHLY;COUNT=1', '2026-10-17T14:00:00Z', { businessDayAdjustment: 'modified-following' })).toEqual(['2026-10-19T14:00:00Z']);
  });

  it('a moved run says where it came from; an unmoved one carries nothing extra', () => {
    const [jan, , mar] = expand(...MONTH_END, { businessDayAdjustment: 'following' });
    expect(jan?.adjustedFrom).toEqual(['2026-01-31T14:00:00Z']);
    expect(mar && 'adjustedFrom' in mar).toBe(false);
  });

  it('holidays: Mondays in New York around Martin Luther King Jr. Day, keeping the wall-clock time', () => {
    const mondays = ['FREQ=WEEKLY;BYDAY=MO;COUNT=4', '2026-01-05T14:00:00Z'] as const;
    const tz = { timeZone: 'America/New_York' } as const;
    expect(runOn(...mondays, { ...tz, businessDayAdjustment: 'following' })).toEqual([
      '2026-01-05T14:00:00Z', '2026-01-12T14:00:00Z', '2026-01-20T14:00:00Z', '2026-01-26T14:00:00Z',
    ]);
    expect(runOn(...mondays, { ...tz, businessDayAdjustment: 'preceding' })[2]).toBe('2026-01-16T14:00:00Z');
  });

  it('runs that meet on one banking day become one occurrence listing them all, never two at one instant', () => {
    // Fri Jul 3 (Independence Day is Saturday Jul 4, not moved) ... Thu Jul 9, daily at 13:00 UTC.
    const got = expand('FREQ=DAILY;COUNT=7', '2026-07-03T13:00:00Z', { businessDayAdjustment: 'following' });
    expect(got.map((o) => o.runOn)).toEqual(['2026-07-03T13:00:00Z', '2026-07-06T13:00:00Z', '2026-07-07T13:00:00Z', '2026-07-08T13:00:00Z', '2026-07-09T13:00:00Z']);
    expect(got[1]?.adjustedFrom).toEqual(['2026-07-04T13:00:00Z', '2026-07-05T13:00:00Z', '2026-07-06T13:00:00Z']);
    const preceding = expand('FREQ=DAILY;COUNT=7', '2026-07-03T13:00:00Z', { businessDayAdjustment: 'preceding' });
    expect(preceding[0]?.adjustedFrom).toEqual(['2026-07-03T13:00:00Z', '2026-07-04T13:00:00Z', '2026-07-05T13:00:00Z']);
  });

  it('the window and limit apply to the moved runs', () => {
    const following = { businessDayAdjustment: 'following' } as const;
    // Saturday's and Sunday's runs, before `from`, move into it.
    const fromMonday = expand('FREQ=DAILY', '2026-07-03T13:00:00Z', { ...following, from: '2026-07-06T00:00:00Z', limit: 2 });
    expect(fromMonday.map((o) => o.runOn)).toEqual(['2026-07-06T13:00:00Z', '2026-07-07T13:00:00Z']);
    expect(fromMonday[0]?.adjustedFrom).toHaveLength(3);
    // Saturday's run after `to` moves back into it with preceding.
    expect(runOn('FREQ=WEEKLY;BYDAY=SA', '2026-07-04T13:00:00Z', { businessDayAdjustment: 'preceding', to: '2026-07-04T00:00:00Z' })).toEqual(['2026-07-03T13:00:00Z']);
    expect(runOn('FREQ=DAILY', '2026-07-03T13:00:00Z', { ...following, limit: 3 })).toEqual(['2026-07-03T13:00:00Z', '2026-07-06T13:00:00Z', '2026-07-07T13:00:00Z']);
  });

  it("the run's local date in timeZone decides: 19:00 Friday in Los Angeles is already Saturday in UTC", () => {
    const start = '2026-07-11T02:00:00Z'; // Fri Jul 10 19:00 PDT, Sat Jul 11 02:00 UTC
    expect(runOn('FREQ=DAILY;COUNT=1', start, { timeZone: 'America/Los_Angeles', businessDayAdjustment: 'following' })).toEqual([start]);
    expect(runOn('FREQ=DAILY;COUNT=1', start, { businessDayAdjustment: 'following' })).toEqual(['2026-07-13T02:00:00Z']);
  });

  it('refuses an unknown convention and runs outside the calendar, with clear errors', () => {
    const bad = () => runOn(...MONTH_END, { businessDayAdjustment: 'nearest' as BusinessDayAdjustment });
    expect(bad).toThrow(RecurrenceError);
    expect(bad).toThrow(M.invalidOption('businessDayAdjustment', ['none', 'following', 'preceding', 'modified-following'], 'nearest'));
    expect(() => runOn('FREQ=DAILY;COUNT=2', '1960-01-02T14:00:00Z', { businessDayAdjustment: 'following' })).toThrow(
      M.outsideCalendar('1960-01-02T14:00:00.000Z'),
    );
  });

  it('scheduleOccurrences moves generated runs too, and refuses a bad convention without a recur', () => {
    const recur = { recurrenceRule: MONTH_END[0], start: MONTH_END[1], runTransfer: {} };
    const got = scheduleOccurrences({ recur } as never, { businessDayAdjustment: 'modified-following', limit: 2 });
    expect(got.map((o) => o.runOn)).toEqual(['2026-01-30T14:00:00Z', '2026-02-27T14:00:00Z']);
    expect(() =>
      scheduleOccurrences({ occurrences: [{ runOn: '2026-01-01T00:00:00Z' }] } as never, { businessDayAdjustment: 'x' as BusinessDayAdjustment }),
    ).toThrow(RecurrenceError);
  });
});

describe('businessDayAdjustment: properties', () => {
  const localDate = (runOnText: string, timeZone: string): string => {
    const w = wallTimeOf(new Date(runOnText), timeZone);
    return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  };
  const rules = fc.constantFrom(
    'FREQ=DAILY;COUNT=40',
    'FREQ=WEEKLY;BYDAY=SA,SU,MO;COUNT=30',
    'FREQ=MONTHLY;BYMONTHDAY=1,15,-1;COUNT=30',
    'FREQ=MONTHLY;BYMONTHDAY=31;COUNT=12',
    'FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4;COUNT=10',
    'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24,25,26,31;COUNT=12',
  );
  const starts = fc.integer({ min: Date.UTC(1990, 0, 1) / 1000, max: Date.UTC(2150, 0, 1) / 1000 }).map((s) => new Date(s * 1000).toISOString().replace('.000Z', 'Z'));
  const zones = fc.constantFrom('UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney');
  const conventions = fc.constantFrom('following' as const, 'preceding' as const, 'modified-following' as const);

  it('every run is on a banking day, runOn is unique and ascending, and no RRULE instance is lost', () => {
    fc.assert(
      fc.property(rules, starts, zones, conventions, (rule, start, timeZone, convention) => {
        const plain = runOn(rule, start, { timeZone });
        const moved = expand(rule, start, { timeZone, businessDayAdjustment: convention });
        const at = moved.map((o) => Date.parse(o.runOn));
        expect(at).toEqual([...at].sort((a, b) => a - b));
        expect(new Set(at).size).toBe(at.length);
        for (const o of moved) expect(isBusinessDay(localDate(o.runOn, timeZone))).toBe(true);
        const carried = moved.flatMap((o) => o.adjustedFrom ?? [o.runOn]).sort();
        expect(carried).toEqual([...plain].sort());
        if (convention === 'modified-following') {
          for (const o of moved) {
            const from = o.adjustedFrom ?? [o.runOn];
            expect(from.every((f) => localDate(f, timeZone).slice(0, 7) === localDate(o.runOn, timeZone).slice(0, 7))).toBe(true);
          }
        }
      }),
      { numRuns: 150, seed: 20261127 },
    );
  });
});
