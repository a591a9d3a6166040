import { RECURRENCE_MESSAGES, RecurrenceError } from '../../rrule/errors.js';
import { boundError, resolveTimeZone, toInstant } from '../../rrule/expand.js';
import { parseRecurrenceRule } from '../../rrule/parse.js';
import { type WallTime, wallTimeOf } from '../../rrule/zone.js';
import { describeModelOf } from './build-model.js';
import { DESCRIBE_MESSAGE_TABLES } from './locales.js';
import { DESCRIBE_MESSAGES as M } from './messages.js';
import type { ZonedMoment } from './model.js';
import { resolveDescribeLocale } from './resolve-locale.js';
import { sentenceOf } from './sentence.js';
import { zoneWordingOf } from './zone-wording.js';

/** What `describeRecurrence` describes: an RRULE, or a recurrence (spec 2.5 Recur) with its DTSTART. */
export type DescribeInput = string | { readonly recurrenceRule: string; readonly start?: string | Date | undefined };

/** Options of {@link describeRecurrence}. */
export type DescribeOptions = {
  /** A BCP 47 tag; its language picks the messages (`en`, `es`, `fr`, `de`), English otherwise. Default `'en'`. */
  readonly locale?: string | undefined;
  /** The IANA zone the rule follows (as `expandRecurrence`'s `timeZone`); times and UNTIL are said in it. Default `'UTC'`. */
  readonly timeZone?: string | undefined;
};

/** Years RFC 3339 can write, as `expandRecurrence` accepts them for DTSTART. */
const FIRST_INSTANT_MS = -62_135_596_800_000;
const LAST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

function startWall(start: string | Date, timeZone: string): WallTime {
  const ms = toInstant(start, 'start');
  if (ms % 1000 !== 0) throw new RecurrenceError('invalid-start', RECURRENCE_MESSAGES.startMilliseconds);
  if (ms < FIRST_INSTANT_MS || ms > LAST_INSTANT_MS) throw boundError('start', 'must lie between years 0001 and 9999');
  return wallTimeOf(new Date(ms), timeZone);
}

/**
 * The rule (or recurrence) in words, in `locale`'s language: its frequency and interval,
 * every BY part, BYSETPOS, COUNT, UNTIL, WKST, RSCALE and SKIP, and, when the recurrence has
 * a `start`, the days and time of day it takes from DTSTART, with the zone. A long list is
 * said as a count ("on 12 days of the month") rather than listed, so the sentence stays short;
 * nothing is said that the rule does not mean. Unknown languages fall back to English (see
 * {@link resolveDescribeLocale}). Independent of the process TZ and locale. Throws
 * `RecurrenceError` for an invalid rule, start, time zone or locale.
 *
 * @example
 * describeRecurrence(
 *   { recurrenceRule: 'FREQ=MONTHLY;BYMONTHDAY=-1', start: '2026-01-31T14:00:00Z' },
 *   { timeZone: 'America/New_York' },
 * ) // 'Every month on the last day at 09:00 New York time'
 * describeRecurrence('FREQ=WEEKLY;BYDAY=MO,FR;COUNT=10', { locale: 'de' }) // 'Jede Woche montags und freitags, 10-mal'
 */
export function describeRecurrence(recurOrRule: DescribeInput, options: DescribeOptions = {}): string {
  const text = typeof recurOrRule === 'string' ? recurOrRule : (recurOrRule as { recurrenceRule?: unknown } | null)?.recurrenceRule;
  if (typeof text !== 'string') throw new RecurrenceError('invalid-rule', M.notRule);
  const parsed = parseRecurrenceRule(text);
  if (!parsed.ok) throw new RecurrenceError('invalid-rule', parsed.error);
  // `?? {}`: a JavaScript caller's null options read as none.
  const { locale, timeZone: zoneOption } = options ?? {};
  const messages = DESCRIBE_MESSAGE_TABLES[resolveDescribeLocale(locale)];
  const zoneGiven = zoneOption !== undefined;
  const timeZone = resolveTimeZone(zoneOption ?? 'UTC');
  const start = typeof recurOrRule === 'string' || recurOrRule.start === undefined ? undefined : startWall(recurOrRule.start, timeZone);
  const zone = zoneWordingOf(timeZone);
  const untilWall = parsed.value.until === undefined ? undefined : wallTimeOf(parsed.value.until, timeZone);
  const until: ZonedMoment | undefined = untilWall === undefined ? undefined : { date: untilWall, time: untilWall, zone };
  const model = describeModelOf({
    rule: parsed.value,
    ...(start === undefined ? {} : { start }),
    ...(start === undefined && !zoneGiven ? {} : { zone }),
    ...(until === undefined ? {} : { until }),
  });
  return sentenceOf(model, messages);
}
