import { describe, expect, it } from 'vitest';
import { PART_NAMES } from '../../src/rrule/parse.js';
import { DESCRIBE_LOCALES, describeRecurrence } from '../../src/schedule/index.js';

// Every rule part the parser knows must change the sentence in every language: for each
// part, rules that differ only in that part (absent, or other values) must read differently.
// The part list is the parser's own table, so a part added to the parser without text here
// (and in the message tables) fails the first test.

type PartName = (typeof PART_NAMES)[number];

const VARIANTS: Record<PartName, readonly string[]> = {
  FREQ: ['FREQ=SECONDLY', 'FREQ=MINUTELY', 'FREQ=HOURLY', 'FREQ=DAILY', 'FREQ=WEEKLY', 'FREQ=MONTHLY', 'FREQ=YEARLY'],
  UNTIL: ['FREQ=DAILY', 'FREQ=DAILY;UNTIL=20261231T000000Z', 'FREQ=DAILY;UNTIL=20270101T120000Z', 'FREQ=DAILY;UNTIL=20261231T000001Z'],
  COUNT: ['FREQ=DAILY', 'FREQ=DAILY;COUNT=1', 'FREQ=DAILY;COUNT=2', 'FREQ=DAILY;COUNT=100000'],
  INTERVAL: ['FREQ=WEEKLY', 'FREQ=WEEKLY;INTERVAL=2', 'FREQ=WEEKLY;INTERVAL=3', 'FREQ=WEEKLY;INTERVAL=1000000000'],
  BYSECOND: ['FREQ=MINUTELY', 'FREQ=MINUTELY;BYSECOND=0', 'FREQ=MINUTELY;BYSECOND=30', 'FREQ=MINUTELY;BYSECOND=0,30', 'FREQ=MINUTELY;BYSECOND=60'],
  BYMINUTE: ['FREQ=HOURLY', 'FREQ=HOURLY;BYMINUTE=0', 'FREQ=HOURLY;BYMINUTE=15', 'FREQ=HOURLY;BYMINUTE=0,30'],
  BYHOUR: ['FREQ=DAILY', 'FREQ=DAILY;BYHOUR=0', 'FREQ=DAILY;BYHOUR=9', 'FREQ=DAILY;BYHOUR=9,17', 'FREQ=DAILY;BYHOUR=23'],
  BYDAY: [
    'FREQ=MONTHLY',
    'FREQ=MONTHLY;BYDAY=MO',
    'FREQ=MONTHLY;BYDAY=FR',
    'FREQ=MONTHLY;BYDAY=1FR',
    'FREQ=MONTHLY;BYDAY=-1FR',
    'FREQ=MONTHLY;BYDAY=-4FR',
    'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR',
    'FREQ=MONTHLY;BYDAY=SA,SU',
  ],
  BYMONTHDAY: ['FREQ=MONTHLY', 'FREQ=MONTHLY;BYMONTHDAY=1', 'FREQ=MONTHLY;BYMONTHDAY=2', 'FREQ=MONTHLY;BYMONTHDAY=-1', 'FREQ=MONTHLY;BYMONTHDAY=-2'],
  BYYEARDAY: ['FREQ=YEARLY', 'FREQ=YEARLY;BYYEARDAY=1', 'FREQ=YEARLY;BYYEARDAY=100', 'FREQ=YEARLY;BYYEARDAY=-1', 'FREQ=YEARLY;BYYEARDAY=-5'],
  BYWEEKNO: ['FREQ=YEARLY', 'FREQ=YEARLY;BYWEEKNO=1', 'FREQ=YEARLY;BYWEEKNO=20', 'FREQ=YEARLY;BYWEEKNO=-1', 'FREQ=YEARLY;BYWEEKNO=-3'],
  BYMONTH: [
    'FREQ=YEARLY',
    ...Array.from({ length: 12 }, (_, i) => `FREQ=YEARLY;BYMONTH=${i + 1}`),
    'FREQ=YEARLY;BYMONTH=1,2',
  ],
  BYSETPOS: [
    'FREQ=MONTHLY;BYDAY=MO,FR',
    'FREQ=MONTHLY;BYDAY=MO,FR;BYSETPOS=1',
    'FREQ=MONTHLY;BYDAY=MO,FR;BYSETPOS=2',
    'FREQ=MONTHLY;BYDAY=MO,FR;BYSETPOS=-1',
    'FREQ=MONTHLY;BYDAY=MO,FR;BYSETPOS=-5',
  ],
  WKST: ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU', ...['TU', 'WE', 'TH', 'FR', 'SA', 'SU'].map((d) => `FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=${d}`)],
  RSCALE: ['FREQ=MONTHLY;BYMONTHDAY=31', 'RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31'],
  SKIP: [
    'RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31',
    'RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=OMIT',
    'RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD',
    'RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=FORWARD',
  ],
};

describe('describeRecurrence says every rule part', () => {
  it('has variants for exactly the parser own part names', () => {
    expect(Object.keys(VARIANTS).sort()).toEqual([...PART_NAMES].sort());
  });

  const cases = DESCRIBE_LOCALES.flatMap((locale) => PART_NAMES.map((part) => [locale, part] as const));
  it.each(cases)('%s: %s changes the sentence', (locale, part) => {
    const rules = VARIANTS[part];
    expect(rules.length).toBeGreaterThanOrEqual(2);
    // The first rule may leave the part out; every other one writes it.
    for (const rule of rules.slice(1)) expect(rule).toContain(`${part}=`);
    const sentences = rules.map((rule) => describeRecurrence(rule, { locale }));
    expect(new Set(sentences).size, sentences.join('\n')).toBe(rules.length);
  });

  it.each(DESCRIBE_LOCALES)('%s: each weekday and month has its own name', (locale) => {
    const days = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'].map((d) => describeRecurrence(`FREQ=WEEKLY;BYDAY=${d}`, { locale }));
    expect(new Set(days).size).toBe(7);
    const months = Array.from({ length: 12 }, (_, i) => describeRecurrence(`FREQ=YEARLY;BYMONTH=${i + 1};BYMONTHDAY=1`, { locale }));
    expect(new Set(months).size).toBe(12);
  });
});
