import { describe, expect, it } from 'vitest';
import { RRULE_MESSAGES as M, expandRecurrence, parseRecurrenceRule } from '../../src/schedule/index.js';

const dates = (rule: string, start: string, limit?: number): string[] =>
  expandRecurrence({ recurrenceRule: rule, start, runTransfer: null }, limit === undefined ? {} : { limit }).map((o) => o.runOn.slice(0, 10));

describe('RFC 7529 in the parser', () => {
  it('accepts RSCALE=GREGORIAN and SKIP=OMIT|BACKWARD|FORWARD, case-insensitively', () => {
    const parsed = parseRecurrenceRule('rscale=gregorian;FREQ=MONTHLY;skip=backward');
    expect(parsed).toEqual({ ok: true, value: { freq: 'MONTHLY', interval: 1, wkst: 'MO', rscale: 'GREGORIAN', skip: 'BACKWARD' } });
    expect(parseRecurrenceRule('RSCALE=GREGORIAN;FREQ=DAILY;SKIP=OMIT').ok).toBe(true);
    expect(parseRecurrenceRule('RSCALE=GREGORIAN;FREQ=DAILY').ok).toBe(true);
  });

  it('refuses other calendars with a clear message', () => {
    expect(parseRecurrenceRule('RSCALE=HEBREW;FREQ=YEARLY')).toEqual({ ok: false, error: M.rscale('HEBREW') });
    expect(parseRecurrenceRule('RSCALE=CHINESE;FREQ=YEARLY;SKIP=FORWARD')).toEqual({ ok: false, error: M.rscale('CHINESE') });
  });

  it('refuses SKIP without RSCALE (RFC 7529 4.1), unknown SKIP values, and BACKWARD/FORWARD where no day can be missing', () => {
    expect(parseRecurrenceRule('FREQ=MONTHLY;SKIP=BACKWARD')).toEqual({ ok: false, error: M.skipWithoutRscale });
    expect(parseRecurrenceRule('FREQ=MONTHLY;SKIP=OMIT')).toEqual({ ok: false, error: M.skipWithoutRscale });
    expect(parseRecurrenceRule('RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=SIDEWAYS')).toEqual({ ok: false, error: M.skip('SIDEWAYS') });
    expect(parseRecurrenceRule('RSCALE=GREGORIAN;FREQ=DAILY;BYMONTHDAY=31;SKIP=BACKWARD')).toEqual({ ok: false, error: M.skipFreq });
    expect(parseRecurrenceRule('RSCALE=GREGORIAN;RSCALE=GREGORIAN;FREQ=DAILY')).toEqual({ ok: false, error: M.duplicatePart('RSCALE') });
  });
});

describe("RFC 7529's examples: a leap day and a month's 31st", () => {
  it('yearly on February 29: OMIT (leap years only), BACKWARD (Feb 28), FORWARD (Mar 1)', () => {
    const start = '2012-02-29T09:00:00Z';
    expect(dates('RSCALE=GREGORIAN;FREQ=YEARLY;COUNT=4', start)).toEqual(['2012-02-29', '2016-02-29', '2020-02-29', '2024-02-29']);
    expect(dates('RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=OMIT;COUNT=4', start)).toEqual(['2012-02-29', '2016-02-29', '2020-02-29', '2024-02-29']);
    expect(dates('RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=BACKWARD;COUNT=4', start)).toEqual(['2012-02-29', '2013-02-28', '2014-02-28', '2015-02-28']);
    expect(dates('RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=FORWARD;COUNT=4', start)).toEqual(['2012-02-29', '2013-03-01', '2014-03-01', '2015-03-01']);
  });

  it('monthly on the 31st: OMIT, BACKWARD (the last day), FORWARD (the next 1st)', () => {
    const start = '2015-01-31T09:00:00Z';
    expect(dates('RSCALE=GREGORIAN;FREQ=MONTHLY;COUNT=4', start)).toEqual(['2015-01-31', '2015-03-31', '2015-05-31', '2015-07-31']);
    expect(dates('RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=BACKWARD;COUNT=4', start)).toEqual(['2015-01-31', '2015-02-28', '2015-03-31', '2015-04-30']);
    expect(dates('RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=FORWARD;COUNT=4', start)).toEqual(['2015-01-31', '2015-03-01', '2015-03-31', '2015-05-01']);
  });
});

describe('SKIP in the engine: the finer points', () => {
  it('"the 31st, or the last day of shorter months" equals BYMONTHDAY=-1 for 400 years', () => {
    const skip = dates('RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD;COUNT=4800', '2000-01-31T12:00:00Z');
    expect(skip).toEqual(dates('FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=4800', '2000-01-31T12:00:00Z'));
  });

  it('two missing days moved onto one day, or onto a day the rule already has, are one instance', () => {
    expect(dates('RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=30,31;SKIP=BACKWARD;COUNT=5', '2026-01-30T09:00:00Z')).toEqual([
      '2026-01-30', '2026-01-31', '2026-02-28', '2026-03-30', '2026-03-31',
    ]);
    // FORWARD: Feb's 31st is Mar 1, which the rule also names; Apr 31st is May 1 likewise.
    expect(dates('RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=1,31;SKIP=FORWARD;COUNT=8', '2026-01-01T09:00:00Z')).toEqual([
      '2026-01-01', '2026-01-31', '2026-02-01', '2026-03-01', '2026-03-31', '2026-04-01', '2026-05-01', '2026-05-31',
    ]);
  });

  it('negative days: -31 in a 30-day month lies before its first day', () => {
    expect(dates('RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=-31;SKIP=BACKWARD;COUNT=6', '2026-01-01T09:00:00Z')).toEqual([
      '2026-01-01', '2026-01-31', '2026-03-01', '2026-03-31', '2026-05-01', '2026-05-31',
    ]);
    expect(dates('RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=-31;SKIP=FORWARD;COUNT=4', '2026-01-01T09:00:00Z')).toEqual([
      '2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01',
    ]);
  });

  it('a moved day still has to pass BYDAY (applied after BYMONTHDAY)', () => {
    // "the 31st if it is a Friday", moved back in short months: July 31 2026 and (moved) April 30 2027 are Fridays.
    expect(dates('RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;BYDAY=FR;SKIP=BACKWARD;COUNT=3', '2026-01-02T09:00:00Z')).toEqual([
      '2026-01-02', '2026-07-31', '2027-04-30',
    ]);
  });

  it('a rule that RFC 5545 alone never matches runs every year under SKIP', () => {
    expect(dates('RSCALE=GREGORIAN;FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;SKIP=BACKWARD', '2026-01-01T09:00:00Z', 4)).toEqual([
      '2026-01-01', '2026-02-28', '2027-02-28', '2028-02-29',
    ]);
    expect(dates('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', '2026-01-01T09:00:00Z', 4)).toEqual(['2026-01-01']);
  });

  it('INTERVAL=2: a FORWARD day in a month that is not a period is still an instance', () => {
    expect(dates('RSCALE=GREGORIAN;FREQ=MONTHLY;INTERVAL=2;SKIP=FORWARD;COUNT=4', '2026-08-31T09:00:00Z')).toEqual([
      '2026-08-31', '2026-10-31', '2026-12-31', '2027-03-01',
    ]);
  });
});

describe('SKIP as other implementations expect it (their test vectors, typed in)', () => {
  it('MONTHLY from 2014-01-31: BACKWARD and FORWARD, with and without INTERVAL', () => {
    const start = '2014-01-31T00:00:00Z';
    expect(dates('RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=BACKWARD;COUNT=4', start)).toEqual(['2014-01-31', '2014-02-28', '2014-03-31', '2014-04-30']);
    expect(dates('RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=FORWARD;COUNT=4', start)).toEqual(['2014-01-31', '2014-03-01', '2014-03-31', '2014-05-01']);
    expect(dates('RSCALE=GREGORIAN;FREQ=MONTHLY;INTERVAL=3;SKIP=FORWARD;COUNT=4', start)).toEqual(['2014-01-31', '2014-05-01', '2014-07-31', '2014-10-31']);
  });

  it('YEARLY leap day with FORWARD comes back to February 29 in the next leap year', () => {
    expect(dates('RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=FORWARD;COUNT=5', '2012-02-29T00:00:00Z')).toEqual([
      '2012-02-29', '2013-03-01', '2014-03-01', '2015-03-01', '2016-02-29',
    ]);
  });
});
