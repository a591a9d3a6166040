import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INVALID_SWEEP_DAYS_MESSAGE,
  type SweepPaymentMethod,
  fundsAvailableBy,
  isBusinessDay,
} from '../../src/schedule/index.js';

// Banking days (the default): ACH settles only on New York banking days. Expected instants
// are written by hand from the 2026-2027 calendars (DST: Sun Mar 8 and Sun Nov 1 2026).
const due = (method: SweepPaymentMethod, initiated: string): string => fundsAvailableBy(method, new Date(initiated)).toISOString();

describe('fundsAvailableBy on banking days: ach-credit-same-day (18:00 ET, that banking day or the next)', () => {
  it('a weekday before 18:00 ET settles that day; at or after 18:00 the next banking day', () => {
    expect(due('ach-credit-same-day', '2026-07-07T14:00:00Z')).toBe('2026-07-07T22:00:00.000Z'); // Tue 10:00 EDT
    expect(due('ach-credit-same-day', '2026-07-07T21:59:59.999Z')).toBe('2026-07-07T22:00:00.000Z');
    expect(due('ach-credit-same-day', '2026-07-07T22:00:00Z')).toBe('2026-07-08T22:00:00.000Z'); // Tue 18:00 -> Wed
  });

  it('a Friday after the cut-off, a Saturday and a Sunday all settle Monday 18:00 ET', () => {
    expect(due('ach-credit-same-day', '2026-07-10T23:00:00Z')).toBe('2026-07-13T22:00:00.000Z'); // Fri 19:00 EDT
    expect(due('ach-credit-same-day', '2026-07-11T14:00:00Z')).toBe('2026-07-13T22:00:00.000Z'); // Sat
    expect(due('ach-credit-same-day', '2026-07-12T14:00:00Z')).toBe('2026-07-13T22:00:00.000Z'); // Sun
  });

  it('Thanksgiving 2026: the day before, the holiday, the day after', () => {
    expect(due('ach-credit-same-day', '2026-11-25T17:00:00Z')).toBe('2026-11-25T23:00:00.000Z'); // Wed noon EST
    expect(due('ach-credit-same-day', '2026-11-25T23:30:00Z')).toBe('2026-11-27T23:00:00.000Z'); // Wed 18:30 -> Fri
    expect(due('ach-credit-same-day', '2026-11-26T15:00:00Z')).toBe('2026-11-27T23:00:00.000Z'); // Thanksgiving -> Fri
    expect(due('ach-credit-same-day', '2026-11-27T15:00:00Z')).toBe('2026-11-27T23:00:00.000Z'); // Fri
  });

  it('Christmas on a Friday: Thursday evening settles Monday', () => {
    expect(due('ach-credit-same-day', '2026-12-25T00:00:00Z')).toBe('2026-12-28T23:00:00.000Z'); // Thu 19:00 EST
  });

  it('a Saturday holiday is not moved: the Friday before is a banking day (July 4 2026)', () => {
    expect(due('ach-credit-same-day', '2026-07-03T16:00:00Z')).toBe('2026-07-03T22:00:00.000Z');
  });

  it('around both DST changes (Sundays): the Monday 18:00 in the new offset', () => {
    expect(due('ach-credit-same-day', '2026-03-07T00:00:00Z')).toBe('2026-03-09T22:00:00.000Z'); // Fri 19:00 EST -> Mon EDT
    expect(due('ach-credit-same-day', '2026-03-08T06:30:00Z')).toBe('2026-03-09T22:00:00.000Z'); // Sun 01:30 EST
    expect(due('ach-credit-same-day', '2026-03-08T08:30:00Z')).toBe('2026-03-09T22:00:00.000Z'); // Sun 04:30 EDT
    expect(due('ach-credit-same-day', '2026-10-31T00:00:00Z')).toBe('2026-11-02T23:00:00.000Z'); // Fri 20:00 EDT -> Mon EST
    expect(due('ach-credit-same-day', '2026-11-01T05:30:00Z')).toBe('2026-11-02T23:00:00.000Z'); // Sun first 01:30 (EDT)
    expect(due('ach-credit-same-day', '2026-11-01T06:30:00Z')).toBe('2026-11-02T23:00:00.000Z'); // Sun second 01:30 (EST)
  });
});

describe('fundsAvailableBy on banking days: ach-credit-standard (10:00 ET, the next banking day)', () => {
  it('weekdays, a Friday, a weekend', () => {
    expect(due('ach-credit-standard', '2026-07-07T14:00:00Z')).toBe('2026-07-08T14:00:00.000Z'); // Tue -> Wed
    expect(due('ach-credit-standard', '2026-07-10T14:00:00Z')).toBe('2026-07-13T14:00:00.000Z'); // Fri -> Mon
    expect(due('ach-credit-standard', '2026-07-11T14:00:00Z')).toBe('2026-07-13T14:00:00.000Z'); // Sat -> Mon
    expect(due('ach-credit-standard', '2026-07-12T23:00:00Z')).toBe('2026-07-13T14:00:00.000Z'); // Sun -> Mon
  });

  it('holidays, the days before and after', () => {
    expect(due('ach-credit-standard', '2026-11-25T15:00:00Z')).toBe('2026-11-27T15:00:00.000Z'); // Wed -> Fri
    expect(due('ach-credit-standard', '2026-11-26T15:00:00Z')).toBe('2026-11-27T15:00:00.000Z'); // Thanksgiving -> Fri
    expect(due('ach-credit-standard', '2026-11-27T15:00:00Z')).toBe('2026-11-30T15:00:00.000Z'); // Fri -> Mon
    expect(due('ach-credit-standard', '2026-07-02T15:00:00Z')).toBe('2026-07-03T14:00:00.000Z'); // Thu -> Fri Jul 3 (Sat holiday)
    expect(due('ach-credit-standard', '2027-07-02T15:00:00Z')).toBe('2027-07-06T14:00:00.000Z'); // Fri -> Tue (Sun Jul 4 observed Mon)
    expect(due('ach-credit-standard', '2027-01-01T04:30:00Z')).toBe('2027-01-04T15:00:00.000Z'); // Thu Dec 31 23:30 EST -> Mon
  });

  it('around both DST changes', () => {
    expect(due('ach-credit-standard', '2026-03-06T17:00:00Z')).toBe('2026-03-09T14:00:00.000Z'); // Fri noon EST -> Mon 10:00 EDT
    expect(due('ach-credit-standard', '2026-03-08T06:30:00Z')).toBe('2026-03-09T14:00:00.000Z'); // Sun 01:30 EST
    expect(due('ach-credit-standard', '2026-10-30T16:00:00Z')).toBe('2026-11-02T15:00:00.000Z'); // Fri noon EDT -> Mon 10:00 EST
    expect(due('ach-credit-standard', '2026-11-01T05:30:00Z')).toBe('2026-11-02T15:00:00.000Z'); // Sun first 01:30
  });
});

describe('fundsAvailableBy: instant rails every day; the calendar mode; bad options', () => {
  it('RTP and FedNow are instant on weekends and holidays too', () => {
    for (const t of ['2026-07-04T14:00:00.000Z', '2026-11-26T15:00:00.000Z', '2026-03-08T07:30:00.000Z']) {
      expect(due('rtp-credit', t)).toBe(t);
      expect(due('instant-bank-credit', t)).toBe(t);
    }
  });

  it("days: 'calendar' gives the answer of every calendar day", () => {
    const sat = new Date('2026-07-11T14:00:00Z');
    expect(fundsAvailableBy('ach-credit-same-day', sat, { days: 'calendar' }).toISOString()).toBe('2026-07-11T22:00:00.000Z');
    expect(fundsAvailableBy('ach-credit-same-day', sat, { days: 'banking' }).toISOString()).toBe('2026-07-13T22:00:00.000Z');
  });

  it('refuses an unknown days option, and in banking mode a day outside the calendar', () => {
    const t = new Date('2026-07-11T14:00:00Z');
    expect(() => fundsAvailableBy('ach-credit-standard', t, { days: 'business' as 'banking' })).toThrow(
      new RangeError(INVALID_SWEEP_DAYS_MESSAGE),
    );
    expect(() => fundsAvailableBy('ach-credit-standard', new Date('1960-01-04T15:00:00Z'))).toThrow(RangeError);
    expect(fundsAvailableBy('ach-credit-standard', new Date('1960-01-04T15:00:00Z'), { days: 'calendar' }).toISOString()).toBe(
      '1960-01-05T15:00:00.000Z',
    );
  });
});

describe('fundsAvailableBy on banking days: properties 1990-2150', () => {
  const ny = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });
  const nyClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const nyDate = (d: Date): string => ny.format(d);
  const DAY = 86_400_000;
  /** Banking days strictly between two New York dates, by walking calendar days (a slow, plain oracle). */
  const bankingDaysBetween = (a: string, b: string): number => {
    let n = 0;
    for (let t = Date.parse(`${a}T12:00:00Z`) + DAY; new Date(t).toISOString().slice(0, 10) < b; t += DAY) {
      if (isBusinessDay(new Date(t).toISOString().slice(0, 10))) n += 1;
    }
    return n;
  };
  const instants = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2150, 0, 1) }).map((ms) => new Date(ms));

  it('same-day and standard land on a banking day at 18:00 / 10:00 ET, after initiatedAt, with no banking day skipped', () => {
    fc.assert(
      fc.property(instants, (initiatedAt) => {
        const start = nyDate(initiatedAt);
        const same = fundsAvailableBy('ach-credit-same-day', initiatedAt);
        const standard = fundsAvailableBy('ach-credit-standard', initiatedAt);
        for (const [result, clock] of [[same, '18:00:00'], [standard, '10:00:00']] as const) {
          expect(result.getTime()).toBeGreaterThan(initiatedAt.getTime());
          expect(nyClock.format(result)).toBe(clock);
          expect(isBusinessDay(nyDate(result))).toBe(true);
        }
        expect(nyDate(standard) > start).toBe(true);
        expect(bankingDaysBetween(start, nyDate(standard))).toBe(0);
        const sameDayToday = isBusinessDay(start) && nyDate(same) === start;
        expect(sameDayToday || bankingDaysBetween(start, nyDate(same)) === 0).toBe(true);
      }),
      { numRuns: 400, seed: 20261126 },
    );
  });
});
