import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRecurrenceError } from '../../src/rrule/errors.js';
import { parseRecurrenceRule } from '../../src/rrule/parse.js';
import { BY_RANGES } from '../../src/rrule/parse-values.js';
import { FREQUENCIES, MAX_RULE_LENGTH, SKIP_MODES, WEEKDAYS } from '../../src/rrule/types.js';
import { DESCRIBE_LOCALES, describeRecurrence } from '../../src/schedule/index.js';
import { binaryText } from '../limits/code-points.js';

// Any rule the parser accepts gets a non-empty, bounded sentence in every language, with or
// without a start and a zone, and never throws; anything else throws a RecurrenceError.

/** The longest sentence allowed: lists are said as counts past six items, so no rule comes near. */
const MAX_SENTENCE = 1500;

const signed = (range: { min: number; max: number }) => fc.integer(range).filter((n) => n !== 0 || range.min >= 0);
const list = (name: keyof typeof BY_RANGES, maxLength: number) =>
  fc.array(signed(BY_RANGES[name]), { minLength: 1, maxLength }).map((values) => `${name}=${values.join(',')}`);
const byDay = fc
  .array(
    fc.tuple(fc.option(fc.integer({ min: -53, max: 53 }).filter((n) => n !== 0), { nil: undefined }), fc.constantFrom(...WEEKDAYS)),
    { minLength: 1, maxLength: 60 },
  )
  .map((items) => `BYDAY=${items.map(([n, d]) => `${n ?? ''}${d}`).join(',')}`);
const untilArb = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => `UNTIL=${d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);

/** Rule texts built from every part, most of them valid (the invalid ones test the refusal). */
const ruleText = fc
  .record(
    {
      freq: fc.constantFrom(...FREQUENCIES).map((f) => `FREQ=${f}`),
      interval: fc.integer({ min: 1, max: 1_000_000_000 }).map((n) => `INTERVAL=${n}`),
      end: fc.oneof(fc.integer({ min: 1, max: 100_000 }).map((n) => `COUNT=${n}`), untilArb),
      bySecond: list('BYSECOND', 70),
      byMinute: list('BYMINUTE', 70),
      byHour: list('BYHOUR', 30),
      byDay,
      byMonthDay: list('BYMONTHDAY', 70),
      byYearDay: list('BYYEARDAY', 70),
      byWeekNo: list('BYWEEKNO', 60),
      byMonth: list('BYMONTH', 15),
      bySetPos: list('BYSETPOS', 70),
      wkst: fc.constantFrom(...WEEKDAYS).map((d) => `WKST=${d}`),
      rscale: fc.constantFrom('RSCALE=GREGORIAN', 'RSCALE=GREGORIAN;SKIP=OMIT', ...SKIP_MODES.map((s) => `RSCALE=GREGORIAN;SKIP=${s}`)),
    },
    { requiredKeys: ['freq'] },
  )
  .chain((parts) => fc.shuffledSubarray(Object.values(parts), { minLength: Object.values(parts).length }))
  .map((parts) => parts.join(';'))
  .filter((text) => text.length <= MAX_RULE_LENGTH);

/**
 * A rule text the parser accepts: parts are dropped from the end (never FREQ) until the
 * RFC's combination rules hold, so the accepted rules still mix every part.
 */
const validRuleText = ruleText.map((text) => {
  const parts = text.split(';');
  while (!parseRecurrenceRule(parts.join(';')).ok) {
    const last = parts.at(-1)?.startsWith('FREQ=') ? parts.length - 2 : parts.length - 1;
    parts.splice(last, 1);
  }
  return parts.join(';');
});

const ZONES = ['UTC', 'America/New_York', 'Asia/Kathmandu', 'Pacific/Chatham', 'Etc/GMT+12', 'Australia/Lord_Howe', 'Europe/Dublin'];
const startArb = fc.option(
  fc.integer({ min: Date.UTC(1, 0, 2) / 1000, max: Date.UTC(9999, 11, 30) / 1000 }).map((s) => new Date(s * 1000)),
  { nil: undefined },
);
const zoneArb = fc.option(fc.constantFrom(...ZONES), { nil: undefined });

function checkSentence(sentence: string): void {
  expect(typeof sentence).toBe('string');
  expect(sentence.length).toBeGreaterThan(0);
  expect(sentence.length).toBeLessThanOrEqual(MAX_SENTENCE);
  expect(sentence).not.toMatch(/undefined|NaN|null|\[object|  |^ | $/);
}

describe('describeRecurrence properties', () => {
  it('every rule the parser accepts has a short sentence in every language, from any start in any zone', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(validRuleText, ruleText), startArb, zoneArb, (text, start, timeZone) => {
        const parsed = parseRecurrenceRule(text);
        if (!parsed.ok) {
          expect(() => describeRecurrence(text)).toThrow(parsed.error);
          return;
        }
        accepted++;
        for (const locale of DESCRIBE_LOCALES) {
          const input = start === undefined ? text : { recurrenceRule: text, start };
          checkSentence(describeRecurrence(input, { locale, ...(timeZone === undefined ? {} : { timeZone }) }));
        }
      }),
      { numRuns: 400 },
    );
    expect(accepted).toBeGreaterThan(150);
  });

  it('huge lists stay short: every BY list at its longest', () => {
    const all = (name: keyof typeof BY_RANGES): string => {
      const { min, max } = BY_RANGES[name];
      const values = Array.from({ length: max - min + 1 }, (_, i) => min + i).filter((n) => n !== 0 || min >= 0);
      return `${name}=${values.join(',')}`;
    };
    const rules = [
      `FREQ=YEARLY;${all('BYMONTHDAY')};${all('BYMONTH')}`,
      `FREQ=YEARLY;${all('BYYEARDAY').slice(0, 1900)}`.replace(/,[^,]*$/, ''),
      `FREQ=YEARLY;${all('BYWEEKNO')};WKST=SU`,
      `FREQ=SECONDLY;${all('BYSECOND')};${all('BYMINUTE')};${all('BYHOUR')}`,
      `FREQ=MONTHLY;BYDAY=${WEEKDAYS.flatMap((d) => [1, 2, 3, 4, 5, -1, -2, -3, -4, -5].map((n) => `${n}${d}`)).join(',')};BYSETPOS=1,3,5,7,9,11,13,15`,
      `FREQ=DAILY;${all('BYHOUR')};${all('BYMINUTE')};${all('BYSECOND')}`,
    ];
    for (const rule of rules) {
      expect(parseRecurrenceRule(rule).ok, rule).toBe(true);
      for (const locale of DESCRIBE_LOCALES) checkSentence(describeRecurrence({ recurrenceRule: rule, start: '2026-01-05T09:00:00Z' }, { locale }));
    }
  });

  it('never throws anything but a RecurrenceError, whatever the input', () => {
    const anything = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      binaryText({ maxLength: 40 }),
      ruleText,
      fc.constantFrom('__proto__', 'constructor', 'FREQ=DAILY;__proto__=1', '\uD800', 'FREQ=DAILY;COUNT=-0', 'FREQ=DA\u0131LY', '😀'),
    );
    const options = fc.record(
      { locale: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('en', 'es-419', '__proto__', 'toString', 'de-u-co-phonebk')), timeZone: fc.constantFrom(...ZONES, 'Mars/Olympus', '') },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(anything, options, (text, opts) => {
        try {
          checkSentence(describeRecurrence(text, opts));
        } catch (e) {
          expect(isRecurrenceError(e), String(e)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
