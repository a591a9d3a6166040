import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INVALID_INITIATED_AT_MESSAGE,
  SWEEP_PAYMENT_METHODS,
  type SweepPaymentMethod,
  UNKNOWN_SWEEP_METHOD_MESSAGE,
  fundsAvailableBy,
  isSweepPaymentMethod,
} from '../../src/schedule/sweep.js';

// ---------------------------------------------------------------------------------------
// Independent oracle: the US daylight-saving rule written out by hand (15 U.S.C. 260a as
// amended by the Energy Policy Act of 2005). New York is UTC-5 (EST), UTC-4 (EDT) while
// DST is in effect. Changes happen at 02:00 local time:
//   2007 on: second Sunday of March to first Sunday of November;
//   1987-2006: first Sunday of April to last Sunday of October.
// No Intl, no zone.ts: only UTC calendar arithmetic.
// ---------------------------------------------------------------------------------------
const HOUR = 3_600_000;

const weekdayUtc = (y: number, m: number, d: number): number => new Date(Date.UTC(y, m - 1, d)).getUTCDay();
const nthSunday = (y: number, m: number, n: number): number => 1 + ((7 - weekdayUtc(y, m, 1)) % 7) + 7 * (n - 1);
const lastSunday = (y: number, m: number): number => {
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return last - weekdayUtc(y, m, last);
};

/** [month, day] of the start and end of DST in year `y` (US rules). */
function dstDates(y: number): { start: [number, number]; end: [number, number] } {
  return y >= 2007
    ? { start: [3, nthSunday(y, 3, 2)], end: [11, nthSunday(y, 11, 1)] }
    : { start: [4, nthSunday(y, 4, 1)], end: [10, lastSunday(y, 10)] };
}

/** UTC instants of the two changes of year `y`: 02:00 EST = 07:00Z, 02:00 EDT = 06:00Z. */
function dstInstants(y: number): { start: number; end: number } {
  const { start, end } = dstDates(y);
  return { start: Date.UTC(y, start[0] - 1, start[1], 7), end: Date.UTC(y, end[0] - 1, end[1], 6) };
}

/** New York's offset in hours (-4 or -5) at a UTC instant. */
function nyOffsetAt(ms: number): number {
  const { start, end } = dstInstants(new Date(ms).getUTCFullYear());
  return ms >= start && ms < end ? -4 : -5;
}

/** New York calendar day of a UTC instant. */
function nyDayOf(ms: number): { y: number; m: number; d: number } {
  const local = new Date(ms + nyOffsetAt(ms) * HOUR);
  return { y: local.getUTCFullYear(), m: local.getUTCMonth() + 1, d: local.getUTCDate() };
}

/** UTC instant of `hour`:00 New York on y-m-d (d may overflow to the next month); hour not 1 or 2. */
function nyAt(y: number, m: number, d: number, hour: number): number {
  const normal = new Date(Date.UTC(y, m - 1, d));
  const [yy, mm, dd] = [normal.getUTCFullYear(), normal.getUTCMonth() + 1, normal.getUTCDate()];
  const { start, end } = dstDates(yy);
  const key = mm * 100 + dd;
  const startKey = start[0] * 100 + start[1];
  const endKey = end[0] * 100 + end[1];
  // On the change days DST begins at 03:00 EDT and ends at 01:00 EST (hours 01-02 excluded).
  const dst = (key > startKey || (key === startKey && hour >= 3)) && (key < endKey || (key === endKey && hour < 1));
  return Date.UTC(yy, mm - 1, dd, hour) + (dst ? 4 : 5) * HOUR;
}

function expectedSameDay(ms: number): number {
  const { y, m, d } = nyDayOf(ms);
  const today = nyAt(y, m, d, 18);
  return ms < today ? today : nyAt(y, m, d + 1, 18);
}

function expectedStandard(ms: number): number {
  const { y, m, d } = nyDayOf(ms);
  return nyAt(y, m, d + 1, 10);
}

// A second, differently built view of New York wall time: Intl directly (not zone.ts).
const nyClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** These suites pin the calendar-days mode (`days: 'calendar'`); banking days are in sweep-banking.test.ts. */
const CALENDAR = { days: 'calendar' } as const;
const iso = (s: string): Date => new Date(s);
const at = (method: SweepPaymentMethod, s: string): string => fundsAvailableBy(method, iso(s), CALENDAR).toISOString();

describe('oracle sanity (hand-known facts)', () => {
  it('knows the 2026 and 2000 US DST days', () => {
    expect(dstDates(2026)).toEqual({ start: [3, 8], end: [11, 1] });
    expect(dstDates(2000)).toEqual({ start: [4, 2], end: [10, 29] });
    expect(dstDates(2100)).toEqual({ start: [3, 14], end: [11, 7] });
  });
});

describe('SWEEP_PAYMENT_METHODS', () => {
  it('lists exactly the four push payment methods of spec 2.10', () => {
    expect(Object.keys(SWEEP_PAYMENT_METHODS).sort()).toEqual([
      'ach-credit-same-day',
      'ach-credit-standard',
      'instant-bank-credit',
      'rtp-credit',
    ]);
  });

  it('records how each method delivers funds', () => {
    expect(SWEEP_PAYMENT_METHODS['ach-credit-same-day']).toMatchObject({
      kind: 'same-day',
      hour: 18,
      timeZone: 'America/New_York',
    });
    expect(SWEEP_PAYMENT_METHODS['ach-credit-standard']).toMatchObject({
      kind: 'next-day',
      hour: 10,
      timeZone: 'America/New_York',
    });
    expect(SWEEP_PAYMENT_METHODS['instant-bank-credit']).toMatchObject({
      kind: 'instant',
      rails: ['RTP', 'FedNow'],
      preferred: true,
    });
    expect(SWEEP_PAYMENT_METHODS['rtp-credit']).toMatchObject({ kind: 'instant', rails: ['RTP'], preferred: false });
  });

  it('is frozen all the way down', () => {
    expect(Object.isFrozen(SWEEP_PAYMENT_METHODS)).toBe(true);
    expect(Object.isFrozen(SWEEP_PAYMENT_METHODS['ach-credit-same-day'])).toBe(true);
    expect(Object.isFrozen(SWEEP_PAYMENT_METHODS['instant-bank-credit'].rails)).toBe(true);
  });
});

describe('isSweepPaymentMethod', () => {
  it('accepts the four methods', () => {
    for (const method of Object.keys(SWEEP_PAYMENT_METHODS)) expect(isSweepPaymentMethod(method)).toBe(true);
  });

  it('refuses other strings, inherited keys and non-strings', () => {
    for (const method of ['wire', '', 'ACH-CREDIT-SAME-DAY', ' rtp-credit', '__proto__', 'toString', 'constructor']) {
      expect(isSweepPaymentMethod(method)).toBe(false);
    }
    for (const value of [undefined, null, 42, {}, ['rtp-credit']]) expect(isSweepPaymentMethod(value)).toBe(false);
  });
});

describe('fundsAvailableBy: ach-credit-same-day (18:00 New York, that New York day)', () => {
  it('summer (EDT, UTC-4) and winter (EST, UTC-5)', () => {
    expect(at('ach-credit-same-day', '2026-07-01T14:00:00Z')).toBe('2026-07-01T22:00:00.000Z');
    expect(at('ach-credit-same-day', '2026-12-01T14:00:00Z')).toBe('2026-12-01T23:00:00.000Z');
  });

  it('on the spring change day, Mar 8 2026 (initiated 01:30 EST, due 18:00 EDT)', () => {
    expect(at('ach-credit-same-day', '2026-03-08T06:30:00Z')).toBe('2026-03-08T22:00:00.000Z');
    expect(at('ach-credit-same-day', '2026-03-07T15:00:00Z')).toBe('2026-03-07T23:00:00.000Z');
  });

  it('on the autumn change day, Nov 1 2026 (initiated in the first 01:30, EDT; due 18:00 EST)', () => {
    expect(at('ach-credit-same-day', '2026-11-01T05:30:00Z')).toBe('2026-11-01T23:00:00.000Z');
    expect(at('ach-credit-same-day', '2026-10-31T15:00:00Z')).toBe('2026-10-31T22:00:00.000Z');
  });

  it('uses the New York day, not the UTC day', () => {
    // 17:30 EST on Dec 1 is already Dec 1 22:30Z; 00:30 EST on Dec 2 is Dec 2 05:30Z.
    expect(at('ach-credit-same-day', '2026-12-01T22:30:00Z')).toBe('2026-12-01T23:00:00.000Z');
    expect(at('ach-credit-same-day', '2026-12-02T05:30:00Z')).toBe('2026-12-02T23:00:00.000Z');
  });

  it('initiated at or after 18:00 ET: 18:00 ET the next New York day (decision)', () => {
    expect(at('ach-credit-same-day', '2026-07-01T21:59:59.999Z')).toBe('2026-07-01T22:00:00.000Z');
    expect(at('ach-credit-same-day', '2026-07-01T22:00:00.000Z')).toBe('2026-07-02T22:00:00.000Z');
    // 23:59 EDT Jul 1 is Jul 2 03:59Z: still the New York day Jul 1, past its cut-off.
    expect(at('ach-credit-same-day', '2026-07-02T03:59:00Z')).toBe('2026-07-02T22:00:00.000Z');
    // After the cut-off on Mar 7 (EST): the next day's 18:00 is EDT.
    expect(at('ach-credit-same-day', '2026-03-07T23:30:00Z')).toBe('2026-03-08T22:00:00.000Z');
    // After the cut-off on Oct 31 (EDT): the next day's 18:00 is EST.
    expect(at('ach-credit-same-day', '2026-10-31T22:30:00Z')).toBe('2026-11-01T23:00:00.000Z');
    // After the cut-off on New Year's Eve.
    expect(at('ach-credit-same-day', '2026-12-31T23:00:00Z')).toBe('2027-01-01T23:00:00.000Z');
  });

  it("days: 'calendar' counts every calendar day (weekends and holidays included)", () => {
    // Saturday Jul 4 2026 (a US holiday): funds still due 18:00 ET that day.
    expect(at('ach-credit-same-day', '2026-07-04T13:00:00Z')).toBe('2026-07-04T22:00:00.000Z');
  });
});

describe('fundsAvailableBy: ach-credit-standard (10:00 New York, the next New York day)', () => {
  it('summer and winter', () => {
    expect(at('ach-credit-standard', '2026-07-01T14:00:00Z')).toBe('2026-07-02T14:00:00.000Z');
    expect(at('ach-credit-standard', '2026-12-01T14:00:00Z')).toBe('2026-12-02T15:00:00.000Z');
  });

  it('when the next day is the spring change (noon EST Mar 7 -> 10:00 EDT Mar 8)', () => {
    expect(at('ach-credit-standard', '2026-03-07T17:00:00Z')).toBe('2026-03-08T14:00:00.000Z');
  });

  it('when the next day is the autumn change (noon EDT Oct 31 -> 10:00 EST Nov 1)', () => {
    expect(at('ach-credit-standard', '2026-10-31T16:00:00Z')).toBe('2026-11-01T15:00:00.000Z');
  });

  it('initiated on the change days themselves', () => {
    expect(at('ach-credit-standard', '2026-03-08T05:30:00Z')).toBe('2026-03-09T14:00:00.000Z');
    expect(at('ach-credit-standard', '2026-11-01T06:30:00Z')).toBe('2026-11-02T15:00:00.000Z');
  });

  it('uses the New York day: 23:30 EST Dec 31 (UTC already Jan 1) -> 10:00 EST Jan 1', () => {
    expect(at('ach-credit-standard', '2027-01-01T04:30:00Z')).toBe('2027-01-01T15:00:00.000Z');
    expect(at('ach-credit-standard', '2027-01-01T05:00:00Z')).toBe('2027-01-02T15:00:00.000Z');
  });

  it('crosses month ends, leap days and the 2100 non-leap year', () => {
    expect(at('ach-credit-standard', '2028-02-28T17:00:00Z')).toBe('2028-02-29T15:00:00.000Z');
    expect(at('ach-credit-standard', '2028-02-29T17:00:00Z')).toBe('2028-03-01T15:00:00.000Z');
    expect(at('ach-credit-standard', '2100-02-28T17:00:00Z')).toBe('2100-03-01T15:00:00.000Z');
    expect(at('ach-credit-standard', '2026-04-30T16:00:00Z')).toBe('2026-05-01T14:00:00.000Z');
  });

  it("days: 'calendar' counts every calendar day: Friday -> Saturday", () => {
    expect(at('ach-credit-standard', '2026-11-20T17:00:00Z')).toBe('2026-11-21T15:00:00.000Z');
  });
});

describe('fundsAvailableBy: instant methods', () => {
  it('instant-bank-credit and rtp-credit arrive at once, as a new Date', () => {
    for (const method of ['instant-bank-credit', 'rtp-credit'] as const) {
      const initiatedAt = iso('2026-03-08T07:00:00.123Z');
      const result = fundsAvailableBy(method, initiatedAt, CALENDAR);
      expect(result.getTime()).toBe(initiatedAt.getTime());
      expect(result).not.toBe(initiatedAt);
    }
  });
});

describe('fundsAvailableBy: bad input', () => {
  it('throws a TypeError naming the methods for an unknown method', () => {
    for (const method of ['wire', '', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(() => fundsAvailableBy(method as SweepPaymentMethod, new Date(0), CALENDAR)).toThrow(
        new TypeError(UNKNOWN_SWEEP_METHOD_MESSAGE),
      );
    }
  });

  it('throws a RangeError for an invalid Date or a non-Date', () => {
    expect(() => fundsAvailableBy('rtp-credit', new Date(Number.NaN), CALENDAR)).toThrow(
      new RangeError(INVALID_INITIATED_AT_MESSAGE),
    );
    expect(() => fundsAvailableBy('ach-credit-same-day', '2026-01-01T00:00:00Z' as unknown as Date, CALENDAR)).toThrow(
      new RangeError(INVALID_INITIATED_AT_MESSAGE),
    );
  });
});

describe('fundsAvailableBy: independent of the process time zone', () => {
  it('gives the same instants whatever TZ is set while it runs', () => {
    const inputs = ['2026-03-08T06:30:00Z', '2026-11-01T05:30:00Z', '2026-12-31T23:00:00Z', '2026-07-02T03:59:00Z'];
    const run = (): string[] =>
      inputs.flatMap((s) => [at('ach-credit-same-day', s), at('ach-credit-standard', s)]);
    const saved = process.env.TZ;
    const results: string[][] = [];
    try {
      for (const tz of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
        process.env.TZ = tz;
        results.push(run());
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
    for (const r of results) expect(r).toEqual(results[0]);
  });
});

describe('fundsAvailableBy: properties over 2000-2100', () => {
  const anyInstant = fc
    .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 11, 31, 12) })
    .map((ms) => new Date(ms));
  // Instants within 36 hours of a DST change (either kind), millisecond resolution.
  const nearChange = fc
    .record({
      year: fc.integer({ min: 2000, max: 2100 }),
      which: fc.constantFrom('start' as const, 'end' as const),
      delta: fc.integer({ min: -36 * HOUR, max: 36 * HOUR }),
    })
    .map(({ year, which, delta }) => new Date(dstInstants(year)[which] + delta));
  const instants = fc.oneof(anyInstant, nearChange);

  const wallClock = (d: Date): string => nyClock.format(d);

  it('same-day: never before initiatedAt, exactly 18:00:00.000 New York, equal to the hand-written rule', () => {
    fc.assert(
      fc.property(instants, (initiatedAt) => {
        const result = fundsAvailableBy('ach-credit-same-day', initiatedAt, CALENDAR);
        expect(result.getTime()).toBeGreaterThan(initiatedAt.getTime());
        expect(result.getTime() - initiatedAt.getTime()).toBeLessThanOrEqual(25 * HOUR);
        expect(wallClock(result)).toBe('18:00:00');
        expect(result.getUTCMilliseconds()).toBe(0);
        expect(result.getTime()).toBe(expectedSameDay(initiatedAt.getTime()));
      }),
    );
  });

  it('standard: after initiatedAt, exactly 10:00:00.000 New York the next New York day', () => {
    fc.assert(
      fc.property(instants, (initiatedAt) => {
        const result = fundsAvailableBy('ach-credit-standard', initiatedAt, CALENDAR);
        expect(result.getTime()).toBeGreaterThan(initiatedAt.getTime());
        expect(wallClock(result)).toBe('10:00:00');
        expect(result.getUTCMilliseconds()).toBe(0);
        expect(result.getTime()).toBe(expectedStandard(initiatedAt.getTime()));
      }),
    );
  });

  it('instant methods: exactly initiatedAt', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom('instant-bank-credit' as const, 'rtp-credit' as const), (t, method) => {
        expect(fundsAvailableBy(method, t, CALENDAR).getTime()).toBe(t.getTime());
      }),
    );
  });

  it('every spring and autumn change day 2000-2100, both methods, hand-derived', () => {
    for (let year = 2000; year <= 2100; year++) {
      const { start, end } = dstDates(year);
      for (const [m, d] of [start, end]) {
        // Initiated 00:30 local (before any change): same-day is 18:00 that day, standard 10:00 the next.
        const early = nyAt(year, m, d, 0) + 30 * 60_000;
        expect(fundsAvailableBy('ach-credit-same-day', new Date(early), CALENDAR).getTime()).toBe(nyAt(year, m, d, 18));
        expect(fundsAvailableBy('ach-credit-standard', new Date(early), CALENDAR).getTime()).toBe(nyAt(year, m, d + 1, 10));
        // Initiated noon the day before: standard lands on the change day.
        const dayBefore = nyAt(year, m, d - 1, 12);
        expect(fundsAvailableBy('ach-credit-standard', new Date(dayBefore), CALENDAR).getTime()).toBe(nyAt(year, m, d, 10));
      }
    }
  });
});
