import { LEAP_SECOND_MESSAGE, isLeapSecondMinute, readDateTime } from './rfc3339.js';
import { type Result, err, ok } from './result.js';

/** Message for a leap second whose next second would be past year 9999 (it has no 4-digit form). */
export const LEAP_SECOND_PAST_9999_MESSAGE = 'a leap second at the end of year 9999 has no date-time after it';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * The canonical form of an RFC 3339 date-time: `T` and `Z` uppercase (RFC 3339 5.6 allows
 * them lowercase; applications that generate the format SHOULD use uppercase), and a leap
 * second (`:60`, accepted by `parseDateTime` at 23:59:60 UTC only) written as the second
 * after it, `00:00:00` of the next day in the same offset, the instant `parseDateTime`
 * already reads it as. Offset and fraction digits stay as sent. An invalid string gives
 * `parseDateTime`'s message.
 *
 * @example
 * canonicalDateTime('2026-01-01t00:00:00z')        // { ok: true, value: '2026-01-01T00:00:00Z' }
 * canonicalDateTime('2016-12-31T23:59:60.5Z')      // { ok: true, value: '2017-01-01T00:00:00.5Z' }
 * canonicalDateTime('2017-01-01T08:59:60+09:00')   // { ok: true, value: '2017-01-01T09:00:00+09:00' }
 */
export function canonicalDateTime(text: string): Result<string, string> {
  const fields = readDateTime(text);
  if (typeof fields === 'string') return err(fields);
  const lowercase = text.charCodeAt(10) === 116 || text.charCodeAt(text.length - 1) === 122; // t, z
  const upper = lowercase ? `${text.slice(0, 10)}T${text.slice(11, -1)}${text.endsWith('z') ? 'Z' : text.slice(-1)}` : text;
  if (fields.second !== 60) return ok(upper);
  if (!isLeapSecondMinute(fields)) return err(LEAP_SECOND_MESSAGE);
  // The instant a leap second is read as, on the sender's wall clock: the next minute's :00.
  const next = new Date(0);
  next.setUTCFullYear(fields.year, fields.month - 1, fields.day);
  next.setUTCHours(fields.hour, fields.minute + 1, 0, 0);
  if (next.getUTCFullYear() > 9999) return err(LEAP_SECOND_PAST_9999_MESSAGE);
  const zone = upper.slice(19 + fields.fraction.length);
  return ok(
    `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}` +
      `T${pad(next.getUTCHours())}:${pad(next.getUTCMinutes())}:00${fields.fraction}${zone}`,
  );
}
