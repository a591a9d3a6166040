import { describe, expect, it } from 'vitest';
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
