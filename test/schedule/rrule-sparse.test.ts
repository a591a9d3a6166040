import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRecurrenceRule } from '../../src/rrule/parse.js';
import { planOf } from '../../src/rrule/plan.js';
import { sparseSearch } from '../../src/rrule/sparse.js';

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const; // getUTCDay order

type Case = { unit: 3600 | 60; interval: number; months: number[]; monthDays: number[]; weekdays: string[]; hours: number[]; minutes: number[]; start: number };

/** Brute force, independent of the engine: walk period starts and test each with Date's UTC fields. */
function bruteNext(c: Case, fromK: number, periods: number): number | undefined {
  const first = Math.floor(c.start / c.unit) * c.unit;
  const step = c.interval * c.unit;
  for (let k = fromK; k < fromK + periods; k += 1) {
    const p = first + k * step;
    const d = new Date(p * 1000);
    if (!c.months.includes(d.getUTCMonth() + 1)) continue;
    if (!c.monthDays.includes(d.getUTCDate())) continue;
    if (!c.weekdays.includes(WEEKDAYS[d.getUTCDay()] ?? '')) continue;
    if (!c.hours.includes(d.getUTCHours())) continue;
    if (c.unit === 60 && !c.minutes.includes(d.getUTCMinutes())) continue;
    return p;
  }
  return undefined;
}

const small = (lo: number, hi: number) => fc.uniqueArray(fc.integer({ min: lo, max: hi }), { minLength: 1, maxLength: 3 });
const caseArb: fc.Arbitrary<Case> = fc.record({
  unit: fc.constantFrom(3600 as const, 60 as const),
  interval: fc.integer({ min: 1, max: 5000 }),
  months: small(1, 12),
  monthDays: small(1, 31),
  weekdays: fc.uniqueArray(fc.constantFrom(...WEEKDAYS), { minLength: 1, maxLength: 2 }),
  hours: small(0, 23),
  minutes: small(0, 59),
  start: fc.integer({ min: Date.UTC(1990, 0, 1) / 1000, max: Date.UTC(2100, 0, 1) / 1000 }),
});

const ruleText = (c: Case): string =>
  [
    `FREQ=${c.unit === 3600 ? 'HOURLY' : 'MINUTELY'}`,
    `INTERVAL=${c.interval}`,
    `BYMONTH=${c.months.join(',')}`,
    `BYMONTHDAY=${c.monthDays.join(',')}`,
    `BYDAY=${c.weekdays.join(',')}`,
    `BYHOUR=${c.hours.join(',')}`,
    ...(c.unit === 60 ? [`BYMINUTE=${c.minutes.join(',')}`] : []),
  ].join(';');

describe('sparseSearch: the next matching period start, by arithmetic', () => {
  it('agrees with a brute-force walk of period starts', () => {
    const PERIODS = 60_000;
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 0, max: 1_000_000 }), (c, fraction) => {
        const rule = parseRecurrenceRule(ruleText(c));
        if (!rule.ok) throw new Error(rule.error);
        const plan = planOf(rule.value, c.start);
        const search = sparseSearch(plan, Number.POSITIVE_INFINITY);
        if (search === undefined) throw new Error('unbounded budget');
        const first = Math.floor(c.start / c.unit) * c.unit;
        // A position up to year 8000, so the brute force stays within Date's range.
        const fromK = Math.floor(((Date.UTC(8000, 0, 1) / 1000 - first) / (c.interval * c.unit)) * (fraction / 1_000_000));
        const position = first + fromK * c.interval * c.unit;
        const expected = bruteNext(c, fromK, PERIODS);
        const got = search.next(position);
        if (expected !== undefined) expect(got).toBe(expected);
        else expect(got === undefined || got >= position + PERIODS * c.interval * c.unit).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it('gives up (undefined) above its pair budget, and finds 2196-02-29 for the reported rule', () => {
    const start = Date.UTC(2026, 0, 1) / 1000;
    const dense = parseRecurrenceRule('FREQ=MINUTELY;INTERVAL=7;BYMONTH=2');
    const sparse = parseRecurrenceRule('FREQ=HOURLY;INTERVAL=25;BYMONTH=2;BYMONTHDAY=29;BYHOUR=0;BYDAY=MO');
    if (!dense.ok || !sparse.ok) throw new Error('parse');
    expect(sparseSearch(planOf(dense.value, start), 1000)).toBeUndefined();
    expect(sparseSearch(planOf(sparse.value, start), 1000)?.next(start)).toBe(Date.UTC(2196, 1, 29) / 1000);
  });

  it('undefined when no pair is reachable', () => {
    const start = Date.UTC(2026, 0, 1) / 1000;
    const never = parseRecurrenceRule('FREQ=HOURLY;INTERVAL=7;BYMONTH=3;BYYEARDAY=1');
    if (!never.ok) throw new Error('parse');
    expect(sparseSearch(planOf(never.value, start), 1000)?.next(start)).toBeUndefined();
  });
});
