import { civilDate, dayNumber } from '../rrule/calendar.js';
import { type WallTime, instantOf, wallTimeOf } from '../rrule/zone.js';
import { isBusinessDayNumber } from './business-days/business-days.js';
import { checkYear } from './business-days/fed-holidays.js';
import { deepFreeze } from './deep-freeze.js';
import type { RailCalendar, RailName } from './rails/calendars.js';
import { RAIL_MESSAGES } from './rails/messages.js';
import { settlementTime } from './rails/windows.js';

/** The time zone of the sweep availability times in spec 2.10 ("ET"). */
export const SWEEP_TIME_ZONE = 'America/New_York';

/** A payment rail an instant sweep may travel on. */
export type SweepRail = 'RTP' | 'FedNow';

/**
 * How the funds of one sweep push payment method arrive (spec 2.10):
 * - `same-day`: by `hour`:00 New York time on the New York day the sweep is initiated when
 *   that is a banking day (the next banking day's `hour`:00 when initiated at or after that
 *   time or on a weekend or holiday: a rule of docs/schedule-sweeps.md, the spec gives no cut-off);
 * - `next-day`: by `hour`:00 New York time on the next banking day after initiation;
 * (with `days: 'calendar'` every day counts; see {@link fundsAvailableBy})
 * - `instant`: at once, on one of `rails` (`preferred` marks the spec's preferred method).
 */
export type SweepAvailability =
  | { readonly kind: 'same-day'; readonly hour: number; readonly timeZone: string; readonly note: string }
  | { readonly kind: 'next-day'; readonly hour: number; readonly timeZone: string; readonly note: string }
  | {
      readonly kind: 'instant';
      readonly rails: readonly SweepRail[];
      readonly preferred: boolean;
      readonly note: string;
    };

/**
 * The push payment methods of spec 2.10 and when their funds arrive, as data. Frozen.
 * `same-day` and `next-day` count New York banking days by default (see
 * {@link fundsAvailableBy}); instant rails run every day.
 *
 * @example
 * SWEEP_PAYMENT_METHODS['ach-credit-standard'] // { kind: 'next-day', hour: 10, timeZone: 'America/New_York', ... }
 */
export const SWEEP_PAYMENT_METHODS = deepFreeze({
  'ach-credit-same-day': {
    kind: 'same-day',
    hour: 18,
    timeZone: SWEEP_TIME_ZONE,
    note: 'receive funds by 6 pm ET',
  },
  'ach-credit-standard': {
    kind: 'next-day',
    hour: 10,
    timeZone: SWEEP_TIME_ZONE,
    note: 'receive funds by 10 am ET (next day)',
  },
  'instant-bank-credit': {
    kind: 'instant',
    rails: ['RTP', 'FedNow'],
    preferred: true,
    note: 'instant; supports the RTP and FedNow rails; preferred',
  },
  'rtp-credit': {
    kind: 'instant',
    rails: ['RTP'],
    preferred: false,
    note: 'instant, RTP rail',
  },
} as const satisfies Record<string, SweepAvailability>);

/** A sweep push payment method of spec 2.10, e.g. `'ach-credit-same-day'`. */
export type SweepPaymentMethod = keyof typeof SWEEP_PAYMENT_METHODS;

/** Message of the `TypeError` thrown by {@link fundsAvailableBy} for a method not in the table. */
export const UNKNOWN_SWEEP_METHOD_MESSAGE =
  'unknown sweep payment method; expected one of ach-credit-same-day, ach-credit-standard, instant-bank-credit, rtp-credit';

/** Message of the `RangeError` thrown by {@link fundsAvailableBy} for an invalid `Date`. */
export const INVALID_INITIATED_AT_MESSAGE = 'initiatedAt must be a valid Date';

/** Message of the `RangeError` thrown by {@link fundsAvailableBy} for an unknown `days` option. */
export const INVALID_SWEEP_DAYS_MESSAGE = "options.days must be 'banking' or 'calendar'";

/** Which days settle ACH: New York banking days (the default) or every calendar day (the answer before banking days were modelled). */
export type SweepDays = 'banking' | 'calendar';

/** Options of {@link fundsAvailableBy}. */
export type FundsAvailableOptions = {
  /** `'banking'` (default): ACH funds arrive only on New York banking days; `'calendar'`: on any day. */
  readonly days?: SweepDays | undefined;
  /**
   * A rail calendar (a name from `RAIL_CALENDARS` or a host's own calendar): the funds are
   * available at the rail's {@link settlementTime} for a submission at `initiatedAt`, instead of
   * the spec's "receive funds by" times. Not combined with `days` (the calendar names its days).
   */
  readonly rail?: RailName | RailCalendar | undefined;
};

/**
 * True when `method` is one of the sweep push payment methods of spec 2.10. Own keys only:
 * `'__proto__'` or `'toString'` are not methods.
 *
 * @example
 * isSweepPaymentMethod('rtp-credit') // true
 * isSweepPaymentMethod('wire')       // false
 */
export function isSweepPaymentMethod(method: unknown): method is SweepPaymentMethod {
  return typeof method === 'string' && Object.hasOwn(SWEEP_PAYMENT_METHODS, method);
}

/**
 * The instant by which a sweep pushed with `method` at `initiatedAt` has its funds received
 * (spec 2.10), exact to the millisecond and independent of the process time zone. "The day"
 * is the New York calendar day of `initiatedAt`; with `days: 'banking'` (the default) ACH
 * settles only on New York banking days (Monday to Friday, no Federal Reserve holiday:
 * {@link isBusinessDay}):
 * - `ach-credit-same-day`: 18:00 America/New_York that day when it is a banking day and
 *   `initiatedAt` is before 18:00 ET; otherwise (at or after 18:00 ET, or on a weekend or
 *   holiday) 18:00 ET on the next banking day;
 * - `ach-credit-standard`: 10:00 ET on the next banking day after that day;
 * - `instant-bank-credit`, `rtp-credit`: `initiatedAt` itself (a new `Date`), every day: RTP
 *   and FedNow run around the clock.
 * With `days: 'calendar'` every day counts (a Saturday same-day sweep is due that Saturday).
 * With `rail` (a rail calendar, see `RAIL_CALENDARS`) the answer is that rail's settlement time
 * for a submission at `initiatedAt` ({@link settlementTime}): Same Day ACH windows, Fedwire
 * hours, a host's own calendar; without it the answers above are unchanged.
 * The result is never before `initiatedAt`. Throws `TypeError` ({@link UNKNOWN_SWEEP_METHOD_MESSAGE})
 * for an unknown method and `RangeError` for an invalid Date ({@link INVALID_INITIATED_AT_MESSAGE}),
 * an unknown `days` ({@link INVALID_SWEEP_DAYS_MESSAGE}) or, in banking mode, a New York day
 * outside 1971-9999 (the calendar's range).
 *
 * @example
 * fundsAvailableBy('ach-credit-same-day', new Date('2026-07-01T14:00:00Z')) // 2026-07-01T22:00:00.000Z (Wednesday 18:00 EDT)
 * fundsAvailableBy('ach-credit-same-day', new Date('2026-07-03T23:00:00Z')) // 2026-07-06T22:00:00.000Z (Friday 19:00 EDT: Monday)
 * fundsAvailableBy('ach-credit-standard', new Date('2026-11-25T15:00:00Z')) // 2026-11-27T15:00:00.000Z (Thanksgiving skipped)
 * fundsAvailableBy('ach-credit-standard', new Date('2026-11-25T15:00:00Z'), { days: 'calendar' }) // 2026-11-26T15:00:00.000Z
 * fundsAvailableBy('rtp-credit', new Date('2026-07-04T14:00:00Z'))          // 2026-07-04T14:00:00.000Z
 * fundsAvailableBy('ach-credit-same-day', new Date('2026-07-01T14:00:00Z'), { rail: 'ach-same-day' }) // 2026-07-01T17:00:00.000Z (13:00 EDT)
 */
export function fundsAvailableBy(method: SweepPaymentMethod, initiatedAt: Date, options: FundsAvailableOptions = {}): Date {
  if (!isSweepPaymentMethod(method)) throw new TypeError(UNKNOWN_SWEEP_METHOD_MESSAGE);
  if (!(initiatedAt instanceof Date) || !Number.isFinite(initiatedAt.getTime())) {
    throw new RangeError(INVALID_INITIATED_AT_MESSAGE);
  }
  if (options.rail !== undefined) {
    if (options.days !== undefined) throw new TypeError(RAIL_MESSAGES.railWithDays);
    return settlementTime(options.rail, initiatedAt);
  }
  const days = options.days ?? 'banking';
  if (days !== 'banking' && days !== 'calendar') throw new RangeError(INVALID_SWEEP_DAYS_MESSAGE);
  const availability: SweepAvailability = SWEEP_PAYMENT_METHODS[method];
  if (availability.kind === 'instant') return new Date(initiatedAt.getTime());
  const today = wallTimeOf(initiatedAt, availability.timeZone);
  const todayNumber = dayNumber(today.year, today.month, today.day);
  if (days === 'banking') checkYear(today.year);
  const settles = (z: number): boolean => days === 'calendar' || isBusinessDayNumber(z);
  const nextSettlingDay = (z: number): number => {
    let d = z + 1;
    while (!settles(d)) d += 1; // at most a few days: weekends and holidays never run longer
    return d;
  };
  if (availability.kind === 'same-day' && settles(todayNumber)) {
    const deadline = atHour(todayNumber, availability.hour, availability.timeZone);
    if (initiatedAt.getTime() < deadline.getTime()) return deadline;
  }
  return atHour(nextSettlingDay(todayNumber), availability.hour, availability.timeZone);
}

/** The instant at `hour`:00:00 on day number `z` in `timeZone`. */
function atHour(z: number, hour: number, timeZone: string): Date {
  const { year, month, day } = civilDate(z);
  const wall: WallTime = { year, month, day, hour, minute: 0, second: 0 };
  const instant = instantOf(wall, timeZone);
  // 10:00 and 18:00 never fall in a New York DST gap (changes happen at 02:00); a future
  // table entry whose hour could must decide what a skipped hour means first.
  if (instant === undefined) {
    throw new RangeError(`${hour}:00 does not exist on ${year}-${month}-${day} in ${timeZone}`);
  }
  return instant;
}
