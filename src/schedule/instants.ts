import { RECURRENCE_MESSAGES as M, RecurrenceError } from '../rrule/errors.js';
import { type ExpandOptions as RuleExpandOptions, ruleInstants, toInstant } from '../rrule/expand.js';
import { parseRecurrenceRule } from '../rrule/parse.js';
import { ruleObjectProblem } from '../rrule/check-rule.js';
import type { RecurrenceRule } from '../rrule/types.js';

/**
 * The part of a recurrence {@link recurrenceInstants} reads: the RRULE, as text or as a rule
 * object (the one `parseRecurrenceRule` returns: parse once, expand many times; an object is
 * checked as the parser checks text), and DTSTART. A spec 2.5 `Recur` fits.
 */
export type InstantsRecur = {
  readonly recurrenceRule: string | RecurrenceRule;
  /** DTSTART: an RFC 3339 date-time (or a Date). Required. */
  readonly start?: string | Date | undefined;
};

/**
 * The window of {@link recurrenceInstants}: `from` (inclusive), `to` (exclusive), `limit`,
 * `timeZone` and `nonexistentLocalTime`, as for `expandRecurrence` (no
 * `businessDayAdjustment`: the instants are the rule's own).
 */
export type InstantsWindow = RuleExpandOptions;

/**
 * The instants (ms since the epoch, UTC) of `recur`, ascending, as a lazy iterator: each is
 * computed when it is pulled, so "the next run after now" costs one step however long the
 * window, and a stream pays as it goes. The instants are exactly `expandRecurrence`'s
 * `runOn`s with the same window, and so are the bounds: the input is checked by this call (the
 * same {@link RecurrenceError}s), a rule with neither COUNT nor UNTIL needs a `to` or a
 * `limit`, and pulling past 100,000 instants (or a sub-daily rule too sparse to search)
 * throws the `too-many` (`too-sparse`) error at that point. Independent of the process TZ.
 *
 * @example
 * const next = recurrenceInstants(
 *   { recurrenceRule: 'FREQ=DAILY', start: '2026-01-05T14:00:00Z' }, // 09:00 EST
 *   { from: '2026-11-26T15:00:00Z', to: '9999-12-31T00:00:00Z', timeZone: 'America/New_York' },
 * ).next().value
 * // Date.UTC(2026, 10, 27, 14): 09:00 EST on the next day
 */
export function recurrenceInstants(recur: InstantsRecur, window: InstantsWindow = {}): IterableIterator<number> {
  if (typeof recur !== 'object' || recur === null) throw new RecurrenceError('invalid-rule', M.notRecur);
  const rule = ruleOf(recur.recurrenceRule);
  if (recur.start === undefined) throw new RecurrenceError('missing-start', M.missingStart);
  const start = new Date(toInstant(recur.start, 'start'));
  const adjustment = (window as { readonly businessDayAdjustment?: unknown }).businessDayAdjustment;
  if (adjustment !== undefined && adjustment !== 'none') throw new RecurrenceError('invalid-option', M.adjustmentNotLazy);
  return ruleInstants(rule, start, window);
}

function ruleOf(text: string | RecurrenceRule): RecurrenceRule {
  if (typeof text !== 'string') {
    const problem = ruleObjectProblem(text);
    if (problem !== undefined) throw new RecurrenceError('invalid-rule', problem);
    return text;
  }
  const parsed = parseRecurrenceRule(text);
  if (!parsed.ok) throw new RecurrenceError('invalid-rule', parsed.error);
  return parsed.value;
}
