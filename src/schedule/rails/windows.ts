import { civilDate, weekdayOf } from '../../rrule/calendar.js';
import { instantOfLocalMsShifted, localMsOf } from '../../rrule/zone.js';
import { checkYear, formatDay, holidayDaysOf } from '../business-days/fed-holidays.js';
import type { RailCalendar, RailName } from './calendars.js';
import { RAIL_MESSAGES as M } from './messages.js';
import { type ResolvedRail, type ResolvedWindow, resolveRail } from './resolve-rail.js';

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;
/** How far the search for an operating day goes (plus one day per listed closing). */
const SEARCH_DAYS = 400;

/** A submission window of one operating day, as instants. */
export type RailWindow = {
  /** The calendar's `name`, e.g. `'Same Day ACH'`. */
  readonly rail: string;
  /** The window's `name`, e.g. `'second same-day window'`. */
  readonly window: string;
  /** The operating day (`YYYY-MM-DD`, in the rail's zone) the window belongs to. */
  readonly operatingDay: string;
  /** When submissions for this window are first accepted. */
  readonly opens: Date;
  /** The deadline: a submission must arrive before this instant. */
  readonly closes: Date;
  /** When the window's submissions settle, or `'on-receipt'` for a real-time rail. */
  readonly settles: Date | 'on-receipt';
};

/**
 * The submission window that takes a payment submitted at `at` on `rail`: the open window
 * whose deadline is still ahead, or else the next one to open. `rail` is a name from
 * `RAIL_CALENDARS` (`'ach-same-day'`, `'ach-next-day'`, `'fedwire'`, `'rtp'`, `'fednow'`) or
 * a host's own {@link RailCalendar}. The window never closes at or before `at`. Clock times
 * are read in the rail's zone; one that a DST change skips is read with the offset before the
 * change, and a repeated one as its first instant. Independent of the process TZ. Throws
 * `TypeError` for an unknown rail and `RangeError` for an invalid `at`, an invalid calendar,
 * a banking-day rail outside the years 1971-9999, or a calendar with no operating day within
 * 400 days.
 *
 * @example
 * nextSubmissionWindow('ach-same-day', new Date('2026-11-25T20:00:00Z')) // Wednesday 15:00 ET, before Thanksgiving
 * // { rail: 'Same Day ACH', window: 'third same-day window', operatingDay: '2026-11-25',
 * //   opens: 2026-11-25T19:45:00Z, closes: 2026-11-25T21:45:00Z, settles: 2026-11-25T23:00:00Z }
 */
export function nextSubmissionWindow(rail: RailName | RailCalendar, at: Date): RailWindow {
  const ms = instantMs(at, 'at');
  const r = resolveRail(rail);
  const today = Math.floor(localMsOf(ms, r.timeZone) / MS_PER_DAY);
  const limit = today + SEARCH_DAYS + r.closings.size;
  for (let day = today - 1; day <= limit; day += 1) {
    if (!isOperatingDay(r, day)) continue;
    for (const [index, w] of r.windows.entries()) {
      const closes = instantAt(r, day, w.closes);
      if (closes > ms) return windowOf(r, day, index, w, closes);
    }
  }
  throw new RangeError(M.noOperatingDay(SEARCH_DAYS + r.closings.size));
}

/**
 * When a payment submitted on `rail` at `submittedAt` settles: the settlement time of the
 * window that takes it ({@link nextSubmissionWindow}), or, on a real-time rail, the moment
 * it is received (`submittedAt` itself while the rail is open; the opening instant when it is
 * closed, e.g. a Fedwire payment sent on a Saturday settles when Monday's business day opens
 * on Sunday at 21:00 ET). Never before `submittedAt`. Throws as `nextSubmissionWindow`.
 *
 * @example
 * settlementTime('ach-same-day', new Date('2026-11-25T16:00:00Z')) // 2026-11-25T22:00:00.000Z (17:00 ET)
 * settlementTime('fedwire', new Date('2026-11-28T15:00:00Z'))      // 2026-11-30T02:00:00.000Z (Sunday 21:00 ET)
 * settlementTime('rtp', new Date('2026-12-25T15:00:00Z'))          // 2026-12-25T15:00:00.000Z
 */
export function settlementTime(rail: RailName | RailCalendar, submittedAt: Date): Date {
  const ms = instantMs(submittedAt, 'submittedAt');
  const window = nextSubmissionWindow(rail, submittedAt);
  if (window.settles !== 'on-receipt') return window.settles;
  return new Date(Math.max(ms, window.opens.getTime()));
}

function instantMs(value: unknown, name: string): number {
  if (!(value instanceof Date) || !Number.isFinite(value.getTime())) throw new RangeError(M.invalidInstant(name));
  return value.getTime();
}

/** True when the rail operates on day number `day` (in its zone). */
function isOperatingDay(r: ResolvedRail, day: number): boolean {
  if (!r.weekdays.has(weekdayOf(day)) || r.closings.has(day)) return false;
  if (!r.closedOnFedHolidays) return true;
  const { year } = civilDate(day);
  checkYear(year);
  return !holidayDaysOf(year).has(day);
}

/** The instant of `minutes` past the local midnight of `day` in the rail's zone. */
function instantAt(r: ResolvedRail, day: number, minutes: number): number {
  const local = day * MS_PER_DAY + minutes * MS_PER_MINUTE;
  const instant = instantOfLocalMsShifted(local, r.timeZone);
  if (instant === undefined) throw new RangeError(M.invalidInstant('at'));
  return instant;
}

function windowOf(r: ResolvedRail, day: number, index: number, w: ResolvedWindow, closes: number): RailWindow {
  return {
    rail: r.name,
    window: w.name,
    operatingDay: formatDay(day),
    opens: new Date(opensAt(r, day, index, w)),
    closes: new Date(closes),
    settles: w.settles === 'on-receipt' ? 'on-receipt' : new Date(instantAt(r, day, w.settles)),
  };
}

/** When window `index` of `day` opens: its own `opens`, or when the window before it closes (the previous operating day's last, for the first). */
function opensAt(r: ResolvedRail, day: number, index: number, w: ResolvedWindow): number {
  if (w.opens !== undefined) return instantAt(r, day, w.opens);
  const before = r.windows[index - 1];
  if (before !== undefined) return instantAt(r, day, before.closes);
  const last = r.windows[r.windows.length - 1] as ResolvedWindow;
  for (let d = day - 1; d >= day - SEARCH_DAYS - r.closings.size; d -= 1) {
    if (isOperatingDay(r, d)) return instantAt(r, d, last.closes);
  }
  throw new RangeError(M.noOperatingDay(SEARCH_DAYS + r.closings.size));
}
