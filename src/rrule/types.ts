/** RFC 5545 FREQ values, finest first. */
export const FREQUENCIES = ['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;

/** An RFC 5545 FREQ value. */
export type Frequency = (typeof FREQUENCIES)[number];

/** RFC 5545 weekday codes, Monday first (index 0 = MO ... 6 = SU). */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** An RFC 5545 weekday code. */
export type Weekday = (typeof WEEKDAYS)[number];

/** One BYDAY entry: a weekday, optionally numbered (`1MO` first Monday, `-1FR` last Friday). */
export type WeekdayNum = { readonly weekday: Weekday; readonly ordinal?: number };

/**
 * A parsed and validated RRULE (RFC 5545 section 3.3.10). Lists keep the order written;
 * `interval` defaults to 1 and `wkst` to `MO`. `until` is an instant (UNTIL in UTC).
 */
export type RecurrenceRule = {
  readonly freq: Frequency;
  readonly interval: number;
  readonly count?: number;
  readonly until?: Date;
  readonly bySecond?: readonly number[];
  readonly byMinute?: readonly number[];
  readonly byHour?: readonly number[];
  readonly byDay?: readonly WeekdayNum[];
  readonly byMonthDay?: readonly number[];
  readonly byYearDay?: readonly number[];
  readonly byWeekNo?: readonly number[];
  readonly byMonth?: readonly number[];
  readonly bySetPos?: readonly number[];
  readonly wkst: Weekday;
  /** RFC 7529 RSCALE: only `'GREGORIAN'` (the calendar RFC 5545 rules are written in) is supported. */
  readonly rscale?: 'GREGORIAN';
  /**
   * RFC 7529 SKIP (only with RSCALE): what a day of the month that does not exist in a month
   * becomes: `'OMIT'` (the default: no instance, as RFC 5545), `'BACKWARD'` (the month's last
   * day) or `'FORWARD'` (the next month's first day).
   */
  readonly skip?: SkipMode;
};

/** RFC 7529 SKIP values. */
export const SKIP_MODES = ['OMIT', 'BACKWARD', 'FORWARD'] as const;

/** An RFC 7529 SKIP value. */
export type SkipMode = (typeof SKIP_MODES)[number];

/** The largest COUNT accepted (a rule of docs/schedule.md: COUNT is expanded from DTSTART, so its cost grows with it). */
export const MAX_COUNT = 100_000;

/** The largest INTERVAL accepted (keeps period arithmetic exact). */
export const MAX_INTERVAL = 1_000_000_000;

/** The longest RRULE text accepted, in characters. */
export const MAX_RULE_LENGTH = 2048;
