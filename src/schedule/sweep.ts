import { daysInMonth } from '../shared/rfc3339.js';
import { type WallTime, instantOf, wallTimeOf } from '../rrule/zone.js';

/** The time zone of the sweep availability times in spec 2.10 ("ET"). */
export const SWEEP_TIME_ZONE = 'America/New_York';

/** A payment rail an instant sweep may travel on. */
export type SweepRail = 'RTP' | 'FedNow';

/**
 * How the funds of one sweep push payment method arrive (spec 2.10):
 * - `same-day`: by `hour`:00 New York time on the New York calendar day the sweep is
 *   initiated (the next day's `hour`:00 when initiated at or after that time: a recorded
 *   decision, the spec gives no cut-off);
 * - `next-day`: by `hour`:00 New York time on the New York calendar day after initiation;
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
 * Calendar days only: weekends and bank holidays are not modelled (the spec is silent).
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
 * (spec 2.10), exact to the millisecond and independent of the process time zone:
 * - `ach-credit-same-day`: 18:00 America/New_York on the New York day of `initiatedAt`;
 *   initiated at or after 18:00 ET, 18:00 ET the next New York day;
 * - `ach-credit-standard`: 10:00 America/New_York on the New York day after `initiatedAt`;
 * - `instant-bank-credit`, `rtp-credit`: `initiatedAt` itself (a new `Date`).
 * Days are calendar days (weekends and holidays are not modelled). The result is never
 * before `initiatedAt`. Throws `TypeError` ({@link UNKNOWN_SWEEP_METHOD_MESSAGE}) for an
 * unknown method and `RangeError` ({@link INVALID_INITIATED_AT_MESSAGE}) for an invalid Date;
 * check with {@link isSweepPaymentMethod} first to avoid the throw.
 *
 * @example
 * fundsAvailableBy('ach-credit-same-day', new Date('2026-07-01T14:00:00Z')) // 2026-07-01T22:00:00.000Z (18:00 EDT)
 * fundsAvailableBy('ach-credit-standard', new Date('2026-12-01T14:00:00Z')) // 2026-12-02T15:00:00.000Z (10:00 EST)
 * fundsAvailableBy('rtp-credit', new Date('2026-07-01T14:00:00Z'))          // 2026-07-01T14:00:00.000Z
 */
export function fundsAvailableBy(method: SweepPaymentMethod, initiatedAt: Date): Date {
  if (!isSweepPaymentMethod(method)) throw new TypeError(UNKNOWN_SWEEP_METHOD_MESSAGE);
  if (!(initiatedAt instanceof Date) || !Number.isFinite(initiatedAt.getTime())) {
    throw new RangeError(INVALID_INITIATED_AT_MESSAGE);
  }
  const availability: SweepAvailability = SWEEP_PAYMENT_METHODS[method];
  switch (availability.kind) {
    case 'instant':
      return new Date(initiatedAt.getTime());
    case 'next-day': {
      const today = wallTimeOf(initiatedAt, availability.timeZone);
      return atHour(nextCalendarDay(today), availability.hour, availability.timeZone);
    }
    case 'same-day': {
      const today = wallTimeOf(initiatedAt, availability.timeZone);
      const deadline = atHour(today, availability.hour, availability.timeZone);
      if (initiatedAt.getTime() < deadline.getTime()) return deadline;
      return atHour(nextCalendarDay(today), availability.hour, availability.timeZone);
    }
  }
}

/** The instant at `hour`:00:00 on the calendar day of `day` in `timeZone`. */
function atHour(day: WallTime, hour: number, timeZone: string): Date {
  const wall: WallTime = { year: day.year, month: day.month, day: day.day, hour, minute: 0, second: 0 };
  const instant = instantOf(wall, timeZone);
  // 10:00 and 18:00 never fall in a New York DST gap (changes happen at 02:00); a future
  // table entry whose hour could must decide what a skipped hour means first.
  if (instant === undefined) {
    throw new RangeError(`${hour}:00 does not exist on ${day.year}-${day.month}-${day.day} in ${timeZone}`);
  }
  return instant;
}

/** The calendar day after `day` (proleptic Gregorian; time fields are zeroed). */
function nextCalendarDay(day: WallTime): WallTime {
  const base = { hour: 0, minute: 0, second: 0 };
  if (day.day < daysInMonth(day.year, day.month)) return { year: day.year, month: day.month, day: day.day + 1, ...base };
  if (day.month < 12) return { year: day.year, month: day.month + 1, day: 1, ...base };
  return { year: day.year + 1, month: 1, day: 1, ...base };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
