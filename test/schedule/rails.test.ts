import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EVERY_DAY,
  NEW_YORK_BANKING_DAYS,
  RAIL_CALENDARS,
  RAIL_MESSAGES as M,
  RAIL_NAMES,
  type RailCalendar,
  type RailName,
  fundsAvailableBy,
  isBusinessDay,
  nextSubmissionWindow,
  settlementTime,
} from '../../src/schedule/index.js';
import { runUnderTimeZone } from './process-tz.js';

// Expected instants are written by hand from the published ET times: EST is UTC-5 (until
// 2026-03-08 02:00 and from 2026-11-01 02:00), EDT UTC-4 in between.
const at = (iso: string): Date => new Date(iso);
const iso = (d: Date | 'on-receipt'): string => (d === 'on-receipt' ? d : d.toISOString());
const windowAt = (rail: RailName | RailCalendar, when: string) => {
  const w = nextSubmissionWindow(rail, at(when));
  return { window: w.window, operatingDay: w.operatingDay, opens: iso(w.opens), closes: iso(w.closes), settles: iso(w.settles) };
};

describe('published windows on known dates', () => {
  it('Same Day ACH on an ordinary banking day: each deadline and the next window after it', () => {
    // Tuesday 2026-11-24 (EST).
    expect(windowAt('ach-same-day', '2026-11-24T14:00:00Z')).toEqual({
      window: 'first same-day window',
      operatingDay: '2026-11-24',
      opens: '2026-11-23T21:45:00.000Z', // Monday's 16:45 deadline
      closes: '2026-11-24T15:30:00.000Z', // 10:30 ET
      settles: '2026-11-24T18:00:00.000Z', // 13:00 ET
    });
    expect(windowAt('ach-same-day', '2026-11-24T15:30:00Z')).toMatchObject({
      window: 'second same-day window',
      opens: '2026-11-24T15:30:00.000Z',
      closes: '2026-11-24T19:45:00.000Z', // 14:45 ET
      settles: '2026-11-24T22:00:00.000Z', // 17:00 ET
    });
    expect(windowAt('ach-same-day', '2026-11-24T21:44:59Z')).toMatchObject({
      window: 'third same-day window',
      closes: '2026-11-24T21:45:00.000Z', // 16:45 ET
      settles: '2026-11-24T23:00:00.000Z', // 18:00 ET
    });
    expect(windowAt('ach-same-day', '2026-11-24T21:45:00Z')).toMatchObject({ window: 'first same-day window', operatingDay: '2026-11-25' });
  });

  it('the day before a holiday and the holiday: Thanksgiving 2026-11-26 is skipped', () => {
    // Wednesday after the last deadline: Friday's first window.
    expect(windowAt('ach-same-day', '2026-11-25T22:00:00Z')).toEqual({
      window: 'first same-day window',
      operatingDay: '2026-11-27',
      opens: '2026-11-25T21:45:00.000Z',
      closes: '2026-11-27T15:30:00.000Z',
      settles: '2026-11-27T18:00:00.000Z',
    });
    expect(iso(settlementTime('ach-same-day', at('2026-11-26T15:00:00Z')))).toBe('2026-11-27T18:00:00.000Z');
    // Next-day ACH: Wednesday afternoon settles Friday 08:30 ET.
    expect(windowAt('ach-next-day', '2026-11-25T20:00:00Z')).toEqual({
      window: 'next-day window',
      operatingDay: '2026-11-27',
      opens: '2026-11-25T07:15:00.000Z', // Wednesday's 02:15 ET deadline
      closes: '2026-11-27T07:15:00.000Z', // Friday 02:15 ET
      settles: '2026-11-27T13:30:00.000Z', // Friday 08:30 ET
    });
    // Fedwire: Wednesday 19:00 ET closes; Friday's business day opens Thursday (the holiday) at 21:00 ET.
    expect(windowAt('fedwire', '2026-11-26T00:00:00Z')).toEqual({
      window: 'funds-transfer business day',
      operatingDay: '2026-11-27',
      opens: '2026-11-27T02:00:00.000Z',
      closes: '2026-11-28T00:00:00.000Z',
      settles: 'on-receipt',
    });
    expect(iso(settlementTime('fedwire', at('2026-11-26T17:00:00Z')))).toBe('2026-11-27T02:00:00.000Z');
    // RTP and FedNow run on the holiday.
    for (const rail of ['rtp', 'fednow'] as const) expect(iso(settlementTime(rail, at('2026-11-26T17:00:00Z')))).toBe('2026-11-26T17:00:00.000Z');
  });

  it('a weekend: Saturday ACH and Fedwire wait for Monday; Fedwire opens Sunday 21:00 ET', () => {
    expect(windowAt('ach-same-day', '2026-11-28T15:00:00Z')).toMatchObject({
      operatingDay: '2026-11-30',
      opens: '2026-11-27T21:45:00.000Z', // Friday 16:45 ET
      closes: '2026-11-30T15:30:00.000Z',
    });
    expect(windowAt('fedwire', '2026-11-28T15:00:00Z')).toMatchObject({
      operatingDay: '2026-11-30',
      opens: '2026-11-30T02:00:00.000Z',
      closes: '2026-12-01T00:00:00.000Z',
    });
    // Inside Monday's business day on Sunday evening: settles on receipt.
    expect(iso(settlementTime('fedwire', at('2026-11-30T03:00:00Z')))).toBe('2026-11-30T03:00:00.000Z');
    expect(iso(settlementTime('rtp', at('2026-11-28T15:00:00Z')))).toBe('2026-11-28T15:00:00.000Z');
  });

  it('both DST change days (Sundays): the windows of the next Monday read in the new offset', () => {
    // 2026-03-08: clocks go 02:00 EST -> 03:00 EDT.
    expect(windowAt('fedwire', '2026-03-08T12:00:00Z')).toMatchObject({
      operatingDay: '2026-03-09',
      opens: '2026-03-09T01:00:00.000Z', // Sunday 21:00 EDT
      closes: '2026-03-09T23:00:00.000Z', // Monday 19:00 EDT
    });
    expect(windowAt('rtp', '2026-03-08T12:00:00Z')).toMatchObject({
      operatingDay: '2026-03-08',
      opens: '2026-03-08T05:00:00.000Z', // 00:00 EST
      closes: '2026-03-09T04:00:00.000Z', // 00:00 EDT: a 23-hour day
    });
    // Friday before, after the last deadline (EST): Monday's first window (EDT).
    expect(windowAt('ach-same-day', '2026-03-06T22:00:00Z')).toMatchObject({
      operatingDay: '2026-03-09',
      opens: '2026-03-06T21:45:00.000Z', // Friday 16:45 EST
      closes: '2026-03-09T14:30:00.000Z', // Monday 10:30 EDT
      settles: '2026-03-09T17:00:00.000Z', // 13:00 EDT
    });
    // 2026-11-01: clocks go 02:00 EDT -> 01:00 EST.
    expect(windowAt('fedwire', '2026-11-01T12:00:00Z')).toMatchObject({
      operatingDay: '2026-11-02',
      opens: '2026-11-02T02:00:00.000Z', // Sunday 21:00 EST
      closes: '2026-11-03T00:00:00.000Z', // Monday 19:00 EST
    });
    expect(windowAt('fednow', '2026-11-01T12:00:00Z')).toMatchObject({
      opens: '2026-11-01T04:00:00.000Z', // 00:00 EDT
      closes: '2026-11-02T05:00:00.000Z', // 00:00 EST: a 25-hour day
    });
    expect(windowAt('ach-next-day', '2026-10-30T12:00:00Z')).toMatchObject({
      operatingDay: '2026-11-02',
      closes: '2026-11-02T07:15:00.000Z', // Monday 02:15 EST
      settles: '2026-11-02T13:30:00.000Z', // 08:30 EST
    });
  });

  it('a clock time a DST change skips is read with the offset before it (a host calendar open on Sundays)', () => {
    const sundayNextDay: RailCalendar = { ...RAIL_CALENDARS['ach-next-day'], name: 'seven-day next-day', days: EVERY_DAY };
    // 02:15 does not exist on 2026-03-08 in New York: read as 02:15 EST = 07:15Z (03:15 EDT).
    expect(windowAt(sundayNextDay, '2026-03-08T00:00:00Z')).toMatchObject({ operatingDay: '2026-03-08', closes: '2026-03-08T07:15:00.000Z' });
  });
});

describe('host calendars, without forking', () => {
  it('a six-day Fedwire runs on Saturdays (still closed on Sundays and Fed holidays)', () => {
    const sixDay: RailCalendar = {
      ...RAIL_CALENDARS.fedwire,
      name: 'Fedwire, six days',
      days: { ...NEW_YORK_BANKING_DAYS, weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA'] },
    };
    expect(windowAt(sixDay, '2026-11-28T15:00:00Z')).toMatchObject({
      operatingDay: '2026-11-28',
      opens: '2026-11-28T02:00:00.000Z', // Friday 21:00 EST
      closes: '2026-11-29T00:00:00.000Z', // Saturday 19:00 EST
    });
    expect(windowAt(sixDay, '2026-11-29T15:00:00Z')).toMatchObject({ operatingDay: '2026-11-30' });
    // The published calendar is unchanged.
    expect(windowAt('fedwire', '2026-11-28T15:00:00Z')).toMatchObject({ operatingDay: '2026-11-30' });
  });

  it('extra closings (a day of mourning) close the rail that day', () => {
    const closed: RailCalendar = {
      ...RAIL_CALENDARS['ach-same-day'],
      days: { ...NEW_YORK_BANKING_DAYS, closings: ['2026-12-24'] },
    };
    expect(windowAt(closed, '2026-12-24T14:00:00Z')).toMatchObject({ operatingDay: '2026-12-28', opens: '2026-12-23T21:45:00.000Z' });
    expect(windowAt('ach-same-day', '2026-12-24T14:00:00Z')).toMatchObject({ operatingDay: '2026-12-24' });
  });

  it('fundsAvailableBy takes a rail calendar; without one its answers are unchanged', () => {
    const t = at('2026-07-01T14:00:00Z'); // Wednesday 10:00 EDT
    expect(iso(fundsAvailableBy('ach-credit-same-day', t))).toBe('2026-07-01T22:00:00.000Z'); // the spec's 18:00 EDT
    expect(iso(fundsAvailableBy('ach-credit-same-day', t, { rail: 'ach-same-day' }))).toBe('2026-07-01T17:00:00.000Z'); // 13:00 EDT
    expect(iso(fundsAvailableBy('ach-credit-standard', t, { rail: 'ach-next-day' }))).toBe('2026-07-02T12:30:00.000Z'); // Thursday 08:30 EDT
    expect(iso(fundsAvailableBy('rtp-credit', t, { rail: 'rtp' }))).toBe(t.toISOString());
    expect(() => fundsAvailableBy('ach-credit-same-day', t, { rail: 'ach-same-day', days: 'calendar' })).toThrow(M.railWithDays);
  });
});

describe('properties', () => {
  const instant = fc.integer({ min: Date.UTC(1972, 0, 1), max: Date.UTC(2099, 11, 31) }).map((ms) => new Date(ms));
  const rail = fc.constantFrom(...RAIL_NAMES);

  it('a window returned is open at or after `at` (it never closes at or before it); opens < closes <= settles', () => {
    fc.assert(
      fc.property(rail, instant, (name, t) => {
        const w = nextSubmissionWindow(name, t);
        expect(w.closes.getTime()).toBeGreaterThan(t.getTime());
        expect(w.opens.getTime()).toBeLessThan(w.closes.getTime());
        if (w.settles !== 'on-receipt') expect(w.settles.getTime()).toBeGreaterThanOrEqual(w.closes.getTime());
        // The operating day is one the calendar runs on.
        if (RAIL_CALENDARS[name].days.closedOnFedHolidays) expect(isBusinessDay(w.operatingDay)).toBe(true);
        // No window closes between `at` and this one's deadline: any moment in between gets the same window.
        for (const between of [t.getTime() + 1, Math.floor((t.getTime() + w.closes.getTime()) / 2), w.closes.getTime() - 1]) {
          if (between < w.closes.getTime()) expect(nextSubmissionWindow(name, new Date(between))).toEqual(w);
        }
      }),
      { seed: 99, numRuns: 300 },
    );
  });

  it('settlement is never before submission, and on a real-time rail open at `at` it is `at`', () => {
    fc.assert(
      fc.property(rail, instant, (name, t) => {
        const settled = settlementTime(name, t);
        expect(settled.getTime()).toBeGreaterThanOrEqual(t.getTime());
        if (name === 'rtp' || name === 'fednow') expect(settled.getTime()).toBe(t.getTime());
      }),
      { seed: 100, numRuns: 300 },
    );
  });

  it('results do not depend on the process TZ', () => {
    const script = `
      import { nextSubmissionWindow, settlementTime, RAIL_NAMES } from './src/schedule/index.ts';
      const out = [];
      for (let i = 0; i < 120; i += 1) {
        const t = new Date(Date.UTC(2026, 0, 1) + i * 7_919_993_000);
        for (const rail of RAIL_NAMES) out.push([nextSubmissionWindow(rail, t), settlementTime(rail, t)]);
      }
      process.stdout.write(JSON.stringify(out));
    `;
    const utc = runUnderTimeZone(script, 'UTC');
    expect(utc.length).toBeGreaterThan(30_000);
    // (This file itself runs under TZ=UTC and TZ=America/Los_Angeles.)
    expect(runUnderTimeZone(script, 'Asia/Kolkata')).toBe(utc);
  }, 60_000); // two child processes: slow on a loaded machine
});

describe('refusals', () => {
  it('an invalid Date, an unknown rail', () => {
    expect(() => nextSubmissionWindow('fedwire', new Date(Number.NaN))).toThrow(new RangeError(M.invalidInstant('at')));
    expect(() => settlementTime('fedwire', new Date(Number.NaN))).toThrow(new RangeError(M.invalidInstant('submittedAt')));
    expect(() => settlementTime('fedwire', '2026-01-01T00:00:00Z' as unknown as Date)).toThrow(RangeError);
    for (const name of ['swift', '', '__proto__', 'toString', 'ACH-SAME-DAY', '🚀']) {
      expect(() => nextSubmissionWindow(name as RailName, at('2026-01-01T00:00:00Z'))).toThrow(new TypeError(M.unknownRail(name)));
    }
    for (const value of [null, undefined, 42, ['fedwire']]) {
      expect(() => nextSubmissionWindow(value as unknown as RailName, at('2026-01-01T00:00:00Z'))).toThrow(TypeError);
    }
  });

  it('a banking-day rail outside the Federal Reserve calendar (1971-9999)', () => {
    expect(() => nextSubmissionWindow('ach-same-day', at('1960-06-01T12:00:00Z'))).toThrow(RangeError);
    // An every-day rail needs no holiday calendar.
    expect(iso(settlementTime('rtp', at('1960-06-01T12:00:00Z')))).toBe('1960-06-01T12:00:00.000Z');
  });

  it('invalid host calendars, each with the problem named', () => {
    const base = RAIL_CALENDARS['ach-same-day'];
    const cases: [Partial<RailCalendar> & Record<string, unknown>, string][] = [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone must be an IANA time zone name'],
      [{ days: { weekdays: [], closedOnFedHolidays: true } }, 'days.weekdays must list at least one weekday'],
      [{ days: { weekdays: ['XX' as 'MO'], closedOnFedHolidays: true } }, 'days.weekdays must hold'],
      [{ days: { weekdays: ['MO'], closedOnFedHolidays: 'yes' as unknown as boolean } }, 'days.closedOnFedHolidays must be true or false'],
      [{ days: { ...NEW_YORK_BANKING_DAYS, closings: ['2026-02-30'] } }, 'days.closings'],
      [{ windows: [] }, 'windows must list at least one submission window'],
      [{ windows: [{ name: 'w', closes: { time: '24:00' }, settles: 'on-receipt' }] }, 'windows[0].closes.time must be a clock time'],
      [{ windows: [{ name: 'w', closes: { time: '10:00', day: 2 as 1 }, settles: 'on-receipt' }] }, 'windows[0].closes.day must be -1, 0 or 1'],
      [
        {
          windows: [
            { name: 'a', closes: { time: '14:00' }, settles: 'on-receipt' },
            { name: 'b', closes: { time: '10:00' }, settles: 'on-receipt' },
          ],
        },
        'windows[1] must close after windows[0]',
      ],
      [{ windows: [{ name: 'w', opens: { time: '11:00' }, closes: { time: '10:00' }, settles: 'on-receipt' }] }, 'windows[0] must open before it closes'],
      [{ windows: [{ name: 'w', closes: { time: '10:00' }, settles: { time: '09:00' } }] }, 'windows[0] must not settle before it closes'],
      [
        {
          windows: [
            { name: 'a', closes: { time: '10:00', day: -1 }, settles: 'on-receipt' },
            { name: 'b', closes: { time: '10:00' }, settles: 'on-receipt' },
          ],
        },
        'within one day of each other',
      ],
      [{ name: '' }, 'name must be a non-empty string'],
    ];
    for (const [change, message] of cases) {
      const calendar = { ...base, ...change } as RailCalendar;
      expect(() => nextSubmissionWindow(calendar, at('2026-01-05T12:00:00Z')), message).toThrow(message);
    }
  });

  it('a long run of closings is searched in bounded time (the search grows only with the closings listed)', () => {
    const closings = Array.from({ length: 30 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`);
    const january: RailCalendar = { ...RAIL_CALENDARS.rtp, days: { ...EVERY_DAY, weekdays: ['MO'], closings } };
    expect(windowAt(january, '2026-01-01T12:00:00Z')).toMatchObject({ operatingDay: '2026-02-02' });
    const t = performance.now();
    const mondaysClosed: RailCalendar = {
      ...RAIL_CALENDARS.rtp,
      days: { weekdays: ['MO'], closedOnFedHolidays: false, closings: Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 0, 5 + 7 * i)).toISOString().slice(0, 10)) },
    };
    expect(windowAt(mondaysClosed, '2026-01-01T12:00:00Z').operatingDay).toBe('2027-03-01'); // the 60th closed Monday is 2027-02-22
    expect(performance.now() - t).toBeLessThan(1000);
  });
});
