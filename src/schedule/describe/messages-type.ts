import type { CivilDate } from '../../rrule/calendar.js';
import type { SkipMode, Weekday } from '../../rrule/types.js';
import type { DescriptionModel, TimeClause, WeekdayClause, ZonedMoment } from './model.js';
import type { ShownList } from './positions.js';
import type { ZoneWording } from './zone-wording.js';

/**
 * One language's messages for `describeRecurrence`: the names and words it needs and one
 * template per clause of a {@link DescriptionModel}. Templates get the clause and the whole
 * model (for agreement with FREQ, e.g. "Every month on the last day" without "of the month").
 * The clauses are put in one order by `sentenceOf`; `head` clauses are joined by spaces and
 * `tail` clauses follow after commas.
 */
export type DescribeMessages = {
  /** The BCP 47 language these messages are written in. */
  readonly language: string;
  readonly weekdayNames: Readonly<Record<Weekday, string>>;
  /** January first. */
  readonly monthNames: readonly [string, string, string, string, string, string, string, string, string, string, string, string];
  readonly every: (model: DescriptionModel) => string;
  readonly months: (months: readonly number[], model: DescriptionModel) => string;
  readonly dateOfYear: (date: { readonly month: number; readonly day: number }, model: DescriptionModel) => string;
  readonly weekNumbers: (weeks: ShownList, model: DescriptionModel) => string;
  /** Said before the weeks when every day of them runs (BYWEEKNO with no day part). */
  readonly everyDayOfWeeks: string;
  readonly yearDays: (days: ShownList, model: DescriptionModel) => string;
  readonly monthDays: (days: ShownList, model: DescriptionModel) => string;
  readonly weekdays: (clause: WeekdayClause, model: DescriptionModel) => string;
  readonly time: (clause: TimeClause, zone: ZoneWording | undefined, model: DescriptionModel) => string;
  readonly startingAt: (moment: ZonedMoment, model: DescriptionModel) => string;
  readonly setPositions: (positions: ShownList, model: DescriptionModel) => string;
  readonly count: (count: number) => string;
  readonly until: (moment: ZonedMoment) => string;
  readonly weekStart: (weekday: Weekday) => string;
  readonly rscale: string;
  readonly skip: Readonly<Record<SkipMode, string>>;
  /** A calendar date written out ("December 24, 1997"). */
  readonly date: (date: CivilDate) => string;
};
