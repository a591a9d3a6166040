import { describe, expect, it } from 'vitest';
import { runUnderTimeZone } from './process-tz.js';
import { RRULE_MESSAGES } from '../../src/rrule/messages.js';
import { WEEKDAYS } from '../../src/rrule/types.js';
import { DESCRIBE_MESSAGE_TABLES } from '../../src/schedule/describe/locales.js';
import {
  DESCRIBE_LOCALES,
  DESCRIBE_MESSAGES,
  RECURRENCE_MESSAGES,
  type RecurrenceErrorCode,
  describeRecurrence,
  resolveDescribeLocale,
} from '../../src/schedule/index.js';

function errorOf(run: () => unknown): { code: RecurrenceErrorCode; message: string } {
  try {
    run();
  } catch (e) {
    return e as { code: RecurrenceErrorCode; message: string };
  }
  throw new Error('expected a RecurrenceError');
}

describe('describeRecurrence locales', () => {
  it.each([
    [undefined, 'en'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['es', 'es'],
    ['ES', 'es'],
    ['es-419', 'es'],
    ['fr-CA', 'fr'],
    ['de-CH', 'de'],
    ['de-u-co-phonebk', 'de'],
    ['ja', 'en'],
    ['pt-BR', 'en'],
    ['toString', 'en'],
    ['und', 'en'],
  ] as const)('%s reads as %s', (locale, language) => {
    expect(resolveDescribeLocale(locale)).toBe(language);
  });

  it.each([[''], ['not a tag'], ['__proto__'], ['e'], ['x'.repeat(65)], [42], [null], [{}]])('refuses %j with invalid-option', (locale) => {
    const e = errorOf(() => describeRecurrence('FREQ=DAILY', { locale: locale as string }));
    expect(e.code).toBe('invalid-option');
    expect(e.message).toBe(DESCRIBE_MESSAGES.locale(locale));
  });

  it('reads null options as none', () => {
    expect(describeRecurrence('FREQ=DAILY', null as unknown as undefined)).toBe('Every day');
  });

  it('falls back to English for a language it does not write, not to the process locale', () => {
    expect(describeRecurrence('FREQ=DAILY;COUNT=2', { locale: 'ja-JP' })).toBe('Every day, 2 times');
  });

  it.each(DESCRIBE_LOCALES)('%s weekday and month names agree with Intl (Node ICU, CLDR)', (locale) => {
    const table = DESCRIBE_MESSAGE_TABLES[locale];
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    // 2024-01-01 was a Monday.
    expect(WEEKDAYS.map((d) => table.weekdayNames[d])).toEqual(WEEKDAYS.map((_, i) => weekday.format(Date.UTC(2024, 0, 1 + i))));
    expect([...table.monthNames]).toEqual(Array.from({ length: 12 }, (_, i) => month.format(Date.UTC(2024, i, 1))));
    expect(table.language).toBe(locale);
  });
});

describe('describeRecurrence errors', () => {
  it('an invalid rule throws the parser message as invalid-rule', () => {
    const e = errorOf(() => describeRecurrence('FREQ=MONTHLY;BYWEEKNO=1'));
    expect(e.code).toBe('invalid-rule');
    expect(e.message).toBe(RRULE_MESSAGES.byWeekNoFreq);
    expect(errorOf(() => describeRecurrence({ recurrenceRule: '' })).message).toBe(RRULE_MESSAGES.empty);
  });

  it.each([[undefined], [null], [42], [{}], [{ recurrenceRule: 7 }]])('input %j is refused as invalid-rule', (input) => {
    const e = errorOf(() => describeRecurrence(input as unknown as string));
    expect(e.code).toBe('invalid-rule');
    expect(e.message).toBe(DESCRIBE_MESSAGES.notRule);
  });

  it('an unknown zone is invalid-time-zone', () => {
    const e = errorOf(() => describeRecurrence('FREQ=DAILY', { timeZone: 'Mars/Olympus' }));
    expect(e.code).toBe('invalid-time-zone');
    expect(e.message).toBe(RECURRENCE_MESSAGES.invalidTimeZone('Mars/Olympus'));
    expect(errorOf(() => describeRecurrence('FREQ=DAILY', { timeZone: '+05:00' })).code).toBe('invalid-time-zone');
  });

  it.each([
    ['not a date', 'invalid-start'],
    ['2026-01-01T09:00:00.500Z', 'invalid-start'],
    [new Date(Number.NaN), 'invalid-start'],
    [new Date(Date.UTC(10000, 0, 1)), 'invalid-start'],
    [new Date('0000-12-31T23:59:59Z'), 'invalid-start'],
  ] as const)('start %s is refused as %s, as expandRecurrence refuses it', (start, code) => {
    expect(errorOf(() => describeRecurrence({ recurrenceRule: 'FREQ=DAILY', start })).code).toBe(code);
  });

  it('takes the first and last seconds of years 0001 and 9999', () => {
    expect(describeRecurrence({ recurrenceRule: 'FREQ=YEARLY', start: '0001-01-01T00:00:00Z' })).toBe('Every year on January 1 at 00:00 UTC');
    expect(describeRecurrence({ recurrenceRule: 'FREQ=YEARLY', start: '9999-12-31T23:59:59Z' })).toBe('Every year on December 31 at 23:59:59 UTC');
  });
});

describe('describeRecurrence bounds and the process time zone', () => {
  it('takes COUNT and INTERVAL at their largest and refuses one more', () => {
    expect(describeRecurrence('FREQ=DAILY;COUNT=100000;INTERVAL=1000000000')).toBe('Every 1000000000 days, 100000 times');
    expect(errorOf(() => describeRecurrence('FREQ=DAILY;COUNT=100001')).code).toBe('invalid-rule');
    expect(errorOf(() => describeRecurrence('FREQ=DAILY;INTERVAL=1000000001')).code).toBe('invalid-rule');
    expect(errorOf(() => describeRecurrence(`FREQ=DAILY;BYHOUR=${'1,'.repeat(1030)}1`)).code).toBe('invalid-rule');
  });

  it('says the same whatever the process TZ', () => {
    const script = `
      import { describeRecurrence } from './src/schedule/index.ts';
      const cases = [
        [{ recurrenceRule: 'FREQ=DAILY;UNTIL=20260308T070000Z', start: '2026-03-01T14:00:00Z' }, { timeZone: 'America/New_York' }],
        [{ recurrenceRule: 'FREQ=YEARLY', start: '2028-02-29T23:30:00Z' }, { locale: 'fr' }],
        ['FREQ=WEEKLY;BYDAY=MO;UNTIL=20261231T235959Z', { locale: 'de' }],
      ];
      process.stdout.write(JSON.stringify(cases.map(([input, options]) => describeRecurrence(input, options))));`;
    const expected = [
      'Every day at 09:00 New York time, until March 8, 2026 at 03:00 New York time',
      'Chaque année le 29 février à 23:30 UTC',
      'Jede Woche montags, bis zum 31. Dezember 2026 um 23:59:59 Uhr UTC',
    ];
    for (const tz of ['Pacific/Kiritimati', 'America/St_Johns']) expect(JSON.parse(runUnderTimeZone(script, tz))).toEqual(expected);
  });
});
