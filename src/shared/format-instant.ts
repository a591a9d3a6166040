// RFC 3339 text of an instant by integer arithmetic, because a Date, six getters and six padStarts
// per occurrence were a fifth of an expansion's time and most of its garbage: no Date object, no padStart,
// the date part of the last day formatted kept for the next instant of the same day (a rule's
// occurrences come in ascending order, many on one day for sub-daily rules) and the clock part
// of the last time of day likewise (a daily rule's occurrences share it).

import { civilDate } from './civil-date.js';

const MS_PER_DAY = 86_400_000;
/** Day numbers (days since 1970-01-01) of 0000-01-01 and 9999-12-31: the years of 4 digits. */
const FIRST_DAY = -719_528;
const LAST_DAY = 2_932_896;
/** The largest offset RFC 3339 can write: 23:59, in minutes. */
const MAX_OFFSET_MINUTES = 23 * 60 + 59;

/** "00" to "99". */
const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : `${n}`));

const two = (n: number): string => TWO_DIGITS[n] ?? '';

let lastDay = Number.NaN;
let lastDate = '';
let lastClockKey = Number.NaN;
let lastClock = '';

/** `YYYY-MM-DD` of day number `days` (civil from days, proleptic Gregorian; years 0000-9999). */
function datePart(days: number): string {
  if (days === lastDay) return lastDate;
  const { year, month, day } = civilDate(days);
  lastDay = days;
  lastDate = `${two(Math.floor(year / 100))}${two(year % 100)}-${two(month)}-${two(day)}`;
  return lastDate;
}

/** `.sss` of a millisecond 1-999 ('' for 0). */
const millisecondPart = (ms: number): string => (ms === 0 ? '' : ms < 10 ? `.00${ms}` : ms < 100 ? `.0${ms}` : `.${ms}`);

/** `Z`, or `+hh:mm` / `-hh:mm` of an offset in minutes east of UTC. */
function offsetPart(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'Z';
  const size = Math.abs(offsetMinutes);
  return `${offsetMinutes < 0 ? '-' : '+'}${two(Math.floor(size / 60))}:${two(size % 60)}`;
}

/** `Thh:mm:ss[.sss]` and the offset, for a time of day in ms and an offset in minutes. */
function clockPart(msOfDay: number, offsetMinutes: number): string {
  const key = msOfDay * 4096 + offsetMinutes + 2048; // one number per (time of day, offset)
  if (key === lastClockKey) return lastClock;
  const seconds = Math.floor(msOfDay / 1000);
  lastClockKey = key;
  lastClock =
    `T${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}` +
    `${millisecondPart(msOfDay - seconds * 1000)}${offsetPart(offsetMinutes)}`;
  return lastClock;
}

/**
 * The RFC 3339 date-time of the instant `ms` (since the epoch) written at `offsetMinutes`
 * east of UTC: `YYYY-MM-DDThh:mm:ss`, `.sss` only when the milliseconds are not zero, then
 * `Z` for offset 0 or `+hh:mm` / `-hh:mm`. For UTC it is `Date.prototype.toISOString` less a
 * `.000`. Independent of the process TZ. `undefined` when there is no such text: `ms` not a
 * whole number, an offset that is not whole minutes up to 23:59 either way, or a wall time
 * outside years 0000 to 9999.
 *
 * @example
 * formatInstant(Date.UTC(2026, 3, 1, 13))          // '2026-04-01T13:00:00Z'
 * formatInstant(Date.UTC(2026, 3, 1, 13), -240)    // '2026-04-01T09:00:00-04:00'
 * formatInstant(Date.UTC(2026, 3, 1, 13, 0, 0, 5)) // '2026-04-01T13:00:00.005Z'
 * formatInstant(Date.UTC(10000, 0, 1))             // undefined
 */
export function formatInstant(ms: number, offsetMinutes = 0): string | undefined {
  if (!Number.isInteger(ms) || !Number.isInteger(offsetMinutes) || Math.abs(offsetMinutes) > MAX_OFFSET_MINUTES) return undefined;
  const local = ms + offsetMinutes * 60_000;
  const days = Math.floor(local / MS_PER_DAY);
  if (days < FIRST_DAY || days > LAST_DAY) return undefined;
  return datePart(days) + clockPart(local - days * MS_PER_DAY, offsetMinutes);
}
