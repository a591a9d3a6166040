import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RRULE_MESSAGES as M } from '../../src/rrule/messages.js';
import { parseRecurrenceRule } from '../../src/rrule/parse.js';

const okRule = (s: string) => {
  const r = parseRecurrenceRule(s);
  if (!r.ok) throw new Error(`expected ${s} to parse: ${r.error}`);
  return r.value;
};
const error = (s: string): string => {
  const r = parseRecurrenceRule(s);
  if (r.ok) throw new Error(`expected ${s} to be refused`);
  return r.error;
};

describe('parseRecurrenceRule: shape', () => {
  it('parses with or without the RRULE: prefix, parts in any order, defaults filled', () => {
    const expected = { freq: 'MONTHLY', interval: 1, byMonthDay: [-1], count: 12, wkst: 'MO' };
    expect(okRule('RRULE:FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12')).toEqual(expected);
    expect(okRule('COUNT=12;BYMONTHDAY=-1;FREQ=MONTHLY')).toEqual(expected);
  });

  it('is case-insensitive in names and values (RFC 5545 3.1)', () => {
    expect(okRule('rrule:freq=weekly;byday=mo,fr;wkst=su')).toEqual({
      freq: 'WEEKLY',
      interval: 1,
      byDay: [{ weekday: 'MO' }, { weekday: 'FR' }],
      wkst: 'SU',
    });
  });

  it('reads numbered weekdays in lower case', () => {
    expect(okRule('freq=monthly;byday=-1fr,+2mo').byDay).toEqual([
      { weekday: 'FR', ordinal: -1 },
      { weekday: 'MO', ordinal: 2 },
    ]);
  });

  it('parses every part', () => {
    expect(
      okRule(
        'FREQ=YEARLY;INTERVAL=2;UNTIL=20301231T235959Z;BYSECOND=0,60;BYMINUTE=0,59;BYHOUR=0,23;BYDAY=1MO,-53SU,+2TU;BYMONTHDAY=1,-31;BYYEARDAY=1,-366;BYMONTH=1,12;BYSETPOS=1,-366;WKST=SU',
      ),
    ).toEqual({
      freq: 'YEARLY',
      interval: 2,
      until: new Date('2030-12-31T23:59:59Z'),
      bySecond: [0, 60],
      byMinute: [0, 59],
      byHour: [0, 23],
      byDay: [
        { weekday: 'MO', ordinal: 1 },
        { weekday: 'SU', ordinal: -53 },
        { weekday: 'TU', ordinal: 2 },
      ],
      byMonthDay: [1, -31],
      byYearDay: [1, -366],
      byMonth: [1, 12],
      bySetPos: [1, -366],
      wkst: 'SU',
    });
  });

  it.each([
    ['', M.empty],
    ['RRULE:', M.empty],
    ['FREQ=DAILY;', M.emptyPart],
    ['FREQ=DAILY;;COUNT=2', M.emptyPart],
    ['FREQ', M.malformedPart('FREQ')],
    ['=DAILY', M.malformedPart('=DAILY')],
    ['FREQ=DAILY;X-NAME=1', M.unknownPart('X-NAME')],
    ['FREQ=DAILY;__proto__=1', M.unknownPart('__proto__')],
    ['FREQ=DAILY;BYEASTER=1', M.unknownPart('BYEASTER')],
    ['FREQ=DAILY;RRULE:COUNT=1', M.unknownPart('RRULE:COUNT')],
    ['FREQ=FORTNIGHTLY', M.freqValue('FORTNIGHTLY')],
    ['FREQ=', M.freqValue('')],
    ['x'.repeat(2049), M.tooLong(2048)],
  ])('refuses %j', (input, message) => {
    expect(error(input)).toBe(message);
  });

  it('refuses a non-string', () => {
    expect(parseRecurrenceRule(42 as unknown as string)).toEqual({ ok: false, error: M.notString });
  });
});

// RFC 5545 3.3.10 validity rules, listed in DESIGN.md: one passing and one failing case each.
describe('parseRecurrenceRule: every RFC 5545 validity rule', () => {
  const cases: [string, string, string, string][] = [
    ['FREQ is required', 'FREQ=DAILY', 'COUNT=3', M.freqRequired],
    ['FREQ at most once', 'FREQ=DAILY', 'FREQ=DAILY;FREQ=WEEKLY', M.duplicatePart('FREQ')],
    ['every part at most once', 'FREQ=DAILY;BYHOUR=9,10', 'FREQ=DAILY;BYHOUR=9;BYHOUR=10', M.duplicatePart('BYHOUR')],
    ['duplicates are found case-insensitively', 'FREQ=DAILY;COUNT=2', 'FREQ=DAILY;COUNT=2;count=3', M.duplicatePart('COUNT')],
    ['COUNT and UNTIL not both', 'FREQ=DAILY;COUNT=2', 'FREQ=DAILY;COUNT=2;UNTIL=20300101T000000Z', M.countAndUntil],
    ['INTERVAL a positive integer (0)', 'FREQ=DAILY;INTERVAL=1', 'FREQ=DAILY;INTERVAL=0', M.interval('0', 1_000_000_000)],
    ['INTERVAL a positive integer (negative)', 'FREQ=DAILY;INTERVAL=2', 'FREQ=DAILY;INTERVAL=-1', M.interval('-1', 1_000_000_000)],
    ['INTERVAL a positive integer (fraction)', 'FREQ=DAILY;INTERVAL=3', 'FREQ=DAILY;INTERVAL=1.5', M.interval('1.5', 1_000_000_000)],
    ['INTERVAL at most 1e9', 'FREQ=DAILY;INTERVAL=1000000000', 'FREQ=DAILY;INTERVAL=1000000001', M.interval('1000000001', 1_000_000_000)],
    ['COUNT a positive integer (0)', 'FREQ=DAILY;COUNT=1', 'FREQ=DAILY;COUNT=0', M.count('0', 100_000)],
    ['COUNT a positive integer (negative)', 'FREQ=DAILY;COUNT=5', 'FREQ=DAILY;COUNT=-5', M.count('-5', 100_000)],
    ['COUNT a positive integer (fraction)', 'FREQ=DAILY;COUNT=2', 'FREQ=DAILY;COUNT=2.5', M.count('2.5', 100_000)],
    ['COUNT at most 100,000', 'FREQ=DAILY;COUNT=100000', 'FREQ=DAILY;COUNT=100001', M.count('100001', 100_000)],
    ['BYSECOND 0-60', 'FREQ=DAILY;BYSECOND=0,60', 'FREQ=DAILY;BYSECOND=61', M.listItem('BYSECOND', '61', 'from 0 to 60')],
    ['BYSECOND unsigned', 'FREQ=DAILY;BYSECOND=1', 'FREQ=DAILY;BYSECOND=-1', M.listItem('BYSECOND', '-1', 'from 0 to 60')],
    ['BYMINUTE 0-59', 'FREQ=DAILY;BYMINUTE=0,59', 'FREQ=DAILY;BYMINUTE=60', M.listItem('BYMINUTE', '60', 'from 0 to 59')],
    ['BYHOUR 0-23', 'FREQ=DAILY;BYHOUR=0,23', 'FREQ=DAILY;BYHOUR=24', M.listItem('BYHOUR', '24', 'from 0 to 23')],
    [
      'numbered BYDAY only with MONTHLY or YEARLY',
      'FREQ=MONTHLY;BYDAY=1MO',
      'FREQ=WEEKLY;BYDAY=1MO',
      M.numberedByDayFreq,
    ],
    ['numbered BYDAY with YEARLY', 'FREQ=YEARLY;BYDAY=-1FR', 'FREQ=DAILY;BYDAY=-1FR', M.numberedByDayFreq],
    [
      'numbered BYDAY not with YEARLY and BYWEEKNO',
      'FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO',
      'FREQ=YEARLY;BYWEEKNO=1;BYDAY=1MO',
      M.numberedByDayWeekNo,
    ],
    ['BYDAY ordinal 1..53', 'FREQ=YEARLY;BYDAY=53MO', 'FREQ=YEARLY;BYDAY=54MO', M.byDayItem('54MO')],
    ['BYDAY ordinal not 0', 'FREQ=YEARLY;BYDAY=-1MO', 'FREQ=YEARLY;BYDAY=0MO', M.byDayItem('0MO')],
    ['BYDAY weekday codes', 'FREQ=WEEKLY;BYDAY=SU', 'FREQ=WEEKLY;BYDAY=SUN', M.byDayItem('SUN')],
    ['BYMONTHDAY 1..31', 'FREQ=MONTHLY;BYMONTHDAY=31', 'FREQ=MONTHLY;BYMONTHDAY=32', M.listItem('BYMONTHDAY', '32', 'from 1 to 31 or -31 to -1')],
    ['BYMONTHDAY -31..-1', 'FREQ=MONTHLY;BYMONTHDAY=-31', 'FREQ=MONTHLY;BYMONTHDAY=-32', M.listItem('BYMONTHDAY', '-32', 'from 1 to 31 or -31 to -1')],
    ['BYMONTHDAY not 0', 'FREQ=MONTHLY;BYMONTHDAY=1', 'FREQ=MONTHLY;BYMONTHDAY=0', M.listItem('BYMONTHDAY', '0', 'from 1 to 31 or -31 to -1')],
    ['BYMONTHDAY not with WEEKLY', 'FREQ=DAILY;BYMONTHDAY=1', 'FREQ=WEEKLY;BYMONTHDAY=1', M.byMonthDayWeekly],
    ['BYYEARDAY 1..366', 'FREQ=YEARLY;BYYEARDAY=366', 'FREQ=YEARLY;BYYEARDAY=367', M.listItem('BYYEARDAY', '367', 'from 1 to 366 or -366 to -1')],
    ['BYYEARDAY not 0', 'FREQ=YEARLY;BYYEARDAY=-366', 'FREQ=YEARLY;BYYEARDAY=0', M.listItem('BYYEARDAY', '0', 'from 1 to 366 or -366 to -1')],
    ['BYYEARDAY not with DAILY', 'FREQ=HOURLY;BYYEARDAY=1', 'FREQ=DAILY;BYYEARDAY=1', M.byYearDayFreq],
    ['BYYEARDAY not with WEEKLY', 'FREQ=YEARLY;BYYEARDAY=1', 'FREQ=WEEKLY;BYYEARDAY=1', M.byYearDayFreq],
    ['BYYEARDAY not with MONTHLY', 'FREQ=MINUTELY;BYYEARDAY=1', 'FREQ=MONTHLY;BYYEARDAY=1', M.byYearDayFreq],
    ['BYWEEKNO 1..53', 'FREQ=YEARLY;BYWEEKNO=53', 'FREQ=YEARLY;BYWEEKNO=54', M.listItem('BYWEEKNO', '54', 'from 1 to 53 or -53 to -1')],
    ['BYWEEKNO -53..-1', 'FREQ=YEARLY;BYWEEKNO=-53', 'FREQ=YEARLY;BYWEEKNO=0', M.listItem('BYWEEKNO', '0', 'from 1 to 53 or -53 to -1')],
    ['BYWEEKNO only with YEARLY', 'FREQ=YEARLY;BYWEEKNO=20', 'FREQ=MONTHLY;BYWEEKNO=20', M.byWeekNoFreq],
    ['BYMONTH 1..12', 'FREQ=YEARLY;BYMONTH=12', 'FREQ=YEARLY;BYMONTH=13', M.listItem('BYMONTH', '13', 'from 1 to 12')],
    ['BYMONTH not 0', 'FREQ=YEARLY;BYMONTH=1', 'FREQ=YEARLY;BYMONTH=0', M.listItem('BYMONTH', '0', 'from 1 to 12')],
    ['BYSETPOS 1..366', 'FREQ=YEARLY;BYDAY=MO;BYSETPOS=366', 'FREQ=YEARLY;BYDAY=MO;BYSETPOS=367', M.listItem('BYSETPOS', '367', 'from 1 to 366 or -366 to -1')],
    ['BYSETPOS not 0', 'FREQ=YEARLY;BYDAY=MO;BYSETPOS=-366', 'FREQ=YEARLY;BYDAY=MO;BYSETPOS=0', M.listItem('BYSETPOS', '0', 'from 1 to 366 or -366 to -1')],
    ['BYSETPOS only with another BYxxx', 'FREQ=MONTHLY;BYHOUR=9;BYSETPOS=1', 'FREQ=MONTHLY;BYSETPOS=1', M.bySetPosAlone],
    ['UNTIL in UTC (a DATE is refused)', 'FREQ=DAILY;UNTIL=20261231T000000Z', 'FREQ=DAILY;UNTIL=20261231', M.until('20261231')],
    ['UNTIL in UTC (floating is refused)', 'FREQ=DAILY;UNTIL=20261231T235959Z', 'FREQ=DAILY;UNTIL=20261231T235959', M.until('20261231T235959')],
    ['UNTIL must be a real date', 'FREQ=DAILY;UNTIL=20240229T000000Z', 'FREQ=DAILY;UNTIL=20260229T000000Z', M.until('20260229T000000Z')],
    ['WKST a weekday', 'FREQ=WEEKLY;WKST=SU', 'FREQ=WEEKLY;WKST=XX', M.wkst('XX')],
    ['lists not empty', 'FREQ=DAILY;BYHOUR=1', 'FREQ=DAILY;BYHOUR=', M.emptyList('BYHOUR')],
    ['list items not empty', 'FREQ=DAILY;BYHOUR=1,2', 'FREQ=DAILY;BYHOUR=1,,2', M.listItem('BYHOUR', '', 'from 0 to 23')],
  ];
  it.each(cases)('%s', (_rule, passing, failing, message) => {
    expect(parseRecurrenceRule(passing).ok).toBe(true);
    expect(error(failing)).toBe(message);
  });

  it('the error names the part and the rule', () => {
    expect(error('FREQ=MONTHLY;BYWEEKNO=1')).toBe('BYWEEKNO is only allowed with FREQ=YEARLY');
  });
});

describe('parseRecurrenceRule: properties', () => {
  it('never throws, on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (s) => {
        const r = parseRecurrenceRule(s);
        expect(typeof r.ok).toBe('boolean');
      }),
    );
  });

  it('BYHOUR accepts exactly 0..23 and BYMONTHDAY exactly ±1..31', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), (n) => {
        expect(parseRecurrenceRule(`FREQ=DAILY;BYHOUR=${n}`).ok).toBe(n >= 0 && n <= 23);
        expect(parseRecurrenceRule(`FREQ=MONTHLY;BYMONTHDAY=${n}`).ok).toBe(n !== 0 && Math.abs(n) <= 31);
        expect(parseRecurrenceRule(`FREQ=YEARLY;BYYEARDAY=${n}`).ok).toBe(n !== 0 && Math.abs(n) <= 366);
        expect(parseRecurrenceRule(`FREQ=YEARLY;BYDAY=MO;BYSETPOS=${n}`).ok).toBe(n !== 0 && Math.abs(n) <= 366);
      }),
    );
  });

  it('the order of parts does not matter', () => {
    const parts = ['FREQ=MONTHLY', 'INTERVAL=2', 'BYDAY=MO,TU', 'BYSETPOS=-1', 'COUNT=4', 'WKST=SU'];
    const reference = okRule(parts.join(';'));
    fc.assert(
      fc.property(fc.shuffledSubarray(parts, { minLength: parts.length, maxLength: parts.length }), (shuffled) => {
        expect(okRule(shuffled.join(';'))).toEqual(reference);
      }),
    );
  });
});

describe('parseRecurrenceRule: ASCII only, checked before case folding', () => {
  it.each([
    ['dotless i (toUpperCase gives I)', 'FREQ=DA\u0131LY'],
    ['long s (toUpperCase gives S)', 'FREQ=DAILY;BYDAY=\u017fU'],
    ['both, as reported', 'FREQ=DA\u0131LY;BYDAY=\u017fU'],
    ['Kelvin sign U+212A (lower-cases to k)', 'FREQ=WEEKLY;W\u212AST=MO'],
    ['fullwidth letters', 'FREQ=\uff24\uff21\uff29\uff2c\uff39'],
    ['a fullwidth digit', 'FREQ=DAILY;COUNT=\uff13'],
    ['an emoji', 'FREQ=DAILY;COUNT=3\u{1f4b8}'],
    ['a lone high surrogate', 'FREQ=DAILY\ud800'],
    ['a lone low surrogate', '\udc00FREQ=DAILY'],
    ['a non-ASCII prefix', 'RRULE\uff1aFREQ=DAILY'],
    ['a control character', 'FREQ=DAILY;COUNT=3\u0000'],
    ['DEL', 'FREQ=DAILY\u007f'],
  ])('refuses %s', (_name, input) => {
    expect(parseRecurrenceRule(input)).toEqual({ ok: false, error: M.notAscii });
  });

  it('the message names the rule and says ASCII', () => {
    expect(M.notAscii).toMatch(/^RRULE must be ASCII/);
  });

  it('any string with a character outside U+0020..U+007E is refused with notAscii', () => {
    const outside = fc.oneof(
      fc.integer({ min: 0, max: 0x1f }),
      fc.integer({ min: 0x7f, max: 0xffff }),
    ).map((c) => String.fromCharCode(c));
    fc.assert(
      fc.property(fc.constantFrom('FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=MO', 'RRULE:FREQ=YEARLY'), fc.nat(), outside, (rule, at, ch) => {
        const i = at % (rule.length + 1);
        expect(parseRecurrenceRule(rule.slice(0, i) + ch + rule.slice(i))).toEqual({ ok: false, error: M.notAscii });
      }),
    );
  });

  it('printable ASCII still parses, in any case', () => {
    expect(okRule('rrule:freq=daily;byday=su').byDay).toEqual([{ weekday: 'SU' }]);
  });
});
