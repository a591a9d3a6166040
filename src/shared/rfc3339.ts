import { formatInstant } from './format-instant.js';
import { type Result, err, ok } from './result.js';
import type { WallTime } from './wall-time.js';

// RFC 3339 section 5.6 `date-time`, with the "T" and "Z" case-insensitive as the RFC allows.
// A time offset is required: a local time without one names no instant. The pattern checks
// the shape only (no captures); the digits sit at fixed places and are read by `readDateTime`.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:[Zz]|[+-]\d{2}:\d{2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** True when `year` is a Gregorian leap year. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in `month` (1-12) of `year`, Gregorian. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** Message used when a string is not an RFC 3339 date-time. */
export const DATE_TIME_MESSAGE =
  'must be an RFC 3339 date-time with a time offset, e.g. 2026-04-01T09:00:00Z';

/**
 * The fields of a date-time that `readDateTime` found well-formed: the wall time as written
 * (`second` may be 60), the fraction with its dot, and the offset in minutes east of UTC.
 */
export type DateTimeFields = WallTime & { fraction: string; offsetMinutes: number };

/** The value of the `width` ASCII digits of `text` at `at` (known to be digits). */
function digitsAt(text: string, at: number, width: number): number {
  let value = 0;
  for (let i = at; i < at + width; i += 1) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}

/**
 * Reads an RFC 3339 `date-time` into its fields, or gives the message of the first rule it
 * breaks: the shape, then impossible dates and times (Feb 30, hour 24, minute 60, second 61,
 * offset hour 24). Whether a `:60` falls at 23:59 UTC is asked of {@link isLeapSecondMinute}
 * by its callers. No `Date` is built: this is the check every request body runs.
 *
 * @example
 * readDateTime('2026-04-01T09:00:00-04:00') // { year: 2026, month: 4, ..., offsetMinutes: -240 }
 * readDateTime('2026-02-30T00:00:00Z')      // 'day 30 does not exist in 2026-02'
 */
export function readDateTime(text: string): DateTimeFields | string {
  if (!DATE_TIME.test(text)) return DATE_TIME_MESSAGE;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  if (month < 1 || month > 12) return `month ${text.slice(5, 7)} does not exist`;
  if (day < 1 || day > daysInMonth(year, month)) return `day ${text.slice(8, 10)} does not exist in ${text.slice(0, 7)}`;
  if (hour > 23) return `hour ${text.slice(11, 13)} does not exist`;
  if (minute > 59) return `minute ${text.slice(14, 16)} does not exist`;
  if (second > 60) return `second ${text.slice(17, 19)} does not exist`;
  const last = text.charCodeAt(text.length - 1);
  const zulu = last === 90 || last === 122; // Z or z
  const zoneStart = zulu ? text.length - 1 : text.length - 6;
  let offsetMinutes = 0;
  if (!zulu) {
    const offsetHours = digitsAt(text, zoneStart + 1, 2);
    const offsetRest = digitsAt(text, zoneStart + 4, 2);
    if (offsetHours > 23 || offsetRest > 59) return `time offset ${text.slice(zoneStart)} does not exist`;
    offsetMinutes = (text.charCodeAt(zoneStart) === 45 ? -1 : 1) * (offsetHours * 60 + offsetRest);
  }
  return { year, month, day, hour, minute, second, fraction: text.slice(19, zoneStart), offsetMinutes };
}

/** Message for a leap second (`:60`) that does not fall in the last minute of a UTC day. */
export const LEAP_SECOND_MESSAGE = 'a leap second (:60) can only fall at 23:59:60 UTC';

const MINUTES_PER_DAY = 1440;

/**
 * True when the minute of `fields` is 23:59 UTC, the only minute a leap second (`:60`) can
 * end (RFC 3339 5.7): the wall minute less the offset, on a 24-hour clock.
 *
 * @example
 * isLeapSecondMinute(readDateTime('2017-01-01T08:59:60+09:00')) // true
 */
export function isLeapSecondMinute(fields: DateTimeFields): boolean {
  const utcMinute = (fields.hour * 60 + fields.minute - fields.offsetMinutes) % MINUTES_PER_DAY;
  return (utcMinute + MINUTES_PER_DAY) % MINUTES_PER_DAY === MINUTES_PER_DAY - 1;
}

/**
 * Parses an RFC 3339 `date-time` (with `Z` or a `+hh:mm` offset) into a `Date`.
 * Impossible dates and times (Feb 30, hour 24, minute 60) are refused; a leap second
 * (`:60`) is accepted only at 23:59 UTC and read as the next second, as `Date` cannot hold it.
 * Fractions beyond milliseconds are truncated toward the past. Independent of the process TZ.
 *
 * @example
 * parseDateTime('2026-04-01T09:00:00-04:00') // { ok: true, value: 2026-04-01T13:00:00.000Z }
 * parseDateTime('2026-02-30T00:00:00Z')      // { ok: false, error: '...' }
 */
export function parseDateTime(text: string): Result<Date, string> {
  const fields = readDateTime(text);
  if (typeof fields === 'string') return err(fields);
  const { year, month, day, hour, minute, second, fraction, offsetMinutes } = fields;
  const millis = fraction === '' ? 0 : Math.floor(Number(`0${fraction}`) * 1000);
  const utc = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59), millis);
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear undoes that.
  const date = new Date(utc);
  date.setUTCFullYear(year, month - 1, day);
  let time = date.getTime() - offsetMinutes * 60_000;
  if (second === 60) {
    if (!isLeapSecondMinute(fields)) return err(LEAP_SECOND_MESSAGE);
    time += 1000;
  }
  return ok(new Date(time));
}

/** True when `text` is a valid RFC 3339 date-time (see {@link parseDateTime}). */
export function isDateTime(text: string): boolean {
  return parseDateTime(text).ok;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * Formats an instant as RFC 3339 in UTC: `YYYY-MM-DDTHH:mm:ssZ`, with `.sss` only when
 * the milliseconds are not zero. Independent of the process TZ.
 *
 * @example
 * formatDateTime(new Date(Date.UTC(2026, 3, 1, 13))) // '2026-04-01T13:00:00Z'
 */
export function formatDateTime(date: Date): string {
  return formatInstant(date.getTime()) ?? formatFields(date);
}

/**
 * {@link formatDateTime} of an instant given in ms since the epoch, without a Date when its
 * year has four digits.
 *
 * @example
 * formatEpochMs(Date.UTC(2026, 3, 1, 13)) // '2026-04-01T13:00:00Z'
 */
export function formatEpochMs(ms: number): string {
  return formatInstant(ms) ?? formatFields(new Date(ms));
}

/** The UTC fields of `date` as Date gives them: beyond years 0000-9999, and for an invalid Date. */
function formatFields(date: Date): string {
  const ms = date.getUTCMilliseconds();
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}` +
    (ms === 0 ? '' : `.${pad(ms, 3)}`) +
    'Z'
  );
}
