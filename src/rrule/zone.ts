/**
 * Wall-clock time in IANA time zones without the process time zone: every conversion goes
 * through `Intl.DateTimeFormat` (or plain UTC arithmetic for `UTC`), never through Date's
 * local-time getters or setters.
 */

import type { WallTime } from '../shared/wall-time.js';
import { civilDate, dayNumber } from './calendar.js';

export type { WallTime };

const UTC_NAMES: ReadonlySet<string> = new Set(['UTC', 'Etc/UTC']);
const MS_PER_DAY = 86_400_000;
const MAX_CACHED_FORMATTERS = 512;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    // Throws RangeError for a name Intl does not know, before anything is cached.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    // A bounded cache: distinct spellings of zone names cannot grow memory without limit.
    if (formatters.size >= MAX_CACHED_FORMATTERS) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function isUtc(timeZone: string): boolean {
  return UTC_NAMES.has(timeZone);
}

// The largest distance from the epoch a Date can hold (ECMA-262 21.4.1.1).
const MAX_DATE_MS = 8.64e15;

/** True when a Date can hold `ms` (false for NaN). */
const isInDateRange = (ms: number): boolean => Math.abs(ms) <= MAX_DATE_MS;

const isIntegerIn = (value: number, min: number, max: number): boolean => Number.isInteger(value) && value >= min && value <= max;

/** True when every field is an integer in its usual range (a day up to 31 in any month). */
const hasUsualFields = (w: WallTime): boolean =>
  isIntegerIn(w.year, -300_000, 300_000) &&
  isIntegerIn(w.month, 1, 12) &&
  isIntegerIn(w.day, 1, 31) &&
  isIntegerIn(w.hour, 0, 23) &&
  isIntegerIn(w.minute, 0, 59) &&
  isIntegerIn(w.second, 0, 59);

/** Milliseconds of a wall time's date at midnight, read as if UTC (usual fields only). */
const civilMidnightMs = (w: WallTime): number => dayNumber(w.year, w.month, w.day) * MS_PER_DAY;

/** Milliseconds since midnight of a wall time's clock (usual fields only). */
const clockMs = (w: WallTime): number => w.hour * 3_600_000 + w.minute * 60_000 + w.second * 1000;

/**
 * Milliseconds of a wall time with usual fields read as if UTC, by day-number arithmetic:
 * exact at any year, with no limit at the end of Date's range (offsets are measured with it).
 */
const civilMs = (w: WallTime): number => civilMidnightMs(w) + clockMs(w);

/**
 * Milliseconds since the epoch of `wall` read as if it were UTC (proleptic Gregorian), exactly
 * as Date's UTC setters compute it: out-of-range fields roll over (month 13 is January of the
 * next year), and NaN past what a Date can hold (the date, then the time). Usual fields (every
 * wall time this module builds) are computed without a Date object.
 *
 * @example
 * wallToEpochMs({ year: 1970, month: 1, day: 2, hour: 0, minute: 0, second: 0 }) // 86400000
 */
export function wallToEpochMs(wall: WallTime): number {
  if (hasUsualFields(wall)) {
    const midnight = civilMidnightMs(wall);
    const ms = midnight + clockMs(wall);
    return isInDateRange(midnight) && isInDateRange(ms) ? ms : Number.NaN;
  }
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return date.getTime();
}

/**
 * The wall time that `epochMs` names when read as UTC (milliseconds dropped); every field is
 * NaN when `epochMs` is beyond what a Date can hold. Computed with integer arithmetic
 * (`civilDate`), without a Date.
 *
 * @example
 * epochMsToWall(86_400_000) // { year: 1970, month: 1, day: 2, hour: 0, minute: 0, second: 0 }
 */
export function epochMsToWall(epochMs: number): WallTime {
  if (!isInDateRange(epochMs)) {
    return { year: Number.NaN, month: Number.NaN, day: Number.NaN, hour: Number.NaN, minute: Number.NaN, second: Number.NaN };
  }
  const ms = Math.trunc(epochMs); // as Date's TimeClip: a fraction of a millisecond counts toward zero
  const days = Math.floor(ms / MS_PER_DAY);
  const secondOfDay = Math.floor((ms - days * MS_PER_DAY) / 1000);
  const { year, month, day } = civilDate(days);
  return { year, month, day, hour: Math.floor(secondOfDay / 3600), minute: Math.floor(secondOfDay / 60) % 60, second: secondOfDay % 60 };
}

/**
 * The local wall time of `instant` in the IANA zone `timeZone`, to the second
 * (milliseconds are dropped). Throws `RangeError` for a zone Intl does not know
 * (check with {@link isTimeZone} first).
 *
 * @example
 * wallTimeOf(new Date('2026-07-01T13:00:00Z'), 'America/New_York')
 * // { year: 2026, month: 7, day: 1, hour: 9, minute: 0, second: 0 }
 */
export function wallTimeOf(instant: Date, timeZone: string): WallTime {
  const ms = instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('wallTimeOf: invalid Date');
  if (isUtc(timeZone)) return epochMsToWall(ms);
  const formatter = formatterFor(timeZone);
  // `format` is about 3x cheaper than `formatToParts`; its en-US shape is fixed
  // ("3/8/2026 AD, 04:30:00"), and any other shape falls back to the parts.
  const m = FORMATTED.exec(formatter.format(instant));
  if (m !== null) {
    const year = Number(m[3]);
    return {
      year: m[4] === 'BC' ? 1 - year : year,
      month: Number(m[1]),
      day: Number(m[2]),
      hour: Number(m[5]),
      minute: Number(m[6]),
      second: Number(m[7]),
    };
  }
  return wallFromParts(formatter.formatToParts(instant));
}

const FORMATTED = /^(\d{1,2})\/(\d{1,2})\/(\d{1,6}) (AD|BC), (\d{2}):(\d{2}):(\d{2})$/;

const PART_FIELDS: Readonly<Record<string, keyof WallTime>> = {
  year: 'year',
  month: 'month',
  day: 'day',
  hour: 'hour',
  minute: 'minute',
  second: 'second',
};

function wallFromParts(parts: Intl.DateTimeFormatPart[]): WallTime {
  const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  let bce = false;
  for (const part of parts) {
    const field = PART_FIELDS[part.type];
    if (field !== undefined) wall[field] = Number(part.value);
    else if (part.type === 'era') bce = part.value === 'BC' || part.value === 'B';
  }
  // Intl counts years before 1 CE as "1 BC, 2 BC..."; astronomical numbering is 0, -1...
  if (bce) wall.year = 1 - wall.year;
  return wall;
}

const MS_PER_HOUR = 3_600_000;
const MAX_CACHED_OFFSETS = 20_000;
/** Offsets per zone, per UTC hour (hours since the epoch): number keys, no string built per lookup. */
const hourOffsets = new Map<string, Map<number, number>>();
let cachedOffsetCount = 0;
/** The zone of the last look-up and its memo (the same Map as in `hourOffsets`). */
let lastZone: string | undefined;
let lastZoneOffsets: Map<number, number> | undefined;

function rawOffsetAt(wholeSecondMs: number, timeZone: string): number {
  // Intl's fields are always usual ones; civilMs also measures a local time past Date's end.
  return civilMs(wallTimeOf(new Date(wholeSecondMs), timeZone)) - wholeSecondMs;
}

/**
 * The zone's offset from UTC at `epochMs`, in milliseconds (local minus UTC). Offsets are
 * memoised per UTC hour when the offset at the hour's first and last second agree (no
 * transition inside it); the memo is bounded.
 */
function offsetAt(epochMs: number, timeZone: string): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  const hour = Math.floor(whole / MS_PER_HOUR);
  // Expansion asks about one zone many times in a row: the last zone's memo is at hand.
  let zone = timeZone === lastZone ? lastZoneOffsets : hourOffsets.get(timeZone);
  if (zone !== undefined) {
    lastZone = timeZone;
    lastZoneOffsets = zone;
  }
  const cached = zone?.get(hour);
  if (cached !== undefined) return cached;
  const start = hour * MS_PER_HOUR;
  const lastSecond = start + MS_PER_HOUR - 1000;
  // The hour that starts at the last instant a Date can hold has no last second to compare.
  if (!isInDateRange(lastSecond)) return rawOffsetAt(whole, timeZone);
  const first = rawOffsetAt(start, timeZone);
  const last = rawOffsetAt(lastSecond, timeZone);
  if (first !== last) return rawOffsetAt(whole, timeZone);
  if (cachedOffsetCount >= MAX_CACHED_OFFSETS) {
    hourOffsets.clear();
    cachedOffsetCount = 0;
    zone = undefined;
    lastZone = undefined;
    lastZoneOffsets = undefined;
  }
  if (zone === undefined) hourOffsets.set(timeZone, (zone = new Map()));
  zone.set(hour, first);
  cachedOffsetCount += 1;
  return first;
}

function sameWall(a: WallTime, b: WallTime): boolean {
  return (
    a.year === b.year &&
    a.month === b.month &&
    a.day === b.day &&
    a.hour === b.hour &&
    a.minute === b.minute &&
    a.second === b.second
  );
}

/**
 * The local wall time at `epochMs` in `timeZone`, as whole-second milliseconds read as if UTC
 * (what `wallToEpochMs(wallTimeOf(new Date(epochMs), timeZone))` gives), from the memoised
 * offsets instead of a formatter call. Throws `RangeError` for an unknown zone or an instant
 * beyond what a Date can hold.
 *
 * @example
 * localMsOf(Date.UTC(2026, 6, 1, 13), 'America/New_York') // Date.UTC(2026, 6, 1, 9)
 */
export function localMsOf(epochMs: number, timeZone: string): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  if (isUtc(timeZone)) return whole;
  if (!isInDateRange(whole)) throw new RangeError('localMsOf: invalid Date');
  return whole + offsetAt(whole, timeZone);
}

/**
 * The instant at which the zone's clocks show `wall`. Returns `undefined` when that local
 * time does not exist (skipped by a forward change such as the spring DST gap), or when it or
 * its instant lies beyond what a Date can hold (+-8.64e15 ms), and, when it
 * occurs twice (the repeated hour of a backward change), the EARLIER instant, as RFC 5545
 * section 3.3.5 prescribes. Fields out of range (month 13, day 32) are not normalised:
 * they name no wall time and give `undefined`. Throws `RangeError` for an unknown zone.
 *
 * @example
 * instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 }, 'America/New_York') // undefined
 * instantOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 }, 'America/New_York')
 * // 2026-11-01T05:30:00.000Z (EDT, the first of the two 01:30s)
 */
export function instantOf(wall: WallTime, timeZone: string): Date | undefined {
  const local = wallToEpochMs(wall);
  if (!Number.isFinite(local) || !sameWall(epochMsToWall(local), wall)) return undefined;
  const instant = instantOfLocalMs(local, timeZone);
  return instant === undefined ? undefined : new Date(instant);
}

/**
 * {@link instantOf} for a wall time given as milliseconds read as if UTC (whole seconds), in
 * milliseconds: what expansion calls once per candidate, without building a `WallTime`.
 * `undefined` for a skipped local time or one beyond what a Date can hold.
 *
 * @example
 * instantOfLocalMs(Date.UTC(2026, 10, 1, 1, 30), 'America/New_York') // Date.UTC(2026, 10, 1, 5, 30)
 */
export function instantOfLocalMs(local: number, timeZone: string): number | undefined {
  if (!isInDateRange(local)) return undefined;
  if (isUtc(timeZone)) return local;
  // Offsets a day either side bracket any single transition near this wall time; each
  // candidate is kept only when the zone's offset at it is the one that produced it. Probes
  // past the end of Date's range read the offset at that end.
  const before = local - offsetAt(clampToDateRange(local - MS_PER_DAY), timeZone);
  const after = local - offsetAt(clampToDateRange(local + MS_PER_DAY), timeZone);
  const earlier = Math.min(before, after);
  const later = Math.max(before, after);
  if (shows(earlier, local, timeZone)) return earlier;
  if (shows(later, local, timeZone)) return later;
  // Two transitions within a day of each other (rare historical data): try the offset at
  // the wall time itself.
  const middle = local - offsetAt(local, timeZone);
  return shows(middle, local, timeZone) ? middle : undefined;
}

/**
 * The instant of the local time `local` (ms read as if UTC) in `timeZone`, where a local time
 * that does not exist (a forward change skipped it) is read with the UTC offset in force a day
 * before, as RFC 5545 3.3.5 reads it ("interpreted using the UTC offset before the gap in
 * local times"): 02:30 on the New York spring-forward day is 03:30 EDT. `undefined` only
 * beyond what a Date can hold.
 *
 * @example
 * instantOfLocalMsShifted(Date.UTC(2026, 2, 8, 2, 30), 'America/New_York') // Date.UTC(2026, 2, 8, 7, 30): 03:30 EDT
 */
export function instantOfLocalMsShifted(local: number, timeZone: string): number | undefined {
  const exact = instantOfLocalMs(local, timeZone);
  if (exact !== undefined || !isInDateRange(local)) return exact;
  const shifted = local - offsetAt(clampToDateRange(local - MS_PER_DAY), timeZone);
  return isInDateRange(shifted) ? shifted : undefined;
}

function clampToDateRange(ms: number): number {
  return Math.min(MAX_DATE_MS, Math.max(-MAX_DATE_MS, ms));
}

/** True when the zone's clocks show the wall time `local` at the instant `candidate`. */
function shows(candidate: number, local: number, timeZone: string): boolean {
  return isInDateRange(candidate) && offsetAt(candidate, timeZone) === local - candidate;
}

/**
 * True when `name` is a time zone name Intl knows (an IANA name such as
 * `America/New_York`, or `UTC`). Bare offsets such as `+05:30` are refused: they are not
 * IANA names and have no DST rules.
 *
 * @example
 * isTimeZone('Europe/Paris') // true
 * isTimeZone('Mars/Olympus') // false
 */
export function isTimeZone(name: string): boolean {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) return false;
  if (/^[+\-\u2212\d]/.test(name)) return false;
  if (isUtc(name)) return true;
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}
