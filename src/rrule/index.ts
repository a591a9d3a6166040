/**
 * The RRULE module: RFC 5545 / RFC 7529 parsing and validation, the expansion engine and the
 * IANA wall-clock arithmetic it runs on. It imports only `src/shared`; `src/schemas` imports
 * its parser and `src/schedule` builds on it, so no two modules import each other.
 * Published through `payments-kit/schedule`, which re-exports every public name.
 *
 * @packageDocumentation
 */
export { parseRecurrenceRule } from './parse.js';
export type { RecurrenceRule, Frequency, Weekday, WeekdayNum } from './types.js';
export { FREQUENCIES, WEEKDAYS, SKIP_MODES, MAX_COUNT, MAX_INTERVAL, MAX_RULE_LENGTH, type SkipMode } from './types.js';
export { RecurrenceError, isRecurrenceError, RECURRENCE_MESSAGES, type RecurrenceErrorCode } from './errors.js';
export { RRULE_MESSAGES } from './messages.js';
export {
  expandRule,
  resolveTimeZone,
  resolveWindow,
  resolveNonexistentLocalTime,
  MAX_OCCURRENCES,
  NONEXISTENT_LOCAL_TIMES,
  type ExpandOptions,
  type ResolvedWindow,
  type NonexistentLocalTime,
} from './expand.js';
export { MAX_IDLE_WORK, MAX_SPARSE_PAIRS, MAX_SPARSE_JUMPS } from './engine.js';
export { wallTimeOf, instantOf, isTimeZone, type WallTime } from './zone.js';
