import type { CivilDate } from '../../rrule/calendar.js';
import type { Frequency, RecurrenceRule, SkipMode, Weekday } from '../../rrule/types.js';
import type { WallTime } from '../../rrule/zone.js';
import type { ShownList } from './positions.js';
import type { ZoneWording } from './zone-wording.js';

/** A time of day (hour 0-23, minute 0-59, second 0-60 as a rule may write it). */
export type TimeOfDay = { readonly hour: number; readonly minute: number; readonly second: number };

/** The numbered BYDAY entries of one weekday (`1MO,-1MO` is Monday at positions 1 and -1). */
export type NumberedWeekday = { readonly weekday: Weekday; readonly positions: ShownList };

/**
 * The BYDAY part as said: plain weekdays, numbered ones grouped by weekday, what a number
 * counts in (`'month'` or `'year'`), and whether the part only limits days another part
 * chose (with BYMONTHDAY or BYYEARDAY: "if it is a Friday").
 */
export type WeekdayClause = {
  readonly plain: readonly Weekday[];
  readonly numbered: readonly NumberedWeekday[];
  readonly scope: 'month' | 'year';
  readonly limiting: boolean;
};

/**
 * The time of day: exact times when every part is known and there are few, else each known
 * part (BYHOUR, BYMINUTE, BYSECOND or DTSTART's value) on its own.
 */
export type TimeClause =
  | { readonly kind: 'times'; readonly times: readonly TimeOfDay[]; readonly withSeconds: boolean }
  | { readonly kind: 'parts'; readonly hours?: ShownList; readonly minutes?: ShownList; readonly seconds?: ShownList };

/** A point in time as said: its wall-clock date and time and the zone they are read in. */
export type ZonedMoment = { readonly date: CivilDate; readonly time: TimeOfDay; readonly zone: ZoneWording };

/**
 * Everything a sentence says about a rule, in no language: each field is one clause, absent
 * when the rule (and start) say nothing about it. Built by `describeModelOf`, rendered by a
 * locale's messages.
 */
export type DescriptionModel = {
  readonly freq: Frequency;
  readonly interval: number;
  readonly months?: readonly number[];
  /** A single date of the year (one month and one positive day of the month, nothing else). */
  readonly dateOfYear?: { readonly month: number; readonly day: number };
  readonly weekNumbers?: ShownList;
  /** BYWEEKNO with no day part: every day of those weeks runs (said as "on every day in ..."). */
  readonly wholeWeeks?: boolean;
  readonly yearDays?: ShownList;
  readonly monthDays?: ShownList;
  readonly weekdays?: WeekdayClause;
  readonly time?: TimeClause;
  /** The zone the time clause is read in (absent when neither a start nor a zone was given). */
  readonly timeZone?: ZoneWording;
  /** Sub-daily rules with a start: where the steps start. */
  readonly startingAt?: ZonedMoment;
  readonly setPositions?: ShownList;
  readonly count?: number;
  readonly until?: ZonedMoment;
  /** WKST when it is not the default Monday. */
  readonly weekStart?: Weekday;
  readonly rscale?: 'GREGORIAN';
  readonly skip?: SkipMode;
};

/** What `describeModelOf` reads: the parsed rule, DTSTART's wall time, and the zone. */
export type ModelInput = {
  readonly rule: RecurrenceRule;
  /** DTSTART read in `zone` (absent for a bare rule). */
  readonly start?: WallTime;
  /** The zone's wording when a start or a zone was given. */
  readonly zone?: ZoneWording;
  /** UNTIL read in the zone (UTC when none was given). */
  readonly until?: ZonedMoment;
};
