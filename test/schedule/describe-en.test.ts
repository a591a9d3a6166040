import { describe, expect, it } from 'vitest';
import { describeRecurrence } from '../../src/schedule/index.js';

// English sentences written by hand from each rule's meaning (RFC 5545 3.3.10), with the
// RFC 5545 3.8.5.3 examples' own wording as the guide ("Monthly on the first Friday for 10
// occurrences" is "Every month on the 1st Friday at 09:00 New York time, 10 times").
// Every RFC example uses DTSTART;TZID=America/New_York at 09:00 local: 13:00Z in summer (EDT),
// 14:00Z in winter (EST, before the first Sunday of April or after the last Sunday of October).

type Case = { rule: string; start?: string; zone?: string; text: string };

const NY = 'America/New_York';
const rfc = (rule: string, start: string, text: string): Case => ({ rule, start, zone: NY, text });

const RFC_EXAMPLES: Case[] = [
  rfc('FREQ=DAILY;COUNT=10', '1997-09-02T13:00:00Z', 'Every day at 09:00 New York time, 10 times'),
  rfc('FREQ=DAILY;UNTIL=19971224T000000Z', '1997-09-02T13:00:00Z', 'Every day at 09:00 New York time, until December 23, 1997 at 19:00 New York time'),
  rfc('FREQ=DAILY;INTERVAL=2', '1997-09-02T13:00:00Z', 'Every 2 days at 09:00 New York time'),
  rfc('FREQ=DAILY;INTERVAL=10;COUNT=5', '1997-09-02T13:00:00Z', 'Every 10 days at 09:00 New York time, 5 times'),
  rfc(
    'FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA',
    '1998-01-01T14:00:00Z',
    'Every year in January on Monday, Tuesday, Wednesday, Thursday, Friday, Saturday and Sunday at 09:00 New York time, until January 31, 2000 at 09:00 New York time',
  ),
  rfc('FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1', '1998-01-01T14:00:00Z', 'Every day in January at 09:00 New York time, until January 31, 2000 at 09:00 New York time'),
  rfc('FREQ=WEEKLY;COUNT=10', '1997-09-02T13:00:00Z', 'Every week on Tuesday at 09:00 New York time, 10 times'),
  rfc('FREQ=WEEKLY;UNTIL=19971224T000000Z', '1997-09-02T13:00:00Z', 'Every week on Tuesday at 09:00 New York time, until December 23, 1997 at 19:00 New York time'),
  rfc('FREQ=WEEKLY;INTERVAL=2;WKST=SU', '1997-09-02T13:00:00Z', 'Every 2 weeks on Tuesday at 09:00 New York time, weeks start on Sunday'),
  rfc(
    'FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH',
    '1997-09-02T13:00:00Z',
    'Every week on Tuesday and Thursday at 09:00 New York time, until October 6, 1997 at 20:00 New York time, weeks start on Sunday',
  ),
  rfc('FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH', '1997-09-02T13:00:00Z', 'Every week on Tuesday and Thursday at 09:00 New York time, 10 times, weeks start on Sunday'),
  rfc(
    'FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR',
    '1997-09-01T13:00:00Z',
    'Every 2 weeks on Monday, Wednesday and Friday at 09:00 New York time, until December 23, 1997 at 19:00 New York time, weeks start on Sunday',
  ),
  rfc('FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH', '1997-09-02T13:00:00Z', 'Every 2 weeks on Tuesday and Thursday at 09:00 New York time, 8 times, weeks start on Sunday'),
  rfc('FREQ=MONTHLY;COUNT=10;BYDAY=1FR', '1997-09-05T13:00:00Z', 'Every month on the 1st Friday at 09:00 New York time, 10 times'),
  rfc('FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR', '1997-09-05T13:00:00Z', 'Every month on the 1st Friday at 09:00 New York time, until December 23, 1997 at 19:00 New York time'),
  rfc('FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU', '1997-09-07T13:00:00Z', 'Every 2 months on the 1st and last Sunday at 09:00 New York time, 10 times'),
  rfc('FREQ=MONTHLY;COUNT=6;BYDAY=-2MO', '1997-09-22T13:00:00Z', 'Every month on the 2nd-to-last Monday at 09:00 New York time, 6 times'),
  rfc('FREQ=MONTHLY;BYMONTHDAY=-3', '1997-09-28T13:00:00Z', 'Every month on the 3rd-to-last day at 09:00 New York time'),
  rfc('FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15', '1997-09-02T13:00:00Z', 'Every month on the 2nd and 15th days at 09:00 New York time, 10 times'),
  rfc('FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1', '1997-09-30T13:00:00Z', 'Every month on the 1st and last days at 09:00 New York time, 10 times'),
  rfc(
    'FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15',
    '1997-09-10T13:00:00Z',
    'Every 18 months on the 10th to 15th days at 09:00 New York time, 10 times',
  ),
  rfc('FREQ=MONTHLY;INTERVAL=2;BYDAY=TU', '1997-09-02T13:00:00Z', 'Every 2 months on Tuesday at 09:00 New York time'),
  rfc('FREQ=YEARLY;COUNT=10;BYMONTH=6,7', '1997-06-10T13:00:00Z', 'Every year in June and July on the 10th day of the month at 09:00 New York time, 10 times'),
  rfc(
    'FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3',
    '1997-03-10T14:00:00Z',
    'Every 2 years in January, February and March on the 10th day of the month at 09:00 New York time, 10 times',
  ),
  rfc(
    'FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200',
    '1997-01-01T14:00:00Z',
    'Every 3 years on the 1st, 100th and 200th days of the year at 09:00 New York time, 10 times',
  ),
  rfc('FREQ=YEARLY;BYDAY=20MO', '1997-05-19T13:00:00Z', 'Every year on the 20th Monday of the year at 09:00 New York time'),
  rfc('FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO', '1997-05-12T13:00:00Z', 'Every year in the 20th week of the year on Monday at 09:00 New York time'),
  rfc('FREQ=YEARLY;BYMONTH=3;BYDAY=TH', '1997-03-13T14:00:00Z', 'Every year in March on Thursday at 09:00 New York time'),
  rfc('FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8', '1997-06-05T13:00:00Z', 'Every year in June, July and August on Thursday at 09:00 New York time'),
  rfc('FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13', '1997-09-02T13:00:00Z', 'Every month on the 13th day at 09:00 New York time if it is a Friday'),
  rfc('FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13', '1997-09-13T13:00:00Z', 'Every month on the 7th to 13th days at 09:00 New York time if it is a Saturday'),
  rfc(
    'FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8',
    '1996-11-05T14:00:00Z',
    'Every 4 years in November on the 2nd to 8th days of the month at 09:00 New York time if it is a Tuesday',
  ),
  rfc(
    'FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3',
    '1997-09-04T13:00:00Z',
    'Every month on Tuesday, Wednesday and Thursday at 09:00 New York time, keeping only the 3rd one in each month, 3 times',
  ),
  rfc(
    'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2',
    '1997-09-29T13:00:00Z',
    'Every month on weekdays at 09:00 New York time, keeping only the 2nd-to-last one in each month',
  ),
  rfc(
    'FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z',
    '1997-09-02T13:00:00Z',
    'Every 3 hours starting September 2, 1997 at 09:00 New York time, until September 2, 1997 at 13:00 New York time',
  ),
  rfc('FREQ=MINUTELY;INTERVAL=15;COUNT=6', '1997-09-02T13:00:00Z', 'Every 15 minutes starting September 2, 1997 at 09:00 New York time, 6 times'),
  rfc('FREQ=MINUTELY;INTERVAL=90;COUNT=4', '1997-09-02T13:00:00Z', 'Every 90 minutes starting September 2, 1997 at 09:00 New York time, 4 times'),
  rfc(
    'FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40',
    '1997-09-02T13:00:00Z',
    'Every day at hours 9 to 16, at minutes 0, 20 and 40 New York time',
  ),
  rfc(
    'FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16',
    '1997-09-02T13:00:00Z',
    'Every 20 minutes at hours 9 to 16 starting September 2, 1997 at 09:00 New York time',
  ),
  rfc('FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO', '1997-08-05T13:00:00Z', 'Every 2 weeks on Tuesday and Sunday at 09:00 New York time, 4 times'),
  rfc(
    'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU',
    '1997-08-05T13:00:00Z',
    'Every 2 weeks on Tuesday and Sunday at 09:00 New York time, 4 times, weeks start on Sunday',
  ),
  rfc('FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5', '2007-01-15T14:00:00Z', 'Every month on the 15th and 30th days at 09:00 New York time, 5 times'),
];

/** Bare rules (no start, no zone): only what the rule itself says. */
const BARE: [string, string][] = [
  // FREQ and INTERVAL
  ['FREQ=SECONDLY', 'Every second'],
  ['FREQ=MINUTELY', 'Every minute'],
  ['FREQ=HOURLY', 'Every hour'],
  ['FREQ=DAILY', 'Every day'],
  ['FREQ=WEEKLY', 'Every week'],
  ['FREQ=MONTHLY', 'Every month'],
  ['FREQ=YEARLY', 'Every year'],
  ['FREQ=SECONDLY;INTERVAL=30', 'Every 30 seconds'],
  ['FREQ=MINUTELY;INTERVAL=5', 'Every 5 minutes'],
  ['FREQ=HOURLY;INTERVAL=2', 'Every 2 hours'],
  ['FREQ=DAILY;INTERVAL=3', 'Every 3 days'],
  ['FREQ=WEEKLY;INTERVAL=2', 'Every 2 weeks'],
  ['FREQ=MONTHLY;INTERVAL=3', 'Every 3 months'],
  ['FREQ=YEARLY;INTERVAL=2', 'Every 2 years'],
  ['FREQ=DAILY;INTERVAL=1', 'Every day'],
  ['FREQ=DAILY;INTERVAL=1000000000', 'Every 1000000000 days'],
  ['RRULE:freq=daily;count=3', 'Every day, 3 times'],
  // COUNT and UNTIL
  ['FREQ=DAILY;COUNT=1', 'Every day, once'],
  ['FREQ=DAILY;COUNT=2', 'Every day, 2 times'],
  ['FREQ=DAILY;COUNT=100000', 'Every day, 100000 times'],
  ['FREQ=WEEKLY;UNTIL=20261231T235959Z', 'Every week, until December 31, 2026 at 23:59:59 UTC'],
  ['FREQ=DAILY;UNTIL=00010101T000000Z', 'Every day, until January 1, 1 at 00:00 UTC'],
  ['FREQ=DAILY;UNTIL=20280229T120000Z', 'Every day, until February 29, 2028 at 12:00 UTC'],
  // BYMONTHDAY: English ordinals and lists
  ['FREQ=MONTHLY;BYMONTHDAY=1', 'Every month on the 1st day'],
  ['FREQ=MONTHLY;BYMONTHDAY=2', 'Every month on the 2nd day'],
  ['FREQ=MONTHLY;BYMONTHDAY=3', 'Every month on the 3rd day'],
  ['FREQ=MONTHLY;BYMONTHDAY=4', 'Every month on the 4th day'],
  ['FREQ=MONTHLY;BYMONTHDAY=11', 'Every month on the 11th day'],
  ['FREQ=MONTHLY;BYMONTHDAY=12', 'Every month on the 12th day'],
  ['FREQ=MONTHLY;BYMONTHDAY=13', 'Every month on the 13th day'],
  ['FREQ=MONTHLY;BYMONTHDAY=21', 'Every month on the 21st day'],
  ['FREQ=MONTHLY;BYMONTHDAY=22', 'Every month on the 22nd day'],
  ['FREQ=MONTHLY;BYMONTHDAY=23', 'Every month on the 23rd day'],
  ['FREQ=MONTHLY;BYMONTHDAY=31', 'Every month on the 31st day'],
  ['FREQ=MONTHLY;BYMONTHDAY=-1', 'Every month on the last day'],
  ['FREQ=MONTHLY;BYMONTHDAY=-2', 'Every month on the 2nd-to-last day'],
  ['FREQ=MONTHLY;BYMONTHDAY=-11', 'Every month on the 11th-to-last day'],
  ['FREQ=MONTHLY;BYMONTHDAY=-31', 'Every month on the 31st-to-last day'],
  ['FREQ=MONTHLY;BYMONTHDAY=1,15', 'Every month on the 1st and 15th days'],
  ['FREQ=MONTHLY;BYMONTHDAY=-1,15,1', 'Every month on the 1st, 15th and last days'],
  ['FREQ=MONTHLY;BYMONTHDAY=1,1,1', 'Every month on the 1st day'],
  ['FREQ=MONTHLY;BYMONTHDAY=1,2', 'Every month on the 1st and 2nd days'],
  ['FREQ=MONTHLY;BYMONTHDAY=-3,-2,-1', 'Every month on the 3rd-to-last, 2nd-to-last and last days'],
  [
    'FREQ=MONTHLY;BYMONTHDAY=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31',
    'Every month on the 1st to 31st days',
  ],
  ['FREQ=MONTHLY;BYMONTHDAY=1,3,5,7,9,11', 'Every month on the 1st, 3rd, 5th, 7th, 9th and 11th days'],
  ['FREQ=MONTHLY;BYMONTHDAY=1,3,5,7,9,11,13', 'Every month on 7 days of the month'],
  ['FREQ=MONTHLY;BYMONTHDAY=1,3,5,7,9,11,30', 'Every month on up to 7 days of the month'],
  ['FREQ=MONTHLY;BYMONTHDAY=-2,-4,-6,-8,-10,-12,-14', 'Every month on 7 days of the month'],
  ['FREQ=MONTHLY;BYMONTHDAY=1,2,3,5,7,9,11,-1,-2,-3', 'Every month on up to 10 days of the month'],
  ['FREQ=YEARLY;BYMONTHDAY=1', 'Every year on the 1st day of the month'],
  ['FREQ=DAILY;BYMONTHDAY=1', 'Every day on the 1st day of the month'],
  ['FREQ=YEARLY;BYMONTHDAY=1,3,5,7,9,11,13', 'Every year on 7 days of the month'],
  // BYDAY
  ['FREQ=WEEKLY;BYDAY=MO', 'Every week on Monday'],
  ['FREQ=WEEKLY;BYDAY=SA,SU', 'Every week on Saturday and Sunday'],
  ['FREQ=WEEKLY;BYDAY=SU,MO', 'Every week on Monday and Sunday'],
  ['FREQ=WEEKLY;BYDAY=FR,TH,WE,TU,MO', 'Every week on weekdays'],
  ['FREQ=WEEKLY;BYDAY=MO,MO', 'Every week on Monday'],
  ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH', 'Every week on Monday, Tuesday, Wednesday and Thursday'],
  ['FREQ=DAILY;BYDAY=MO,WE', 'Every day on Monday and Wednesday'],
  ['FREQ=HOURLY;BYDAY=SA', 'Every hour on Saturday'],
  ['FREQ=MONTHLY;BYDAY=2TU', 'Every month on the 2nd Tuesday'],
  ['FREQ=MONTHLY;BYDAY=-1FR', 'Every month on the last Friday'],
  ['FREQ=MONTHLY;BYDAY=+1MO,3MO', 'Every month on the 1st and 3rd Monday'],
  ['FREQ=MONTHLY;BYDAY=5FR', 'Every month on the 5th Friday'],
  ['FREQ=MONTHLY;BYDAY=-5MO', 'Every month on the 5th-to-last Monday'],
  ['FREQ=MONTHLY;BYDAY=1MO,2MO,3MO,4MO,5MO', 'Every month on the 1st to 5th Monday'],
  ['FREQ=MONTHLY;BYDAY=MO,1FR', 'Every month on Monday and the 1st Friday'],
  ['FREQ=MONTHLY;BYDAY=1FR,1MO', 'Every month on the 1st Monday and the 1st Friday'],
  ['FREQ=MONTHLY;BYDAY=MO', 'Every month on Monday'],
  ['FREQ=YEARLY;BYDAY=1MO', 'Every year on the 1st Monday of the year'],
  ['FREQ=YEARLY;BYDAY=-1SU', 'Every year on the last Sunday of the year'],
  ['FREQ=YEARLY;BYMONTH=5;BYDAY=-1MO', 'Every year in May on the last Monday of the month'],
  ['FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', 'Every year in November on the 4th Thursday of the month'],
  ['FREQ=YEARLY;BYDAY=53MO', 'Every year on the 53rd Monday of the year'],
  [
    'FREQ=YEARLY;BYDAY=1MO,2MO,3MO,4MO,5MO,6MO,7MO,8MO,9MO,10MO,11MO,12MO,13MO,14MO,15MO,16MO,17MO,18MO,19MO,20MO',
    'Every year on the 1st to 20th Monday of the year',
  ],
  ['FREQ=YEARLY;BYDAY=1MO,3MO,5MO,7MO,9MO,11MO,13MO', 'Every year on 7 of the Mondays of the year'],
  ['FREQ=YEARLY;BYDAY=1MO,3MO,5MO,7MO,9MO,11MO,53MO', 'Every year on up to 7 of the Mondays of the year'],
  ['FREQ=MONTHLY;BYDAY=1MO,-1MO,2MO,-2MO,3MO,-3MO,4MO', 'Every month on the 1st to 4th, 3rd-to-last, 2nd-to-last and last Monday'],
  ['FREQ=MONTHLY;BYDAY=1MO,3MO,5MO,-1MO,-3MO,-5MO,-2MO', 'Every month on up to 7 of the Mondays'],
  // Time of day without a start
  ['FREQ=DAILY;BYHOUR=9', 'Every day at hour 9'],
  ['FREQ=DAILY;BYHOUR=9;BYMINUTE=30', 'Every day at hour 9, at minute 30'],
  ['FREQ=DAILY;BYHOUR=9;BYMINUTE=30;BYSECOND=0', 'Every day at 09:30'],
  ['FREQ=DAILY;BYHOUR=9,17;BYMINUTE=0;BYSECOND=0', 'Every day at 09:00 and 17:00'],
  ['FREQ=DAILY;BYHOUR=9;BYMINUTE=30;BYSECOND=15', 'Every day at 09:30:15'],
  ['FREQ=DAILY;BYHOUR=9;BYMINUTE=0,30;BYSECOND=0,30', 'Every day at 09:00:00, 09:00:30, 09:30:00 and 09:30:30'],
  ['FREQ=DAILY;BYHOUR=0;BYMINUTE=0;BYSECOND=60', 'Every day at 00:00:60'],
  ['FREQ=DAILY;BYMINUTE=15', 'Every day at minute 15'],
  ['FREQ=DAILY;BYSECOND=5', 'Every day at second 5'],
  ['FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23;BYMINUTE=0;BYSECOND=0', 'Every day at hours 0 to 23, at minute 0, at second 0'],
  ['FREQ=DAILY;BYHOUR=1,3,5,7,9,11,13;BYMINUTE=0;BYSECOND=0', 'Every day at 7 different hours, at minute 0, at second 0'],
  ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0;BYSECOND=0', 'Every week on weekdays at 09:00'],
  ['FREQ=HOURLY;BYMINUTE=0,30', 'Every hour at minutes 0 and 30'],
  ['FREQ=HOURLY;BYHOUR=9,10,11', 'Every hour at hours 9 to 11'],
  ['FREQ=MINUTELY;BYMINUTE=0,15,30,45', 'Every minute at minutes 0, 15, 30 and 45'],
  ['FREQ=MINUTELY;BYSECOND=0', 'Every minute at second 0'],
  ['FREQ=SECONDLY;BYSECOND=0,10,20,30,40,50,59', 'Every second at 7 different seconds'],
  ['FREQ=MINUTELY;INTERVAL=15;BYHOUR=9;BYMINUTE=0,15', 'Every 15 minutes at hour 9, at minutes 0 and 15'],
  // BYMONTH
  ['FREQ=MONTHLY;BYMONTH=1,7', 'Every month in January and July'],
  ['FREQ=DAILY;BYMONTH=12', 'Every day in December'],
  ['FREQ=YEARLY;BYMONTH=7,1,7', 'Every year in January and July'],
  ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', 'Every year on February 29'],
  ['FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25', 'Every year on December 25'],
  ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1', 'Every year in February on the last day of the month'],
  ['FREQ=YEARLY;BYMONTH=1,2;BYMONTHDAY=1', 'Every year in January and February on the 1st day of the month'],
  [
    'FREQ=YEARLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12',
    'Every year in January, February, March, April, May, June, July, August, September, October, November and December',
  ],
  // BYYEARDAY and BYWEEKNO
  ['FREQ=YEARLY;BYYEARDAY=1', 'Every year on the 1st day of the year'],
  ['FREQ=YEARLY;BYYEARDAY=-1', 'Every year on the last day of the year'],
  ['FREQ=YEARLY;BYYEARDAY=366', 'Every year on the 366th day of the year'],
  ['FREQ=YEARLY;BYYEARDAY=1,2,3,4,5,6,7', 'Every year on the 1st to 7th days of the year'],
  ['FREQ=YEARLY;BYYEARDAY=10,20,30,40,50,60,70', 'Every year on 7 days of the year'],
  ['FREQ=YEARLY;BYYEARDAY=10,20,30,40,50,60,366', 'Every year on up to 7 days of the year'],
  ['FREQ=HOURLY;BYYEARDAY=1', 'Every hour on the 1st day of the year'],
  ['FREQ=YEARLY;BYWEEKNO=1', 'Every year on every day in the 1st week of the year'],
  ['FREQ=YEARLY;BYWEEKNO=-1', 'Every year on every day in the last week of the year'],
  ['FREQ=YEARLY;BYWEEKNO=1,53', 'Every year on every day in the 1st and 53rd weeks of the year'],
  ['FREQ=YEARLY;BYWEEKNO=1,3,5,7,9,11,13', 'Every year on every day in 7 weeks of the year'],
  ['FREQ=YEARLY;BYWEEKNO=1,3,5,7,9,11,53', 'Every year on every day in up to 7 weeks of the year'],
  ['FREQ=YEARLY;BYWEEKNO=10;BYDAY=MO,FR', 'Every year in the 10th week of the year on Monday and Friday'],
  ['FREQ=YEARLY;BYWEEKNO=20;BYMONTH=5', 'Every year in May on every day in the 20th week of the year'],
  ['FREQ=YEARLY;BYWEEKNO=20;BYYEARDAY=-1', 'Every year in the 20th week of the year on the last day of the year'],
  ['FREQ=YEARLY;BYMONTHDAY=1;BYDAY=1MO', 'Every year on the 1st day of the month if it is the 1st Monday of the year'],
  ['FREQ=HOURLY;BYMONTHDAY=13;BYDAY=FR', 'Every hour on the 13th day of the month if it is a Friday'],
  // Limiting weekdays
  ['FREQ=MONTHLY;BYMONTHDAY=1;BYDAY=MO,TU,WE,TH,FR', 'Every month on the 1st day if it is a weekday'],
  ['FREQ=MONTHLY;BYMONTHDAY=1,2,3;BYDAY=SA,SU', 'Every month on the 1st to 3rd days if it is a Saturday or a Sunday'],
  ['FREQ=MONTHLY;BYMONTHDAY=-7,-6,-5,-4,-3,-2,-1;BYDAY=-1FR', 'Every month on 7 days of the month if it is the last Friday'],
  ['FREQ=YEARLY;BYYEARDAY=100;BYDAY=MO', 'Every year on the 100th day of the year if it is a Monday'],
  [
    'FREQ=YEARLY;BYYEARDAY=1,2;BYDAY=1MO,3MO,5MO,7MO,9MO,11MO,13MO',
    'Every year on the 1st and 2nd days of the year if it is one of 7 of the Mondays of the year',
  ],
  ['FREQ=YEARLY;BYMONTHDAY=13;BYDAY=FR;BYMONTH=1', 'Every year in January on the 13th day of the month if it is a Friday'],
  // BYSETPOS
  ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1', 'Every month on weekdays, keeping only the 1st one in each month'],
  ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'Every month on weekdays, keeping only the last one in each month'],
  ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1', 'Every month on weekdays, keeping only the 1st and last ones in each month'],
  ['FREQ=DAILY;BYHOUR=9,17;BYSETPOS=-1', 'Every day at hours 9 and 17, keeping only the last one in each day'],
  ['FREQ=WEEKLY;BYDAY=MO,WE,FR;BYSETPOS=2', 'Every week on Monday, Wednesday and Friday, keeping only the 2nd one in each week'],
  ['FREQ=YEARLY;BYMONTH=1,2,3;BYSETPOS=1,2,3', 'Every year in January, February and March, keeping only the 1st to 3rd ones in each year'],
  ['FREQ=MONTHLY;BYMONTHDAY=1,2,3;BYSETPOS=1,3,5,7,9,11,13', 'Every month on the 1st to 3rd days, keeping only up to 7 of them in each month'],
  ['FREQ=HOURLY;BYMINUTE=0,30;BYSETPOS=2', 'Every hour at minutes 0 and 30, keeping only the 2nd one in each hour'],
  // WKST, RSCALE, SKIP
  ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;WKST=SU', 'Every 2 weeks on Tuesday, weeks start on Sunday'],
  ['FREQ=WEEKLY;WKST=MO', 'Every week'],
  ['FREQ=YEARLY;BYWEEKNO=1;WKST=SA', 'Every year on every day in the 1st week of the year, weeks start on Saturday'],
  ['RSCALE=GREGORIAN;FREQ=YEARLY', 'Every year, in the Gregorian calendar'],
  [
    'RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD',
    'Every month on the 31st day, in the Gregorian calendar, a day missing from a month moves back to the nearest earlier day',
  ],
  [
    'RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=FORWARD',
    'Every month on the 31st day, in the Gregorian calendar, a day missing from a month moves forward to the nearest later day',
  ],
  ['RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=OMIT', 'Every month on the 31st day, in the Gregorian calendar, days missing from a month are skipped'],
  [
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;RSCALE=GREGORIAN;SKIP=BACKWARD;COUNT=4',
    'Every year on February 29, 4 times, in the Gregorian calendar, a day missing from a month moves back to the nearest earlier day',
  ],
];

/** Rules with a start and/or a zone: days and times taken from DTSTART, zone wording, UNTIL in the zone. */
const WITH_START: Case[] = [
  { rule: 'FREQ=MONTHLY;BYMONTHDAY=-1', start: '2026-01-31T14:00:00Z', zone: NY, text: 'Every month on the last day at 09:00 New York time' },
  { rule: 'FREQ=DAILY', start: '2026-03-01T08:00:00Z', zone: 'Europe/Paris', text: 'Every day at 09:00 Paris time' },
  { rule: 'FREQ=DAILY', start: '2026-01-01T03:30:00Z', zone: 'Asia/Kolkata', text: 'Every day at 09:00 Kolkata time' },
  { rule: 'FREQ=DAILY', start: '2026-01-01T12:00:00Z', zone: 'America/Argentina/Buenos_Aires', text: 'Every day at 09:00 Buenos Aires time' },
  { rule: 'FREQ=DAILY', start: '2026-01-01T14:00:00Z', zone: 'Etc/GMT+5', text: 'Every day at 09:00 (Etc/GMT+5)' },
  { rule: 'FREQ=DAILY', start: '2026-01-01T14:00:00Z', text: 'Every day at 14:00 UTC' },
  { rule: 'FREQ=DAILY', start: '2026-01-01T14:00:00Z', zone: 'Etc/UTC', text: 'Every day at 14:00 UTC' },
  { rule: 'FREQ=DAILY', start: '2026-01-01T14:00:00Z', zone: 'america/new_york', text: 'Every day at 09:00 New York time' },
  { rule: 'FREQ=DAILY', start: '2026-01-01T14:00:00Z', zone: 'America/Port-au-Prince', text: 'Every day at 09:00 Port-au-Prince time' },
  { rule: 'FREQ=DAILY', start: '2026-01-01T14:00:30Z', text: 'Every day at 14:00:30 UTC' },
  { rule: 'FREQ=DAILY', start: new Date('2026-07-01T13:15:00Z').toISOString(), zone: NY, text: 'Every day at 09:15 New York time' },
  { rule: 'FREQ=WEEKLY', start: '2026-01-05T09:00:00Z', text: 'Every week on Monday at 09:00 UTC' },
  { rule: 'FREQ=WEEKLY', start: '2026-01-05T03:00:00Z', zone: NY, text: 'Every week on Sunday at 22:00 New York time' },
  { rule: 'FREQ=MONTHLY', start: '2026-01-31T09:00:00Z', text: 'Every month on the 31st day at 09:00 UTC' },
  { rule: 'FREQ=YEARLY', start: '2028-02-29T09:00:00Z', text: 'Every year on February 29 at 09:00 UTC' },
  { rule: 'FREQ=YEARLY;BYMONTH=3', start: '2026-01-15T09:00:00Z', text: 'Every year on March 15 at 09:00 UTC' },
  { rule: 'FREQ=YEARLY;BYMONTH=3,9', start: '2026-01-15T09:00:00Z', text: 'Every year in March and September on the 15th day of the month at 09:00 UTC' },
  { rule: 'FREQ=MONTHLY;BYMONTH=1,4,7,10', start: '2026-01-15T09:00:00Z', text: 'Every month in January, April, July and October on the 15th day at 09:00 UTC' },
  { rule: 'FREQ=WEEKLY;BYHOUR=9', start: '2026-01-05T07:30:00Z', text: 'Every week on Monday at 09:30 UTC' },
  { rule: 'FREQ=DAILY;BYHOUR=9,17', start: '2026-01-05T07:30:00Z', zone: NY, text: 'Every day at 09:30 and 17:30 New York time' },
  { rule: 'FREQ=DAILY;BYMINUTE=0,15,30,45', start: '2026-01-05T14:00:00Z', zone: NY, text: 'Every day at 09:00, 09:15, 09:30 and 09:45 New York time' },
  { rule: 'FREQ=DAILY;UNTIL=20260308T070000Z', start: '2026-03-01T14:00:00Z', zone: NY, text: 'Every day at 09:00 New York time, until March 8, 2026 at 03:00 New York time' },
  { rule: 'FREQ=DAILY;UNTIL=20261101T060000Z', start: '2026-10-01T13:00:00Z', zone: NY, text: 'Every day at 09:00 New York time, until November 1, 2026 at 01:00 New York time' },
  { rule: 'FREQ=HOURLY;BYMINUTE=0,30', start: '2026-01-05T09:00:00Z', text: 'Every hour at minutes 0 and 30 starting January 5, 2026 at 09:00 UTC' },
  { rule: 'FREQ=SECONDLY;INTERVAL=10;COUNT=6', start: '2026-01-05T09:00:05Z', zone: 'Europe/Berlin', text: 'Every 10 seconds starting January 5, 2026 at 10:00:05 Berlin time, 6 times' },
  { rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', start: '2026-01-05T14:00:00Z', zone: NY, text: 'Every week on weekdays at 09:00 New York time' },
  { rule: 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', start: '2026-01-30T22:00:00Z', zone: NY, text: 'Every month on weekdays at 17:00 New York time, keeping only the last one in each month' },
  { rule: 'FREQ=WEEKLY;BYDAY=FR', zone: NY, text: 'Every week on Friday' },
  { rule: 'FREQ=DAILY;BYHOUR=9;BYMINUTE=0;BYSECOND=0', zone: 'Europe/London', text: 'Every day at 09:00 London time' },
  { rule: 'FREQ=DAILY;UNTIL=20261231T230000Z', zone: 'Europe/Paris', text: 'Every day, until January 1, 2027 at 00:00 Paris time' },
  { rule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;UNTIL=20360301T000000Z', start: '2028-02-29T00:00:00Z', text: 'Every year on February 29 at 00:00 UTC, until March 1, 2036 at 00:00 UTC' },
];

function run(c: Case): string {
  const input = c.start === undefined ? c.rule : { recurrenceRule: c.rule, start: c.start };
  return describeRecurrence(input, c.zone === undefined ? {} : { timeZone: c.zone });
}

describe('describeRecurrence in English', () => {
  const all: Case[] = [...RFC_EXAMPLES, ...BARE.map(([rule, text]) => ({ rule, text })), ...WITH_START];

  it('has at least 150 rules, the RFC 5545 3.8.5.3 examples among them, each listed once', () => {
    expect(all.length).toBeGreaterThanOrEqual(150);
    expect(RFC_EXAMPLES.length).toBeGreaterThanOrEqual(42);
    const keys = all.map((c) => `${c.rule}|${c.start ?? ''}|${c.zone ?? ''}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(RFC_EXAMPLES.map((c) => [c.rule, c] as const))('RFC 5545 example %s', (_, c) => {
    expect(run(c)).toBe(c.text);
  });

  it.each(BARE)('%s', (rule, text) => {
    expect(describeRecurrence(rule)).toBe(text);
    expect(describeRecurrence(rule, { locale: 'en-US' })).toBe(text);
  });

  it.each(WITH_START.map((c) => [`${c.rule} from ${c.start ?? '(no start)'} in ${c.zone ?? 'UTC'}`, c] as const))('%s', (_, c) => {
    expect(run(c)).toBe(c.text);
  });

  it('reads a recurrence object without a start like the bare rule', () => {
    expect(describeRecurrence({ recurrenceRule: 'FREQ=MONTHLY;BYMONTHDAY=-1' })).toBe('Every month on the last day');
    expect(describeRecurrence({ recurrenceRule: 'FREQ=MONTHLY;BYMONTHDAY=-1', start: undefined })).toBe('Every month on the last day');
  });

  it('takes a Date start as the same instant as its RFC 3339 string', () => {
    const rule = 'FREQ=WEEKLY;BYDAY=TU';
    expect(describeRecurrence({ recurrenceRule: rule, start: new Date('2026-01-06T14:00:00Z') }, { timeZone: NY })).toBe(
      'Every week on Tuesday at 09:00 New York time',
    );
  });
});
