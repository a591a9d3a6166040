import { describe, expect, it } from 'vitest';
import { expandRecurrence } from '../../src/schedule/expand.js';

// RFC 5545 section 3.8.5.3 examples, as our own vectors. Every example uses
// DTSTART;TZID=America/New_York, so each runs with timeZone 'America/New_York'.
// Local times are converted to UTC with a hand-written table of the US DST periods of the
// years involved (the 1987-2006 rule: first Sunday of April 02:00 to last Sunday of
// October 02:00), not with the code under test.
const DST: Record<number, [string, string]> = {
  1996: ['1996-04-07', '1996-10-27'],
  1997: ['1997-04-06', '1997-10-26'],
  1998: ['1998-04-05', '1998-10-25'],
  1999: ['1999-04-04', '1999-10-31'],
  2000: ['2000-04-02', '2000-10-29'],
  2001: ['2001-04-01', '2001-10-28'],
  2003: ['2003-04-06', '2003-10-26'],
  2004: ['2004-04-04', '2004-10-31'],
  2006: ['2006-04-02', '2006-10-29'],
  2007: ['2007-03-11', '2007-11-04'],
};

/** New York local `date` at `time` (not near a change) as RFC 3339 UTC. */
function ny(date: string, time = '09:00'): string {
  const year = Number(date.slice(0, 4));
  const period = DST[year];
  if (period === undefined) throw new Error(`no DST facts for ${year}`);
  const summer = date >= period[0] && date < period[1];
  const [h, m] = time.split(':').map(Number) as [number, number];
  const ms = Date.parse(`${date}T00:00:00Z`) + ((h + (summer ? 4 : 5)) * 60 + m) * 60_000;
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

const days = (prefix: string, list: number[], time?: string): string[] =>
  list.map((d) => ny(`${prefix}-${String(d).padStart(2, '0')}`, time));

function expand(rule: string, startLocal: string, options: { limit?: number; to?: string } = {}): string[] {
  const [date, time] = startLocal.split('T') as [string, string];
  return expandRecurrence(
    { recurrenceRule: rule, start: ny(date, time), runTransfer: null },
    { timeZone: 'America/New_York', ...options },
  ).map((o) => o.runOn);
}

describe('RFC 5545 3.8.5.3 examples', () => {
  it('daily for 10 occurrences', () => {
    expect(expand('FREQ=DAILY;COUNT=10', '1997-09-02T09:00')).toEqual(days('1997-09', [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
  });

  it('daily until December 24, 1997 (113 days, across the October DST change)', () => {
    const got = expand('FREQ=DAILY;UNTIL=19971224T000000Z', '1997-09-02T09:00');
    expect(got).toHaveLength(113);
    expect(got[0]).toBe(ny('1997-09-02'));
    expect(got[54]).toBe(ny('1997-10-26'));
    expect(got[54]).toBe('1997-10-26T14:00:00Z');
    expect(got[53]).toBe('1997-10-25T13:00:00Z');
    expect(got.at(-1)).toBe(ny('1997-12-23'));
  });

  it('every other day, forever (first 6)', () => {
    expect(expand('FREQ=DAILY;INTERVAL=2', '1997-09-02T09:00', { limit: 6 })).toEqual(days('1997-09', [2, 4, 6, 8, 10, 12]));
  });

  it('every 10 days, 5 occurrences', () => {
    expect(expand('FREQ=DAILY;INTERVAL=10;COUNT=5', '1997-09-02T09:00')).toEqual([
      ...days('1997-09', [2, 12, 22]),
      ...days('1997-10', [2, 12]),
    ]);
  });

  it('every day in January, for 3 years (YEARLY and DAILY forms)', () => {
    const expected = [...days('1998-01', range(1, 31)), ...days('1999-01', range(1, 31)), ...days('2000-01', range(1, 31))];
    expect(expand('FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA', '1998-01-01T09:00')).toEqual(expected);
    expect(expand('FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1', '1998-01-01T09:00')).toEqual(expected);
  });

  it('weekly for 10 occurrences', () => {
    expect(expand('FREQ=WEEKLY;COUNT=10', '1997-09-02T09:00')).toEqual([
      ...days('1997-09', [2, 9, 16, 23, 30]),
      ...days('1997-10', [7, 14, 21, 28]),
      ...days('1997-11', [4]),
    ]);
  });

  it('weekly until December 24, 1997', () => {
    expect(expand('FREQ=WEEKLY;UNTIL=19971224T000000Z', '1997-09-02T09:00')).toEqual([
      ...days('1997-09', [2, 9, 16, 23, 30]),
      ...days('1997-10', [7, 14, 21, 28]),
      ...days('1997-11', [4, 11, 18, 25]),
      ...days('1997-12', [2, 9, 16, 23]),
    ]);
  });

  it('every other week, forever (first 10)', () => {
    expect(expand('FREQ=WEEKLY;INTERVAL=2;WKST=SU', '1997-09-02T09:00', { limit: 10 })).toEqual([
      ...days('1997-09', [2, 16, 30]),
      ...days('1997-10', [14, 28]),
      ...days('1997-11', [11, 25]),
      ...days('1997-12', [9, 23]),
      ...days('1998-01', [6]),
    ]);
  });

  it('weekly on Tuesday and Thursday for five weeks (UNTIL and COUNT forms)', () => {
    const expected = [...days('1997-09', [2, 4, 9, 11, 16, 18, 23, 25, 30]), ...days('1997-10', [2])];
    expect(expand('FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH', '1997-09-02T09:00')).toEqual(expected);
    expect(expand('FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH', '1997-09-02T09:00')).toEqual(expected);
  });

  it('every other week on Monday, Wednesday and Friday until December 24, 1997', () => {
    expect(expand('FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR', '1997-09-01T09:00')).toEqual([
      ...days('1997-09', [1, 3, 5, 15, 17, 19, 29]),
      ...days('1997-10', [1, 3, 13, 15, 17, 27, 29, 31]),
      ...days('1997-11', [10, 12, 14, 24, 26, 28]),
      ...days('1997-12', [8, 10, 12, 22]),
    ]);
  });

  it('every other week on Tuesday and Thursday, for 8 occurrences', () => {
    expect(expand('FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH', '1997-09-02T09:00')).toEqual([
      ...days('1997-09', [2, 4, 16, 18, 30]),
      ...days('1997-10', [2, 14, 16]),
    ]);
  });

  it('monthly on the first Friday for 10 occurrences, and until December 24, 1997', () => {
    expect(expand('FREQ=MONTHLY;COUNT=10;BYDAY=1FR', '1997-09-05T09:00')).toEqual([
      ny('1997-09-05'),
      ny('1997-10-03'),
      ny('1997-11-07'),
      ny('1997-12-05'),
      ny('1998-01-02'),
      ny('1998-02-06'),
      ny('1998-03-06'),
      ny('1998-04-03'),
      ny('1998-05-01'),
      ny('1998-06-05'),
    ]);
    expect(expand('FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR', '1997-09-05T09:00')).toEqual([
      ny('1997-09-05'),
      ny('1997-10-03'),
      ny('1997-11-07'),
      ny('1997-12-05'),
    ]);
  });

  it('every other month on the first and last Sunday, for 10 occurrences', () => {
    expect(expand('FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU', '1997-09-07T09:00')).toEqual([
      ...days('1997-09', [7, 28]),
      ...days('1997-11', [2, 30]),
      ...days('1998-01', [4, 25]),
      ...days('1998-03', [1, 29]),
      ...days('1998-05', [3, 31]),
    ]);
  });

  it('monthly on the second-to-last Monday for 6 months', () => {
    expect(expand('FREQ=MONTHLY;COUNT=6;BYDAY=-2MO', '1997-09-22T09:00')).toEqual([
      ny('1997-09-22'),
      ny('1997-10-20'),
      ny('1997-11-17'),
      ny('1997-12-22'),
      ny('1998-01-19'),
      ny('1998-02-16'),
    ]);
  });

  it('monthly on the third-to-last day, forever (first 6)', () => {
    expect(expand('FREQ=MONTHLY;BYMONTHDAY=-3', '1997-09-28T09:00', { limit: 6 })).toEqual([
      ny('1997-09-28'),
      ny('1997-10-29'),
      ny('1997-11-28'),
      ny('1997-12-29'),
      ny('1998-01-29'),
      ny('1998-02-26'),
    ]);
  });

  it('monthly on the 2nd and 15th for 10 occurrences', () => {
    expect(expand('FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15', '1997-09-02T09:00')).toEqual([
      ...days('1997-09', [2, 15]),
      ...days('1997-10', [2, 15]),
      ...days('1997-11', [2, 15]),
      ...days('1997-12', [2, 15]),
      ...days('1998-01', [2, 15]),
    ]);
  });

  it('monthly on the first and last day for 10 occurrences (the month-end idiom)', () => {
    expect(expand('FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1', '1997-09-30T09:00')).toEqual([
      ny('1997-09-30'),
      ...days('1997-10', [1, 31]),
      ...days('1997-11', [1, 30]),
      ...days('1997-12', [1, 31]),
      ...days('1998-01', [1, 31]),
      ny('1998-02-01'),
    ]);
  });

  it('every 18 months on the 10th through 15th for 10 occurrences', () => {
    expect(expand('FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15', '1997-09-10T09:00')).toEqual([
      ...days('1997-09', [10, 11, 12, 13, 14, 15]),
      ...days('1999-03', [10, 11, 12, 13]),
    ]);
  });

  it('every Tuesday, every other month (first 18)', () => {
    expect(expand('FREQ=MONTHLY;INTERVAL=2;BYDAY=TU', '1997-09-02T09:00', { limit: 18 })).toEqual([
      ...days('1997-09', [2, 9, 16, 23, 30]),
      ...days('1997-11', [4, 11, 18, 25]),
      ...days('1998-01', [6, 13, 20, 27]),
      ...days('1998-03', [3, 10, 17, 24, 31]),
    ]);
  });

  it('yearly in June and July for 10 occurrences', () => {
    expect(expand('FREQ=YEARLY;COUNT=10;BYMONTH=6,7', '1997-06-10T09:00')).toEqual(
      [1997, 1998, 1999, 2000, 2001].flatMap((y) => [ny(`${y}-06-10`), ny(`${y}-07-10`)]),
    );
  });

  it('every other year on January, February and March for 10 occurrences', () => {
    expect(expand('FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3', '1997-03-10T09:00')).toEqual([
      ny('1997-03-10'),
      ...[1999, 2001, 2003].flatMap((y) => [ny(`${y}-01-10`), ny(`${y}-02-10`), ny(`${y}-03-10`)]),
    ]);
  });

  it('every third year on the 1st, 100th and 200th day for 10 occurrences', () => {
    expect(expand('FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200', '1997-01-01T09:00')).toEqual([
      ny('1997-01-01'),
      ny('1997-04-10'),
      ny('1997-07-19'),
      ny('2000-01-01'),
      ny('2000-04-09'),
      ny('2000-07-18'),
      ny('2003-01-01'),
      ny('2003-04-10'),
      ny('2003-07-19'),
      ny('2006-01-01'),
    ]);
  });

  it('every 20th Monday of the year', () => {
    expect(expand('FREQ=YEARLY;BYDAY=20MO', '1997-05-19T09:00', { limit: 3 })).toEqual([
      ny('1997-05-19'),
      ny('1998-05-18'),
      ny('1999-05-17'),
    ]);
  });

  it('Monday of week number 20 (week 1 has at least four days)', () => {
    expect(expand('FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO', '1997-05-12T09:00', { limit: 3 })).toEqual([
      ny('1997-05-12'),
      ny('1998-05-11'),
      ny('1999-05-17'),
    ]);
  });

  it('every Thursday in March', () => {
    expect(expand('FREQ=YEARLY;BYMONTH=3;BYDAY=TH', '1997-03-13T09:00', { limit: 11 })).toEqual([
      ...days('1997-03', [13, 20, 27]),
      ...days('1998-03', [5, 12, 19, 26]),
      ...days('1999-03', [4, 11, 18, 25]),
    ]);
  });

  it('every Thursday, but only during June, July and August', () => {
    expect(expand('FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8', '1997-06-05T09:00', { limit: 17 })).toEqual([
      ...days('1997-06', [5, 12, 19, 26]),
      ...days('1997-07', [3, 10, 17, 24, 31]),
      ...days('1997-08', [7, 14, 21, 28]),
      ...days('1998-06', [4, 11, 18, 25]),
    ]);
  });

  it('every Friday the 13th (the RFC removes DTSTART with EXDATE; without it DTSTART comes first)', () => {
    expect(expand('FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13', '1997-09-02T09:00', { limit: 6 })).toEqual([
      ny('1997-09-02'),
      ny('1998-02-13'),
      ny('1998-03-13'),
      ny('1998-11-13'),
      ny('1999-08-13'),
      ny('2000-10-13'),
    ]);
  });

  it('the first Saturday that follows the first Sunday of the month', () => {
    expect(expand('FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13', '1997-09-13T09:00', { limit: 10 })).toEqual([
      ny('1997-09-13'),
      ny('1997-10-11'),
      ny('1997-11-08'),
      ny('1997-12-13'),
      ny('1998-01-10'),
      ny('1998-02-07'),
      ny('1998-03-07'),
      ny('1998-04-11'),
      ny('1998-05-09'),
      ny('1998-06-13'),
    ]);
  });

  it('US presidential election day: every 4 years, the first Tuesday after a Monday in November', () => {
    expect(
      expand('FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8', '1996-11-05T09:00', { limit: 3 }),
    ).toEqual([ny('1996-11-05'), ny('2000-11-07'), ny('2004-11-02')]);
  });

  it('the third instance of Tuesday, Wednesday or Thursday in the month, for 3 months', () => {
    expect(expand('FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3', '1997-09-04T09:00')).toEqual([
      ny('1997-09-04'),
      ny('1997-10-07'),
      ny('1997-11-06'),
    ]);
  });

  it('the second-to-last weekday of the month', () => {
    expect(expand('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2', '1997-09-29T09:00', { limit: 7 })).toEqual([
      ny('1997-09-29'),
      ny('1997-10-30'),
      ny('1997-11-27'),
      ny('1997-12-30'),
      ny('1998-01-29'),
      ny('1998-02-26'),
      ny('1998-03-30'),
    ]);
  });

  it('every 3 hours from 09:00 with UNTIL=19970902T170000Z: UNTIL is an instant', () => {
    // The RFC lists 09:00, 12:00 and 15:00 EDT, but 15:00 EDT is 19:00Z, after
    // UNTIL=17:00Z; RFC 5545 3.3.10 says UNTIL "bounds the recurrence rule in an inclusive
    // manner" and, with a zoned DTSTART, "MUST be specified as a date with UTC time". The
    // instant comparison stops at 12:00 EDT (16:00Z).
    expect(expand('FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z', '1997-09-02T09:00')).toEqual([
      ny('1997-09-02', '09:00'),
      ny('1997-09-02', '12:00'),
    ]);
  });

  it('every 15 minutes for 6 occurrences', () => {
    expect(expand('FREQ=MINUTELY;INTERVAL=15;COUNT=6', '1997-09-02T09:00')).toEqual(
      ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15'].map((t) => ny('1997-09-02', t)),
    );
  });

  it('every hour and a half for 4 occurrences', () => {
    expect(expand('FREQ=MINUTELY;INTERVAL=90;COUNT=4', '1997-09-02T09:00')).toEqual(
      ['09:00', '10:30', '12:00', '13:30'].map((t) => ny('1997-09-02', t)),
    );
  });

  it('every 20 minutes from 09:00 to 16:40 every day (DAILY and MINUTELY forms)', () => {
    const oneDay = (date: string): string[] =>
      range(9, 16).flatMap((h) => [0, 20, 40].map((m) => ny(date, `${h}:${String(m).padStart(2, '0')}`)));
    const expected = [...oneDay('1997-09-02'), ...oneDay('1997-09-03')];
    expect(expand('FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40', '1997-09-02T09:00', { limit: 48 })).toEqual(
      expected,
    );
    expect(expand('FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16', '1997-09-02T09:00', { limit: 48 })).toEqual(
      expected,
    );
  });

  it('WKST changes the result of a WEEKLY rule with INTERVAL and BYDAY', () => {
    expect(expand('FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO', '1997-08-05T09:00')).toEqual(
      days('1997-08', [5, 10, 19, 24]),
    );
    expect(expand('FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU', '1997-08-05T09:00')).toEqual(
      days('1997-08', [5, 17, 19, 31]),
    );
  });

  it('an invalid date (February 30) is ignored and not counted', () => {
    expect(expand('FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5', '2007-01-15T09:00')).toEqual([
      ny('2007-01-15'),
      ny('2007-01-30'),
      ny('2007-02-15'),
      ny('2007-03-15'),
      ny('2007-03-30'),
    ]);
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
