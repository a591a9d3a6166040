import { describe, expect, it } from 'vitest';
import {
  type NonexistentLocalTime,
  RECURRENCE_MESSAGES as M,
  RecurrenceError,
  expandRecurrence,
  scheduleOccurrences,
} from '../../src/schedule/index.js';

// A run whose local time falls in a DST gap: 'shift' (default) reads it with the offset before
// the gap (RFC 5545 3.3.5), 'omit' leaves it out uncounted (RFC 5545 3.3.10). Expected
// instants are hand-derived and were cross-checked with Python's zoneinfo (PEP 495: fold=0
// reads a gap time with the offset before the transition).
const runOn = (rule: string, start: string, timeZone: string, mode?: NonexistentLocalTime, limit?: number): string[] =>
  expandRecurrence(
    { recurrenceRule: rule, start, runTransfer: null },
    { timeZone, ...(mode === undefined ? {} : { nonexistentLocalTime: mode }), ...(limit === undefined ? {} : { limit }) },
  ).map((o) => o.runOn);

describe('nonexistentLocalTime across zones and hemispheres', () => {
  const cases: readonly (readonly [string, string, string, string, string, string])[] = [
    // zone, DTSTART (the day before the gap), the gap day shifted, the day after, what: the gap
    ['America/New_York', '2026-03-07T07:30:00Z', '2026-03-08T07:30:00Z', '2026-03-09T06:30:00Z', '02:30 -> 03:30 EDT', ''],
    ['America/New_York', '2007-03-10T07:30:00Z', '2007-03-11T07:30:00Z', '2007-03-12T06:30:00Z', "RFC 5545 3.3.5's own example", ''],
    ['Europe/Berlin', '2026-03-28T01:30:00Z', '2026-03-29T01:30:00Z', '2026-03-30T00:30:00Z', '02:30 -> 03:30 CEST', ''],
    ['Australia/Sydney', '2026-10-02T16:30:00Z', '2026-10-03T16:30:00Z', '2026-10-04T15:30:00Z', 'southern hemisphere, October', ''],
    ['Australia/Lord_Howe', '2026-10-02T15:45:00Z', '2026-10-03T15:45:00Z', '2026-10-04T15:15:00Z', '30-minute DST: 02:15 -> 02:45', ''],
    ['America/Santiago', '2026-09-05T04:30:00Z', '2026-09-06T04:30:00Z', '2026-09-07T03:30:00Z', 'midnight change: 00:30 -> 01:30', ''],
  ];

  for (const [zone, start, shifted, after, what] of cases) {
    it(`${zone} (${what}): shift keeps the run, moved forward by the gap; omit drops it uncounted`, () => {
      expect(runOn('FREQ=DAILY;COUNT=3', start, zone)).toEqual([start, shifted, after]); // the default
      expect(runOn('FREQ=DAILY;COUNT=3', start, zone, 'shift')).toEqual([start, shifted, after]);
      const omitted = runOn('FREQ=DAILY;COUNT=3', start, zone, 'omit');
      expect(omitted.slice(0, 2)).toEqual([start, after]);
      expect(omitted).toHaveLength(3);
    });
  }

  it('a skipped whole day (Samoa, 2011-12-30): the shifted run is the next day\'s run, one run not two', () => {
    // 09:00 Dec 30 read at -10:00 is 19:00Z, which is 09:00 Dec 31 at +14:00: RFC 5545 3.8.5.3 counts duplicates once.
    const shift = runOn('FREQ=DAILY;COUNT=4', '2011-12-28T19:00:00Z', 'Pacific/Apia', 'shift');
    expect(shift).toEqual(['2011-12-28T19:00:00Z', '2011-12-29T19:00:00Z', '2011-12-30T19:00:00Z', '2011-12-31T19:00:00Z']);
    expect(runOn('FREQ=DAILY;COUNT=4', '2011-12-28T19:00:00Z', 'Pacific/Apia', 'omit')).toEqual(shift);
  });

  it('sub-daily: shifted runs that meet an existing run are one run, and the list stays ascending', () => {
    // HOURLY: 02:00 shifted is 03:00 EDT, the next run itself.
    expect(runOn('FREQ=HOURLY;COUNT=4', '2026-03-08T06:00:00Z', 'America/New_York')).toEqual([
      '2026-03-08T06:00:00Z',
      '2026-03-08T07:00:00Z',
      '2026-03-08T08:00:00Z',
      '2026-03-08T09:00:00Z',
    ]);
    // Every 25 minutes from 01:55 EST: 02:20 and 02:45 shift to 03:20 and 03:45 EDT, after 03:10 EDT.
    expect(runOn('FREQ=MINUTELY;INTERVAL=25;COUNT=6', '2026-03-08T06:55:00Z', 'America/New_York')).toEqual([
      '2026-03-08T06:55:00Z',
      '2026-03-08T07:10:00Z',
      '2026-03-08T07:20:00Z',
      '2026-03-08T07:35:00Z',
      '2026-03-08T07:45:00Z',
      '2026-03-08T08:00:00Z',
    ]);
    expect(runOn('FREQ=MINUTELY;INTERVAL=25;COUNT=4', '2026-03-08T06:55:00Z', 'America/New_York', 'omit')).toEqual([
      '2026-03-08T06:55:00Z',
      '2026-03-08T07:10:00Z',
      '2026-03-08T07:35:00Z',
      '2026-03-08T08:00:00Z',
    ]);
  });

  it('a rule that only ever falls in a gap has runs with shift, none beyond DTSTART with omit', () => {
    const rule = 'FREQ=YEARLY;BYMONTH=3;BYDAY=2SU;BYHOUR=2;BYMINUTE=30';
    expect(runOn(rule, '2026-01-01T14:00:00Z', 'America/New_York', 'shift', 3)).toEqual([
      '2026-01-01T14:00:00Z',
      '2026-03-08T07:30:00Z',
      '2027-03-14T07:30:00Z',
    ]);
    expect(runOn(rule, '2026-01-01T14:00:00Z', 'America/New_York', 'omit', 3)).toEqual(['2026-01-01T14:00:00Z']);
  });

  it('BYSETPOS picks among shifted times too under shift', () => {
    // {01:30, 02:30, 03:30} on the gap day: with shift 02:30 is 03:30 EDT, the same instant as 03:30: position 2 is 03:30 EDT.
    expect(runOn('FREQ=DAILY;BYHOUR=1,2,3;BYMINUTE=30;BYSETPOS=2', '2026-03-07T07:30:00Z', 'America/New_York', 'shift', 3)).toEqual([
      '2026-03-07T07:30:00Z',
      '2026-03-08T07:30:00Z',
      '2026-03-09T06:30:00Z',
    ]);
  });
});

describe('nonexistentLocalTime over many years: every spring gap, both modes', () => {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const formatter = (timeZone: string): Intl.DateTimeFormat => {
    const f = formatters.get(timeZone) ?? new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    formatters.set(timeZone, f);
    return f;
  };
  const offsetMinutes = (ms: number, timeZone: string): number => {
    const parts = formatter(timeZone).formatToParts(new Date(ms));
    const get = (t: string): number => Number(parts.find((p) => p.type === t)?.value);
    return (Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - Math.floor(ms / 60_000) * 60_000) / 60_000;
  };
  /** The forward transitions of a year: [instant, offset before, offset after] (minutes), found by day then by minute. */
  const forwardChanges = (year: number, timeZone: string): [number, number, number][] => {
    const out: [number, number, number][] = [];
    for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
      const a = offsetMinutes(t, timeZone);
      const b = offsetMinutes(t + 86_400_000, timeZone);
      if (b <= a) continue;
      let lo = t;
      let hi = t + 86_400_000;
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (offsetMinutes(mid, timeZone) === a) lo = mid;
        else hi = mid;
      }
      out.push([hi, a, b]);
    }
    return out;
  };

  for (const timeZone of ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Australia/Lord_Howe', 'America/Santiago']) {
    it(`${timeZone}: 1996, 2006, 2016, 2026, 2036`, () => {
      let checked = 0;
      for (const year of [1996, 2006, 2016, 2026, 2036]) {
        for (const [change, before, after] of forwardChanges(year, timeZone)) {
          const gap = (after - before) * 60_000;
          // A daily run at the middle of the gap (local), starting a week before.
          const midLocal = change + before * 60_000 + gap / 2; // wall clock as if UTC
          const start = midLocal - 7 * 86_400_000 - before * 60_000;
          const startIso = new Date(start).toISOString().replace('.000Z', 'Z');
          const shifted = runOn('FREQ=DAILY;COUNT=9', startIso, timeZone, 'shift');
          const omitted = runOn('FREQ=DAILY;COUNT=9', startIso, timeZone, 'omit');
          const onGapDay = new Date(change + gap / 2).toISOString().replace('.000Z', 'Z');
          expect(shifted[7], `${timeZone} ${year}`).toBe(onGapDay); // the gap's start plus half the gap
          expect(omitted).not.toContain(onGapDay);
          expect(omitted.slice(0, 7)).toEqual(shifted.slice(0, 7));
          expect(omitted[7]).toBe(shifted[8]);
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(4);
    });
  }
});

describe('nonexistentLocalTime: option checks and the schedule path', () => {
  it('refuses anything but shift or omit', () => {
    const bad = () => runOn('FREQ=DAILY;COUNT=2', '2026-03-07T07:30:00Z', 'America/New_York', 'skip' as NonexistentLocalTime);
    expect(bad).toThrow(RecurrenceError);
    expect(bad).toThrow(M.invalidOption('nonexistentLocalTime', ['shift', 'omit'], 'skip'));
  });

  it('scheduleOccurrences passes the option through', () => {
    const recur = { recurrenceRule: 'FREQ=DAILY;COUNT=3', start: '2026-03-07T07:30:00Z', runTransfer: { amount: { currency: 'USD', value: '1.00' } } };
    const shift = scheduleOccurrences({ recur } as never, { timeZone: 'America/New_York' }).map((o) => o.runOn);
    const omit = scheduleOccurrences({ recur } as never, { timeZone: 'America/New_York', nonexistentLocalTime: 'omit' }).map((o) => o.runOn);
    expect(shift[1]).toBe('2026-03-08T07:30:00Z');
    expect(omit[1]).toBe('2026-03-09T06:30:00Z');
  });
});
