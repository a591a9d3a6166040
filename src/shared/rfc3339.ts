import { type Result, err, ok } from './result.js';

// RFC 3339 section 5.6 `date-time`, with the "T" and "Z" case-insensitive as the RFC allows.
// A time offset is required: a local time without one names no instant.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

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
  const m = DATE_TIME.exec(text);
  if (m === null) return err(DATE_TIME_MESSAGE);
  const [, ys, mos, ds, hs, mis, ss, frac, z, sign, ohs, oms] = m;
  const year = Number(ys);
  const month = Number(mos);
  const day = Number(ds);
  const hour = Number(hs);
  const minute = Number(mis);
  const second = Number(ss);
  if (month < 1 || month > 12) return err(`month ${mos} does not exist`);
  if (day < 1 || day > daysInMonth(year, month)) return err(`day ${ds} does not exist in ${ys}-${mos}`);
  if (hour > 23) return err(`hour ${hs} does not exist`);
  if (minute > 59) return err(`minute ${mis} does not exist`);
  if (second > 60) return err(`second ${ss} does not exist`);
  let offsetMinutes = 0;
  if (z === undefined) {
    const oh = Number(ohs);
    const om = Number(oms);
    if (oh > 23 || om > 59) return err(`time offset ${sign}${ohs}:${oms} does not exist`);
    offsetMinutes = (sign === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const millis = frac === undefined ? 0 : Math.floor(Number(`0${frac}`) * 1000);
  const utc = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59), millis);
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear undoes that.
  const date = new Date(utc);
  date.setUTCFullYear(year, month - 1, day);
  let time = date.getTime() - offsetMinutes * 60_000;
  if (second === 60) {
    const wall = new Date(time);
    if (wall.getUTCHours() !== 23 || wall.getUTCMinutes() !== 59) {
      return err('a leap second (:60) can only fall at 23:59:60 UTC');
    }
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
  const ms = date.getUTCMilliseconds();
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}` +
    (ms === 0 ? '' : `.${pad(ms, 3)}`) +
    'Z'
  );
}
