import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUSINESS_DAY_MESSAGES as M,
  MAX_BUSINESS_DAY_STEPS,
  addBusinessDays,
  adjustToBusinessDay,
  fedHolidays,
  isBusinessDay,
  nextBusinessDay,
  previousBusinessDay,
} from '../../src/schedule/index.js';
import published from './fixtures/fed-holidays-2020-2030.json' with { type: 'json' };

const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const DAY = 86_400_000;
/** The weekday of a `YYYY-MM-DD` date, 0 = Sunday (Date's UTC arithmetic, independent of the engine's). */
const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('fedHolidays against the published Federal Reserve schedules 2020-2030', () => {
  for (const [year, dates] of Object.entries(published.years)) {
    it(`${year}: the computed closing dates are the published ones`, () => {
      expect(fedHolidays(Number(year)).map((h) => h.date)).toEqual(dates);
    });
  }

  it('names the holidays, a Sunday holiday on its Monday, a Saturday one on its Saturday', () => {
    const y2022 = fedHolidays(2022);
    expect(y2022.find((h) => h.name === 'Juneteenth National Independence Day')?.date).toBe('2022-06-20');
    expect(y2022.find((h) => h.name === 'Christmas Day')?.date).toBe('2022-12-26');
    expect(y2022.find((h) => h.name === "New Year's Day")?.date).toBe('2022-01-01'); // a Saturday, not moved
    expect(isBusinessDay('2021-12-31')).toBe(true); // the banks open the Friday before
    expect(fedHolidays(2026).map((h) => h.name)).toEqual([
      "New Year's Day",
      'Birthday of Martin Luther King, Jr.',
      "Washington's Birthday",
      'Memorial Day',
      'Juneteenth National Independence Day',
      'Independence Day',
      'Labor Day',
      'Columbus Day',
      'Veterans Day',
      'Thanksgiving Day',
      'Christmas Day',
    ]);
  });
});

describe('the rules changed only where the law did', () => {
  const dateOf = (year: number, name: string): string | undefined => fedHolidays(year).find((h) => h.name === name)?.date;

  it('Veterans Day: fourth Monday of October 1971-1977 (Pub. L. 90-363), November 11 from 1978 (Pub. L. 94-97)', () => {
    expect(dateOf(1971, 'Veterans Day')).toBe('1971-10-25');
    expect(dateOf(1975, 'Veterans Day')).toBe('1975-10-27');
    expect(dateOf(1977, 'Veterans Day')).toBe('1977-10-24');
    expect(dateOf(1978, 'Veterans Day')).toBe('1978-11-11'); // a Saturday
    expect(dateOf(1979, 'Veterans Day')).toBe('1979-11-12'); // Sunday the 11th, observed Monday
  });

  it('Martin Luther King Jr. Day from 1986 (Pub. L. 98-144); Juneteenth from 2022', () => {
    expect(dateOf(1985, 'Birthday of Martin Luther King, Jr.')).toBeUndefined();
    expect(dateOf(1986, 'Birthday of Martin Luther King, Jr.')).toBe('1986-01-20');
    expect(dateOf(2021, 'Juneteenth National Independence Day')).toBeUndefined();
    expect(dateOf(2022, 'Juneteenth National Independence Day')).toBe('2022-06-20');
  });

  it('the Monday holidays of the Uniform Monday Holiday Act from 1971', () => {
    expect(dateOf(1971, "Washington's Birthday")).toBe('1971-02-15');
    expect(dateOf(1971, 'Memorial Day')).toBe('1971-05-31');
    expect(dateOf(1971, 'Columbus Day')).toBe('1971-10-11');
  });

  it('every year 1971-2199 has exactly the holidays the law lists for it, each on its rule', () => {
    for (let year = 1971; year <= 2199; year += 1) {
      const list = fedHolidays(year);
      const expectedCount = year < 1986 ? 9 : year < 2022 ? 10 : 11;
      expect(list.length, String(year)).toBe(expectedCount);
      expect(new Set(list.map((h) => h.name)).size, String(year)).toBe(expectedCount);
      for (const { date, name } of list) {
        expect(date.slice(0, 4)).toBe(String(year));
        const day = weekday(date);
        if (name === 'Thanksgiving Day') expect(day, `${name} ${date}`).toBe(4);
        else if (!['Independence Day', 'Christmas Day', "New Year's Day", 'Juneteenth National Independence Day', 'Veterans Day'].includes(name)) {
          expect(day, `${name} ${date}`).toBe(1);
        } else expect(day, `${name} ${date}`).not.toBe(0); // never a Sunday: moved to Monday
      }
    }
  });
});

describe('isBusinessDay, addBusinessDays and their neighbours', () => {
  it('answers weekdays, weekends and holidays', () => {
    expect(isBusinessDay('2026-11-25')).toBe(true); // Wednesday
    expect(isBusinessDay('2026-11-26')).toBe(false); // Thanksgiving
    expect(isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-29')).toBe(false); // Sunday
    expect(isBusinessDay('2022-12-26')).toBe(false); // Christmas observed
  });

  it('steps over weekends and holidays both ways', () => {
    expect(addBusinessDays('2026-12-24', 1)).toBe('2026-12-28');
    expect(addBusinessDays('2026-01-20', -1)).toBe('2026-01-16');
    expect(addBusinessDays('2026-11-28', 1)).toBe('2026-11-30'); // Saturday + 1
    expect(addBusinessDays('2026-11-28', -1)).toBe('2026-11-27'); // Saturday - 1
    expect(addBusinessDays('2026-11-28', 0)).toBe('2026-11-28');
    expect(addBusinessDays('2026-01-02', 10)).toBe('2026-01-16');
    expect(nextBusinessDay('2026-11-25')).toBe('2026-11-27');
    expect(previousBusinessDay('2026-09-08')).toBe('2026-09-04');
  });

  it('adjusts by convention, modified-following staying in the month', () => {
    expect(adjustToBusinessDay('2026-10-31', 'following')).toBe('2026-11-02');
    expect(adjustToBusinessDay('2026-10-31', 'preceding')).toBe('2026-10-30');
    expect(adjustToBusinessDay('2026-10-31', 'modified-following')).toBe('2026-10-30');
    expect(adjustToBusinessDay('2026-10-17', 'modified-following')).toBe('2026-10-19');
    expect(adjustToBusinessDay('2026-10-31', 'none')).toBe('2026-10-31');
    expect(adjustToBusinessDay('2026-10-30', 'following')).toBe('2026-10-30');
  });

  const dayIn = (from: number, to: number) => fc.integer({ min: Date.UTC(from, 0, 1) / DAY, max: Date.UTC(to, 11, 31) / DAY }).map((d) => iso(d * DAY));

  it('property: a banking day is a weekday and no listed holiday, and every weekday that is no holiday is one', () => {
    fc.assert(
      fc.property(dayIn(1971, 2199), (date) => {
        const holiday = fedHolidays(Number(date.slice(0, 4))).some((h) => h.date === date);
        const weekend = [0, 6].includes(weekday(date));
        expect(isBusinessDay(date)).toBe(!weekend && !holiday);
      }),
      { numRuns: 3000, seed: 20261123 },
    );
  });

  it('property: addBusinessDays(d, n) then -n returns to the banking day at or before d (n > 0), at or after d (n < 0)', () => {
    fc.assert(
      fc.property(dayIn(1973, 2198), fc.integer({ min: 1, max: 400 }), fc.boolean(), (date, k, forward) => {
        const n = forward ? k : -k;
        const there = addBusinessDays(date, n);
        expect(isBusinessDay(there)).toBe(true);
        const back = addBusinessDays(there, -n);
        const expected = isBusinessDay(date) ? date : forward ? previousBusinessDay(date) : nextBusinessDay(date);
        expect(back).toBe(expected);
        expect(forward ? there > date : there < date).toBe(true);
      }),
      { numRuns: 500, seed: 20261124 },
    );
  });

  it('property: adding n counts exactly n banking days in between', () => {
    fc.assert(
      fc.property(dayIn(1980, 2190), fc.integer({ min: 1, max: 60 }), (date, n) => {
        const end = addBusinessDays(date, n);
        let count = 0;
        for (let d = Date.parse(`${date}T00:00:00Z`) + DAY; iso(d) <= end; d += DAY) if (isBusinessDay(iso(d))) count += 1;
        expect(count).toBe(n);
      }),
      { numRuns: 200, seed: 20261125 },
    );
  });
});

describe('bad input is a clear error', () => {
  it('refuses years outside 1971-9999 and non-integers', () => {
    expect(() => fedHolidays(1970)).toThrow(new RangeError(M.year(1970)));
    expect(() => fedHolidays(10_000)).toThrow(RangeError);
    expect(() => fedHolidays(2026.5)).toThrow(RangeError);
    expect(() => fedHolidays('2026' as unknown as number)).toThrow(M.year('2026'));
    expect(fedHolidays(9999)).toHaveLength(11);
  });

  it('refuses dates that are not YYYY-MM-DD calendar dates in range', () => {
    expect(() => isBusinessDay('2026-02-30')).toThrow(new RangeError(M.dateFormat('2026-02-30')));
    expect(() => isBusinessDay('2026-2-3')).toThrow(RangeError);
    expect(() => isBusinessDay('2026-02-03T00:00:00Z')).toThrow(RangeError);
    expect(() => isBusinessDay('1970-12-31')).toThrow(new RangeError(M.dateRange('1970-12-31')));
    expect(() => isBusinessDay(new Date() as unknown as string)).toThrow(new TypeError(M.dateType(new Date())));
  });

  it(`refuses n that is not an integer within +-${MAX_BUSINESS_DAY_STEPS}, and results outside the range`, () => {
    expect(() => addBusinessDays('2026-01-02', 1.5)).toThrow(new RangeError(M.steps(1.5, MAX_BUSINESS_DAY_STEPS)));
    expect(() => addBusinessDays('2026-01-02', MAX_BUSINESS_DAY_STEPS + 1)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-01-02', Number.NaN)).toThrow(RangeError);
    expect(() => addBusinessDays('1971-01-04', -5)).toThrow(new RangeError(M.beyond('1971-01-04', -5)));
    expect(addBusinessDays('2026-01-02', MAX_BUSINESS_DAY_STEPS) > '2400').toBe(true);
    expect(() => adjustToBusinessDay('2026-10-31', 'nearest' as 'following')).toThrow(new RangeError(M.convention('nearest')));
  });
});
