import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber, weekdayOf } from '../../src/rrule/calendar.js';
import { parseRecurrenceRule } from '../../src/rrule/parse.js';
import { WEEKDAYS } from '../../src/rrule/types.js';
import { wallTimeOf } from '../../src/rrule/zone.js';
import { describeModelOf } from '../../src/schedule/describe/build-model.js';
import type { ShownList } from '../../src/schedule/describe/positions.js';
import { zoneWordingOf } from '../../src/schedule/describe/zone-wording.js';
import { expandRecurrence, isRecurrenceError } from '../../src/schedule/index.js';

// What a sentence claims must hold for the runs the engine produces: the clauses of the model
// every language renders (times of day, months, the date of the year, weekdays, days of the
// month and of the year, COUNT, UNTIL) are checked against `expandRecurrence` (a separate
// implementation) on random day-level rules, starts and zones. DTSTART itself is left out: it
// is always the first run, whether or not it matches the rule (RFC 5545 3.3.10).

const ZONES = ['UTC', 'America/New_York', 'Europe/Paris', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
const FREQS = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
const pick = <T>(values: readonly T[]) => fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 3 });
const nonZero = (min: number, max: number) => fc.integer({ min, max }).filter((n) => n !== 0);

const partArb = fc.record(
  {
    interval: fc.integer({ min: 1, max: 3 }).map((n) => `INTERVAL=${n}`),
    byMonth: pick([1, 2, 3, 6, 9, 12]).map((v) => `BYMONTH=${v.join(',')}`),
    byMonthDay: fc.uniqueArray(nonZero(-31, 31), { minLength: 1, maxLength: 8 }).map((v) => `BYMONTHDAY=${v.join(',')}`),
    byYearDay: fc.uniqueArray(nonZero(-366, 366), { minLength: 1, maxLength: 8 }).map((v) => `BYYEARDAY=${v.join(',')}`),
    byDay: fc
      .uniqueArray(fc.tuple(fc.option(nonZero(-5, 5), { nil: undefined }), fc.constantFrom(...WEEKDAYS)), { minLength: 1, maxLength: 4 })
      .map((v) => `BYDAY=${v.map(([n, d]) => `${n ?? ''}${d}`).join(',')}`),
    byHour: pick([0, 2, 9, 17, 23]).map((v) => `BYHOUR=${v.join(',')}`),
    byMinute: pick([0, 15, 30, 59]).map((v) => `BYMINUTE=${v.join(',')}`),
    bySecond: pick([0, 30]).map((v) => `BYSECOND=${v.join(',')}`),
    bySetPos: fc.uniqueArray(nonZero(-3, 3), { minLength: 1, maxLength: 2 }).map((v) => `BYSETPOS=${v.join(',')}`),
    end: fc.oneof(fc.integer({ min: 1, max: 20 }).map((n) => `COUNT=${n}`), fc.constant('UNTIL=20301231T000000Z')),
  },
  { requiredKeys: [] },
);

/** A day-level rule the parser accepts (parts dropped from the end until it does). */
const ruleArb = fc.tuple(fc.constantFrom(...FREQS), partArb).map(([freq, parts]) => {
  const list = [`FREQ=${freq}`, ...Object.values(parts)];
  while (!parseRecurrenceRule(list.join(';')).ok) list.pop();
  return list.join(';');
});
const startArb = fc.integer({ min: Date.UTC(1995, 0, 1) / 1000, max: Date.UTC(2028, 0, 1) / 1000 }).map((s) => new Date(s * 1000));

const monthLength = (y: number, m: number): number => dayNumber(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1) - dayNumber(y, m, 1);

/** Whether `value` (1-based position, counted from the end when `length` says) is among the shown items. */
function inShown(shown: ShownList, position: number, length: number): boolean {
  if (shown.kind === 'count') return true; // a count claims nothing about which values
  return shown.items.some(({ from, to }) => {
    if (from < 0) return position === length + 1 + from;
    return position >= from && position <= to;
  });
}

describe('what describeRecurrence says agrees with expandRecurrence', () => {
  it('times, months, dates, weekdays, days of the month and year, COUNT and UNTIL hold for every run', () => {
    let checked = 0;
    fc.assert(
      fc.property(ruleArb, startArb, fc.constantFrom(...ZONES), (text, start, timeZone) => {
        const parsed = parseRecurrenceRule(text);
        if (!parsed.ok) throw new Error(parsed.error);
        const rule = parsed.value;
        const zone = zoneWordingOf(timeZone);
        const untilWall = rule.until === undefined ? undefined : wallTimeOf(rule.until, timeZone);
        const model = describeModelOf({
          rule,
          start: wallTimeOf(start, timeZone),
          zone,
          ...(untilWall === undefined ? {} : { until: { date: untilWall, time: untilWall, zone } }),
        });
        let runs: string[];
        try {
          runs = expandRecurrence({ recurrenceRule: text, start, runTransfer: null }, { timeZone, limit: 25, nonexistentLocalTime: 'omit' }).map(
            (o) => o.runOn,
          );
        } catch (e) {
          if (isRecurrenceError(e)) return; // too sparse to find: nothing to compare
          throw e;
        }
        if (model.count !== undefined) expect(runs.length).toBeLessThanOrEqual(model.count);
        for (const runOn of runs.slice(1)) {
          checked++;
          const instant = new Date(runOn);
          if (rule.until !== undefined) expect(instant.getTime()).toBeLessThanOrEqual(rule.until.getTime());
          const w = wallTimeOf(instant, timeZone);
          const why = `${text} from ${start.toISOString()} in ${timeZone}: run ${runOn} (${JSON.stringify(w)})`;
          if (model.time?.kind === 'times') {
            expect(model.time.times.some((t) => t.hour === w.hour && t.minute === w.minute && t.second === w.second), why).toBe(true);
          }
          if (model.months !== undefined) expect(model.months, why).toContain(w.month);
          const moved = rule.skip === 'BACKWARD' || rule.skip === 'FORWARD';
          if (model.dateOfYear !== undefined && !moved) expect([w.month, w.day], why).toEqual([model.dateOfYear.month, model.dateOfYear.day]);
          const day = dayNumber(w.year, w.month, w.day);
          if (model.weekdays !== undefined && model.weekdays.numbered.length === 0) {
            expect(model.weekdays.plain, why).toContain(WEEKDAYS[weekdayOf(day)]);
          }
          if (model.monthDays !== undefined && !moved) expect(inShown(model.monthDays, w.day, monthLength(w.year, w.month)), why).toBe(true);
          if (model.yearDays !== undefined) {
            const first = dayNumber(w.year, 1, 1);
            expect(inShown(model.yearDays, day - first + 1, dayNumber(w.year + 1, 1, 1) - first), why).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
    expect(checked).toBeGreaterThan(1000);
  });
});
