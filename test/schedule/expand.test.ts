import { describe, expect, it } from 'vitest';
import { MAX_OCCURRENCES, expandRule } from '../../src/rrule/expand.js';
import { expandRecurrence, tryExpandRecurrence } from '../../src/schedule/expand.js';
import { MAX_IDLE_WORK, MAX_SPARSE_PAIRS, runEngine } from '../../src/rrule/engine.js';
import { RECURRENCE_MESSAGES as M, RecurrenceError } from '../../src/rrule/errors.js';
import { parseRecurrenceRule } from '../../src/rrule/parse.js';

const runTransfer = { amount: { currency: 'USD', value: 1000 }, description: 'rent' };
const runOn = (rule: string, start: string, options: Parameters<typeof expandRecurrence>[1] = {}): string[] =>
  expandRecurrence({ recurrenceRule: rule, start, runTransfer }, options).map((o) => o.runOn);

const refusal = (f: () => unknown): RecurrenceError => {
  try {
    f();
  } catch (e) {
    if (e instanceof RecurrenceError) return e;
    throw e;
  }
  throw new Error('expected a RecurrenceError');
};

describe('expandRecurrence: occurrences', () => {
  it('builds generated pending occurrences with the runTransfer and indefinite flag', () => {
    const [first, second] = expandRecurrence(
      { recurrenceRule: 'FREQ=MONTHLY;BYMONTHDAY=-1', start: '2026-01-31T14:00:00Z', runTransfer },
      { limit: 2 },
    );
    expect(first).toEqual({ generated: true, indefinite: true, runOn: '2026-01-31T14:00:00Z', runTransfer, status: 'pending' });
    expect(second?.runOn).toBe('2026-02-28T14:00:00Z');
    const finite = expandRecurrence({ recurrenceRule: 'FREQ=DAILY;COUNT=2', start: '2026-01-01T00:00:00Z', runTransfer });
    expect(finite.map((o) => o.indefinite)).toEqual([false, false]);
    const until = expandRecurrence({ recurrenceRule: 'FREQ=DAILY;UNTIL=20260102T000000Z', start: '2026-01-01T00:00:00Z', runTransfer });
    expect(until.map((o) => o.runOn)).toEqual(['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z']);
    expect(until.every((o) => !o.indefinite)).toBe(true);
  });

  it('month-end idiom BYMONTHDAY=-1 across a leap year', () => {
    expect(runOn('FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=4', '2028-01-31T12:00:00Z')).toEqual([
      '2028-01-31T12:00:00Z',
      '2028-02-29T12:00:00Z',
      '2028-03-31T12:00:00Z',
      '2028-04-30T12:00:00Z',
    ]);
  });

  it('DTSTART always counts as the first occurrence, even off the rule (RFC 5545 3.3.10)', () => {
    // 2026-01-07 is a Wednesday; the rule wants Mondays.
    expect(runOn('FREQ=WEEKLY;BYDAY=MO;COUNT=3', '2026-01-07T09:00:00Z')).toEqual([
      '2026-01-07T09:00:00Z',
      '2026-01-12T09:00:00Z',
      '2026-01-19T09:00:00Z',
    ]);
  });

  it('an UNTIL before DTSTART gives nothing', () => {
    expect(runOn('FREQ=DAILY;UNTIL=20251231T000000Z', '2026-01-01T00:00:00Z')).toEqual([]);
  });

  it('from is inclusive, to exclusive; strings and Dates both work', () => {
    const all = runOn('FREQ=DAILY', '2026-01-01T09:00:00Z', { from: '2026-01-03T09:00:00Z', to: new Date('2026-01-06T09:00:00Z') });
    expect(all).toEqual(['2026-01-03T09:00:00Z', '2026-01-04T09:00:00Z', '2026-01-05T09:00:00Z']);
    expect(runOn('FREQ=DAILY', '2026-01-01T09:00:00Z', { from: '2026-01-03T09:00:00+02:00', limit: 1 })).toEqual([
      '2026-01-03T09:00:00Z',
    ]);
  });

  it('COUNT counts from DTSTART even when the window starts later', () => {
    expect(runOn('FREQ=DAILY;COUNT=5', '2026-01-01T00:00:00Z', { from: '2026-01-04T00:00:00Z' })).toEqual([
      '2026-01-04T00:00:00Z',
      '2026-01-05T00:00:00Z',
    ]);
  });

  it('limit 0 gives nothing; limit caps', () => {
    expect(runOn('FREQ=DAILY', '2026-01-01T00:00:00Z', { limit: 0 })).toEqual([]);
    expect(runOn('FREQ=SECONDLY', '2026-01-01T00:00:00Z', { limit: 3 })).toEqual([
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:00:01Z',
      '2026-01-01T00:00:02Z',
    ]);
  });
});

describe('expandRecurrence: BYSETPOS', () => {
  it('BYSETPOS=1,-1 on a one-candidate period gives it once, never twice', () => {
    // Monthly on the 15th only: first and last of a one-element set are the same day.
    expect(runOn('FREQ=MONTHLY;BYMONTHDAY=15;BYSETPOS=1,-1;COUNT=3', '2026-01-15T10:00:00Z')).toEqual([
      '2026-01-15T10:00:00Z',
      '2026-02-15T10:00:00Z',
      '2026-03-15T10:00:00Z',
    ]);
  });

  it('an out-of-range negative BYSETPOS selects nothing (not the first candidate)', () => {
    // Mondays in January 2026: 5, 12, 19, 26. -5 and 5 do not exist; -4 is the 5th.
    expect(runOn('FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-5,5,-4', '2026-01-05T10:00:00Z', { to: '2026-02-01T00:00:00Z' })).toEqual([
      '2026-01-05T10:00:00Z',
    ]);
    expect(runOn('FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-5', '2026-01-01T10:00:00Z', { to: '2026-03-01T00:00:00Z' })).toEqual([
      '2026-01-01T10:00:00Z',
    ]);
  });

  it('last weekday of the month (BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1)', () => {
    // Hand-derived: Jan 30 2026 Fri, Feb 27 Fri, May 29 Fri, Oct 30 Fri; Mar 31 Tue.
    expect(runOn('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', '2026-01-30T17:00:00Z', { limit: 3 })).toEqual([
      '2026-01-30T17:00:00Z',
      '2026-02-27T17:00:00Z',
      '2026-03-31T17:00:00Z',
    ]);
  });
});

describe('expandRecurrence: sub-daily BYSETPOS', () => {
  it('BYSETPOS picks within each HOURLY period', () => {
    expect(runOn('FREQ=HOURLY;BYMINUTE=0,20,40;BYSETPOS=-1', '2026-01-01T09:40:00Z', { limit: 3 })).toEqual([
      '2026-01-01T09:40:00Z',
      '2026-01-01T10:40:00Z',
      '2026-01-01T11:40:00Z',
    ]);
    expect(runOn('FREQ=MINUTELY;BYSECOND=5,10,15;BYSETPOS=2', '2026-01-01T09:00:10Z', { limit: 2 })).toEqual([
      '2026-01-01T09:00:10Z',
      '2026-01-01T09:01:10Z',
    ]);
  });
});

describe('expandRecurrence: time zones', () => {
  it('daily at 09:00 New York stays 09:00 local across both DST changes', () => {
    const got = runOn('FREQ=DAILY', '2026-03-07T14:00:00Z', { timeZone: 'America/New_York', limit: 3 });
    expect(got).toEqual(['2026-03-07T14:00:00Z', '2026-03-08T13:00:00Z', '2026-03-09T13:00:00Z']);
    const fall = runOn('FREQ=DAILY', '2026-10-31T13:00:00Z', { timeZone: 'America/New_York', limit: 3 });
    expect(fall).toEqual(['2026-10-31T13:00:00Z', '2026-11-01T14:00:00Z', '2026-11-02T14:00:00Z']);
  });

  it("nonexistentLocalTime: 'omit' skips a nonexistent local time and does not count it (RFC 5545 3.3.10)", () => {
    // 02:30 New York does not exist on 2026-03-08.
    expect(runOn('FREQ=DAILY;COUNT=3', '2026-03-07T07:30:00Z', { timeZone: 'America/New_York', nonexistentLocalTime: 'omit' })).toEqual([
      '2026-03-07T07:30:00Z',
      '2026-03-09T06:30:00Z',
      '2026-03-10T06:30:00Z',
    ]);
  });

  it('an ambiguous local time takes its first instance (RFC 5545 3.3.5)', () => {
    // 01:30 New York happens twice on 2026-11-01: 05:30Z (EDT) and 06:30Z (EST).
    expect(runOn('FREQ=DAILY;COUNT=3', '2026-10-31T05:30:00Z', { timeZone: 'America/New_York' })).toEqual([
      '2026-10-31T05:30:00Z',
      '2026-11-01T05:30:00Z',
      '2026-11-02T06:30:00Z',
    ]);
  });

  it('HOURLY in local time: the repeated hour is produced once per wall time, the gap hour not at all', () => {
    const spring = runOn('FREQ=HOURLY', '2026-03-08T05:00:00Z', { timeZone: 'America/New_York', limit: 4 });
    expect(spring).toEqual(['2026-03-08T05:00:00Z', '2026-03-08T06:00:00Z', '2026-03-08T07:00:00Z', '2026-03-08T08:00:00Z']);
    const fall = runOn('FREQ=HOURLY', '2026-11-01T04:00:00Z', { timeZone: 'America/New_York', limit: 3 });
    expect(fall).toEqual(['2026-11-01T04:00:00Z', '2026-11-01T05:00:00Z', '2026-11-01T07:00:00Z']);
  });

  it('UNTIL is compared as an instant, not as a wall time', () => {
    // 09:00 Chicago (CST, -6) is 15:00Z; UNTIL 14:59:59Z excludes the second day's 09:00.
    expect(
      runOn('FREQ=DAILY;UNTIL=20260102T145959Z', '2026-01-01T15:00:00Z', { timeZone: 'America/Chicago' }),
    ).toEqual(['2026-01-01T15:00:00Z']);
    expect(
      runOn('FREQ=DAILY;UNTIL=20260102T150000Z', '2026-01-01T15:00:00Z', { timeZone: 'America/Chicago' }),
    ).toEqual(['2026-01-01T15:00:00Z', '2026-01-02T15:00:00Z']);
  });

  it('Lord Howe (30-minute DST) and Kolkata (+05:30)', () => {
    // 02:15 Lord Howe does not exist on 2026-10-04 (02:00 -> 02:30).
    expect(runOn('FREQ=DAILY;COUNT=2', '2026-10-02T15:45:00Z', { timeZone: 'Australia/Lord_Howe', nonexistentLocalTime: 'omit' })).toEqual([
      '2026-10-02T15:45:00Z',
      '2026-10-04T15:15:00Z',
    ]);
    expect(runOn('FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=2', '2026-01-31T04:30:00Z', { timeZone: 'Asia/Kolkata' })).toEqual([
      '2026-01-31T04:30:00Z',
      '2026-02-28T04:30:00Z',
    ]);
  });

  it('a far window in a zone lands on the right local day', () => {
    expect(
      runOn('FREQ=DAILY', '1990-06-01T13:00:00Z', { timeZone: 'America/New_York', from: '2026-11-21T00:00:00Z', limit: 2 }),
    ).toEqual(['2026-11-21T14:00:00Z', '2026-11-22T14:00:00Z']);
  });
});

describe('expandRecurrence: errors', () => {
  const base = { recurrenceRule: 'FREQ=DAILY', start: '2026-01-01T00:00:00Z', runTransfer };
  it.each([
    [{ ...base, recurrenceRule: 'FREQ=MONTHLY;BYWEEKNO=1' }, {}, 'invalid-rule', 'BYWEEKNO is only allowed with FREQ=YEARLY'],
    [{ recurrenceRule: 'FREQ=DAILY', runTransfer }, { limit: 1 }, 'missing-start', M.missingStart],
    [{ ...base, start: '2026-02-30T00:00:00Z' }, { limit: 1 }, 'invalid-start', undefined],
    [{ ...base, start: '2026-01-01T00:00:00.5Z' }, { limit: 1 }, 'invalid-start', M.startMilliseconds],
    [base, {}, 'unbounded', M.unbounded],
    [base, { from: '2026-01-02T00:00:00Z' }, 'unbounded', M.unbounded],
    [base, { limit: -1 }, 'invalid-limit', M.invalidLimit(MAX_OCCURRENCES)],
    [base, { limit: 1.5 }, 'invalid-limit', M.invalidLimit(MAX_OCCURRENCES)],
    [base, { limit: MAX_OCCURRENCES + 1 }, 'invalid-limit', M.invalidLimit(MAX_OCCURRENCES)],
    [base, { limit: 1, timeZone: 'Mars/Olympus' }, 'invalid-time-zone', M.invalidTimeZone('Mars/Olympus')],
    [base, { limit: 1, from: 'yesterday' }, 'invalid-window', undefined],
    [base, { from: '2026-01-03T00:00:00Z', to: '2026-01-02T00:00:00Z' }, 'invalid-window', M.fromAfterTo],
    [{ ...base, recurrenceRule: 'FREQ=SECONDLY' }, { to: '2026-02-01T00:00:00Z' }, 'too-many', M.tooMany(MAX_OCCURRENCES)],
  ] as const)('refuses %o %o with %s', (recur, options, code, message) => {
    const e = refusal(() => expandRecurrence(recur, options));
    expect(e.code).toBe(code);
    if (message !== undefined) expect(e.message).toBe(message);
    const r = tryExpandRecurrence(recur, options);
    expect(r.ok).toBe(false);
  });

  it('a window with at most MAX_OCCURRENCES passes', () => {
    const got = runOn('FREQ=SECONDLY', '2026-01-01T00:00:00Z', { to: new Date(Date.parse('2026-01-01T00:00:00Z') + MAX_OCCURRENCES * 1000) });
    expect(got).toHaveLength(MAX_OCCURRENCES);
  });

  it('tryExpandRecurrence returns the occurrences as a Result', () => {
    const r = tryExpandRecurrence(base, { limit: 1 });
    expect(r).toEqual({ ok: true, value: [{ generated: true, indefinite: true, runOn: '2026-01-01T00:00:00Z', runTransfer, status: 'pending' }] });
  });
});

describe('expandRecurrence: no hang, bounded work', () => {
  const timed = (f: () => unknown): number => {
    const t = performance.now();
    f();
    return performance.now() - t;
  };

  it.each([
    ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', '2026-01-01T09:00:00Z'],
    ['FREQ=HOURLY;INTERVAL=2;BYHOUR=10', '2026-01-01T09:00:00Z'],
    ['FREQ=MINUTELY;INTERVAL=2;BYMINUTE=1', '2026-01-01T09:00:00Z'],
    ['FREQ=SECONDLY;INTERVAL=7200;BYMINUTE=30', '2026-01-01T09:00:00Z'],
    ['FREQ=SECONDLY;BYSECOND=60', '2026-01-01T09:00:00Z'],
    ['FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=31', '2026-01-01T09:00:00Z'],
  ])('a rule that can never match (%s) gives DTSTART alone, at once', (rule, start) => {
    let got: string[] = [];
    expect(timed(() => (got = runOn(rule, start, { limit: 10 })))).toBeLessThan(50);
    expect(got).toEqual([start]);
  });

  it.each([
    // Not provable by arithmetic alone: the day pattern is scanned until the cap.
    ['FREQ=MONTHLY;INTERVAL=12;BYMONTH=2;BYDAY=MO', '2026-01-01T09:00:00Z', 'UTC'],
    ['FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6', '2026-01-01T09:00:00Z', 'UTC'],
    ['FREQ=MONTHLY;BYDAY=6MO', '2026-01-01T09:00:00Z', 'UTC'],
    ['FREQ=DAILY;INTERVAL=146097;BYMONTH=3', '2026-01-01T09:00:00Z', 'UTC'],
    // Only ever in the DST gap (with nonexistentLocalTime 'omit'): 02:30 on the second Sunday of March in New York.
    ['FREQ=YEARLY;BYMONTH=3;BYDAY=2SU;BYHOUR=2;BYMINUTE=30', '2026-01-01T14:00:00Z', 'America/New_York'],
  ])('a never-matching rule found by scanning (%s) stops at the cap, promptly', (rule, start, timeZone) => {
    let got: string[] = [];
    expect(timed(() => (got = runOn(rule, start, { limit: 10, timeZone, nonexistentLocalTime: 'omit' })))).toBeLessThan(1500);
    expect(got).toEqual([start]);
  });

  it('the idle cap: more than a 400-year Gregorian cycle, and exactly where it stops', () => {
    expect(MAX_IDLE_WORK).toBe(150_000);
    expect(MAX_IDLE_WORK).toBeGreaterThan(146_097); // days in 400 Gregorian years
    const daily = parseRecurrenceRule('FREQ=DAILY');
    if (!daily.ok) throw new Error(daily.error);
    const start = Date.UTC(2000, 0, 1) / 1000;
    // A clock on which every local time before `firstReal` is nonexistent: the engine idles.
    const clock = (firstReal: number) => (f: number) => (f < firstReal ? undefined : f * 1000);
    const bounds = { limit: 2, maxResults: 10 };
    const within = runEngine(daily.value, start, start * 1000, clock(start + (MAX_IDLE_WORK / 2 - 10) * 86_400), bounds);
    expect(within).toEqual({ instants: [start * 1000, (start + (MAX_IDLE_WORK / 2 - 10) * 86_400) * 1000], stop: 'limit' });
    const beyond = runEngine(daily.value, start, start * 1000, clock(start + (MAX_IDLE_WORK / 2 + 10) * 86_400), bounds);
    expect(beyond).toEqual({ instants: [start * 1000], stop: 'idle' });
  });

  it('reports why it stopped: proven never, or the idle cap', () => {
    const never = parseRecurrenceRule('FREQ=HOURLY;INTERVAL=2;BYHOUR=10');
    const sixthMonday = parseRecurrenceRule('FREQ=MONTHLY;BYDAY=6MO');
    if (!never.ok || !sixthMonday.ok) throw new Error('parse');
    const start = Date.UTC(2026, 0, 1, 9) / 1000;
    const utc = (f: number) => f * 1000;
    expect(runEngine(never.value, start, start * 1000, utc, { limit: 5, maxResults: 10 }).stop).toBe('never');
    expect(runEngine(sixthMonday.value, start, start * 1000, utc, { limit: 5, maxResults: 10 }).stop).toBe('idle');
  });

  it('sparse but real rules are found past long gaps (Feb 29 on a Monday, 28 years apart)', () => {
    expect(runOn('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO', '2016-02-29T09:00:00Z', { limit: 3 })).toEqual([
      '2016-02-29T09:00:00Z',
      '2044-02-29T09:00:00Z',
      '2072-02-29T09:00:00Z',
    ]);
    expect(runOn('FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO;BYHOUR=9;BYMINUTE=0', '2016-02-29T09:00:00Z', { limit: 2 })).toEqual([
      '2016-02-29T09:00:00Z',
      '2044-02-29T09:00:00Z',
    ]);
  });

  it('stops at the end of year 9999', () => {
    expect(runOn('FREQ=YEARLY', '9997-06-01T00:00:00Z', { limit: 10 })).toEqual([
      '9997-06-01T00:00:00Z',
      '9998-06-01T00:00:00Z',
      '9999-06-01T00:00:00Z',
    ]);
  });

  it('far windows cost time by the window, not the distance (next 12 of a 50-year-old DAILY; a day of MINUTELY from 2000)', () => {
    const daily = parseRecurrenceRule('FREQ=DAILY');
    const minutely = parseRecurrenceRule('FREQ=MINUTELY');
    if (!daily.ok || !minutely.ok) throw new Error('parse');
    const run = (): void => {
      expandRule(daily.value, new Date('1976-11-21T09:00:00Z'), { from: '2026-11-21T00:00:00Z', limit: 12 });
      expandRule(minutely.value, new Date('2000-01-01T00:00:00Z'), { from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z' });
    };
    for (let i = 0; i < 5; i += 1) run(); // warm up
    const best = Math.min(...Array.from({ length: 5 }, () => timed(run)));
    // Target: each under 5 ms; both together well under 10 ms on a shared 2-core machine.
    expect(best).toBeLessThan(10);
    expect(expandRule(minutely.value, new Date('2000-01-01T00:00:00Z'), { from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z' })).toHaveLength(1440);
  });

  it('far windows in a zone cost time by the window too: a day of MINUTELY from 2000 in America/Chicago', () => {
    const minutely = parseRecurrenceRule('FREQ=MINUTELY');
    if (!minutely.ok) throw new Error('parse');
    const window = { from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z', timeZone: 'America/Chicago' };
    const run = (): void => void expandRule(minutely.value, new Date('2000-01-01T00:00:00Z'), window);
    for (let i = 0; i < 20; i += 1) run(); // warm up
    // The bench measures 1.4-1.5 ms (docs/performance.md); the bound leaves room for a loaded CI.
    expect(Math.min(...Array.from({ length: 5 }, () => timed(run)))).toBeLessThan(10);
    expect(expandRule(minutely.value, new Date('2000-01-01T00:00:00Z'), window)).toHaveLength(1440);
  });

  it('COUNT of 100,000 minutely from far back still answers a late window promptly', () => {
    let got: string[] = [];
    expect(timed(() => (got = runOn('FREQ=MINUTELY;COUNT=100000', '2026-01-01T00:00:00Z', { from: '2026-03-01T00:00:00Z' })))).toBeLessThan(2000);
    expect(got.at(-1)).toBe('2026-03-11T10:39:00Z'); // 99,999 minutes after DTSTART
    expect(got[0]).toBe('2026-03-01T00:00:00Z');
  });
});

describe('expandRecurrence: sparse sub-daily rules are never silently cut short', () => {
  // Expected values from python-dateutil 2.9 (rrulestr(rule, dtstart=...), naive datetimes;
  // for New York, DTSTART 2025-12-31T19:00 local). Independent check by hand: 2196-02-29 and
  // 2816-02-29 are Mondays a whole number of 25-hour steps after 2026-01-01T00:00Z.
  const everyTwentyFiveHours = 'FREQ=HOURLY;INTERVAL=25;BYMONTH=2;BYMONTHDAY=29;BYHOUR=0;BYDAY=MO';
  const every1441Minutes = 'FREQ=MINUTELY;INTERVAL=1441;BYMONTH=2;BYMONTHDAY=29;BYHOUR=0;BYMINUTE=0';
  const start = '2026-01-01T00:00:00Z';

  it('occurrences centuries apart are found past the scan cap, by arithmetic', () => {
    expect(runOn(everyTwentyFiveHours, start, { limit: 5 })).toEqual([
      start,
      '2196-02-29T00:00:00Z',
      '2816-02-29T00:00:00Z',
      '3436-02-29T00:00:00Z',
      '4940-02-29T00:00:00Z',
    ]);
    expect(runOn(every1441Minutes, start, { limit: 4 })).toEqual([
      start,
      '2736-02-29T00:00:00Z',
      '6488-02-29T00:00:00Z',
      '8220-02-29T00:00:00Z',
    ]);
    expect(runOn('FREQ=SECONDLY;INTERVAL=86401;BYMONTH=2;BYMONTHDAY=29;BYHOUR=0,1,2,3;BYSECOND=0', start, { limit: 3 })).toEqual([
      start,
      '2748-02-29T01:16:00Z',
      '5348-02-29T01:03:00Z',
    ]);
  });

  it('in a zone too (wall-clock steps from 19:00 local)', () => {
    expect(runOn(everyTwentyFiveHours, start, { limit: 4, timeZone: 'America/New_York' })).toEqual([
      start,
      '2444-02-29T05:00:00Z',
      '3064-02-29T05:00:00Z',
      '4304-02-29T05:00:00Z',
    ]);
  });

  it('the engine does not stop at the cap for them', () => {
    const rule = parseRecurrenceRule(everyTwentyFiveHours);
    if (!rule.ok) throw new Error(rule.error);
    const s = Date.parse(start) / 1000;
    // 2196 to 2816 is about 217,000 periods of 25 hours: past the cap.
    const out = runEngine(rule.value, s, s * 1000, (f) => f * 1000, { limit: 3, maxResults: 10 });
    expect(out).toEqual({
      instants: [s * 1000, Date.parse('2196-02-29T00:00:00Z'), Date.parse('2816-02-29T00:00:00Z')],
      stop: 'limit',
    });
  });

  it('a window far ahead still finds them', () => {
    expect(runOn(everyTwentyFiveHours, start, { from: '2816-01-01T00:00:00Z', limit: 1 })).toEqual(['2816-02-29T00:00:00Z']);
  });

  it('too many reachable (day, time) pairs to search: throws too-sparse rather than a short list', () => {
    // dateutil: the next one is 2724-02-29T01:10:00; 23,280 pairs exceed MAX_SPARSE_PAIRS.
    const rule = 'FREQ=SECONDLY;INTERVAL=86399;BYMONTH=2;BYMONTHDAY=29;BYHOUR=0,1,2,3;BYSECOND=0';
    expect(MAX_SPARSE_PAIRS).toBe(20_000);
    const e = refusal(() => runOn(rule, start, { limit: 3 }));
    expect(e.code).toBe('too-sparse');
    expect(e.message).toBe(M.tooSparse(MAX_IDLE_WORK));
    expect(e.message).toMatch(/too sparse.*pass a `from` nearer/);
    expect(tryExpandRecurrence({ recurrenceRule: rule, start, runTransfer }, { limit: 3 }).ok).toBe(false);
    expect(runOn(rule, start, { from: '2724-01-01T00:00:00Z', limit: 1 })).toEqual(['2724-02-29T01:10:00Z']);
  });

  it.each([
    // The step divides a day: every allowed day has a match, so the cap covers a whole cycle.
    ['FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29;BYYEARDAY=1'],
    ['FREQ=MINUTELY;INTERVAL=30;BYMONTH=2;BYMONTHDAY=29;BYYEARDAY=1'],
    // The step is whole days: at most 146,097 periods per cycle.
    ['FREQ=HOURLY;INTERVAL=48;BYMONTH=2;BYMONTHDAY=29;BYYEARDAY=1'],
    // Neither: the arithmetic search finds no reachable (day, time) pair at all.
    ['FREQ=HOURLY;INTERVAL=7;BYMONTH=3;BYYEARDAY=1'],
    ['FREQ=SECONDLY;INTERVAL=13;BYMONTH=9,4;BYMONTHDAY=-31,-21;BYYEARDAY=33;BYHOUR=1;BYMINUTE=36,17'],
  ])('a never-matching sub-daily rule (%s) gives DTSTART alone, promptly', (rule) => {
    const t = performance.now();
    expect(runOn(rule, start, { limit: 4 })).toEqual([start]);
    expect(runOn(rule, start, { limit: 4, timeZone: 'America/New_York' })).toEqual([start]);
    expect(performance.now() - t).toBeLessThan(1500);
  });

  it('BYSETPOS beyond what one sub-daily period holds is proven never, at once', () => {
    const t = performance.now();
    expect(runOn('FREQ=SECONDLY;INTERVAL=7;BYSETPOS=-2;BYDAY=MO', start, { limit: 4 })).toEqual([start]);
    expect(runOn('FREQ=MINUTELY;INTERVAL=7;BYSECOND=1,2;BYSETPOS=3,-3', start, { limit: 4 })).toEqual([start]);
    // Day-level too: a week holds at most 7 x 6 candidates here (no scan, no time-zone look-ups).
    const weekly = 'FREQ=WEEKLY;BYHOUR=4,15;BYMINUTE=34,49,13;BYSECOND=10;BYSETPOS=-346;BYDAY=TH,SA';
    expect(runOn(weekly, start, { limit: 4, timeZone: 'America/New_York' })).toEqual([start]);
    expect(performance.now() - t).toBeLessThan(100);
    // One position in range is enough to match.
    expect(runOn('FREQ=MINUTELY;BYSECOND=1,2;BYSETPOS=3,-2', start, { limit: 2 })).toEqual([start, '2026-01-01T00:00:01Z']);
  });
});

describe("expandRecurrence, nonexistentLocalTime 'omit': DST-gap times are not part of the set BYSETPOS selects from", () => {
  const tz = { timeZone: 'America/New_York', nonexistentLocalTime: 'omit' } as const;
  // 2026-03-08 is the US spring-forward day: 02:30 does not exist; 01:30 EST = 06:30Z,
  // 03:30 EDT = 07:30Z. On other days 02:30 exists (07:30Z in EST, 06:30Z in EDT).
  it('BYSETPOS=2 of {01:30, 02:30, 03:30} is 03:30 on the gap day', () => {
    expect(runOn('FREQ=DAILY;BYHOUR=1,2,3;BYMINUTE=30;BYSETPOS=2', '2026-03-07T06:30:00Z', { ...tz, limit: 4 })).toEqual([
      '2026-03-07T06:30:00Z',
      '2026-03-07T07:30:00Z',
      '2026-03-08T07:30:00Z',
      '2026-03-09T06:30:00Z',
    ]);
  });

  it('negative positions count from the end of the existing times', () => {
    expect(runOn('FREQ=DAILY;BYHOUR=1,2,3;BYMINUTE=30;BYSETPOS=-2', '2026-03-07T07:30:00Z', { ...tz, limit: 3 })).toEqual([
      '2026-03-07T07:30:00Z',
      '2026-03-08T06:30:00Z',
      '2026-03-09T06:30:00Z',
    ]);
  });

  it('COUNT counts the selected existing times only', () => {
    expect(runOn('FREQ=DAILY;BYHOUR=1,2,3;BYMINUTE=30;BYSETPOS=2;COUNT=3', '2026-03-07T06:30:00Z', tz)).toEqual([
      '2026-03-07T06:30:00Z',
      '2026-03-07T07:30:00Z',
      '2026-03-08T07:30:00Z',
    ]);
    // Sub-daily: 02:00 on the gap day is skipped and not counted.
    expect(runOn('FREQ=HOURLY;COUNT=4', '2026-03-08T05:00:00Z', tz)).toEqual([
      '2026-03-08T05:00:00Z',
      '2026-03-08T06:00:00Z',
      '2026-03-08T07:00:00Z',
      '2026-03-08T08:00:00Z',
    ]);
  });

  it('a period whose candidates all fall in the gap selects nothing', () => {
    expect(runOn('FREQ=DAILY;BYHOUR=2;BYMINUTE=0,30;BYSETPOS=1', '2026-03-07T07:00:00Z', { ...tz, limit: 2 })).toEqual([
      '2026-03-07T07:00:00Z',
      '2026-03-09T06:00:00Z',
    ]);
  });
});

describe('expandRecurrence: sub-daily rules in a zone follow the wall clock (docs/schedule.md)', () => {
  // New York local days: 2026-03-08 runs 05:00Z..04:00Z next day (23 h); 2026-11-01 runs
  // 04:00Z..05:00Z next day (25 h).
  const count = (from: string, to: string, timeZone: string) =>
    runOn('FREQ=HOURLY', '2026-01-01T05:00:00Z', { from, to, timeZone }).length;
  it('23 runs on the spring-forward day, 24 (the repeated hour once) on the fall-back day', () => {
    expect(count('2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z', 'America/New_York')).toBe(23);
    expect(count('2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z', 'America/New_York')).toBe(24);
  });
  it('in UTC, every 60 real minutes: 25 runs in the 25-hour local day', () => {
    expect(count('2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z', 'UTC')).toBe(25);
  });
});
