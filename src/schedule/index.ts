/**
 * `payments-kit/schedule`: RRULE parsing and RFC 5545 validation, bounded and
 * time-zone-safe occurrence expansion, a schedule's merged timeline, run-transfer rules,
 * and sweep funds-availability times.
 *
 * @packageDocumentation
 */
export { parseRecurrenceRule } from './rrule/parse.js';
export type { RecurrenceRule, Frequency, Weekday, WeekdayNum } from './rrule/types.js';
export { FREQUENCIES, WEEKDAYS, MAX_COUNT, MAX_INTERVAL, MAX_RULE_LENGTH } from './rrule/types.js';
export { RecurrenceError, RECURRENCE_MESSAGES, type RecurrenceErrorCode } from './rrule/errors.js';
export { RRULE_MESSAGES } from './rrule/messages.js';
export {
  expandRecurrence,
  tryExpandRecurrence,
  expandRule,
  MAX_OCCURRENCES,
  type ExpandOptions,
  type RecurInput,
  type GeneratedOccurrence,
} from './expand.js';
export { MAX_IDLE_WORK, MAX_SPARSE_PAIRS, MAX_SPARSE_JUMPS } from './rrule/engine.js';
export {
  scheduleOccurrences,
  tryScheduleOccurrences,
  ScheduleError,
  SCHEDULE_MESSAGES,
  type ScheduleErrorCode,
  type OccurrenceWindow,
  type SchedulePlan,
} from './occurrences.js';
export {
  validateRunTransfer,
  runTransferCurrencyMessage,
  runTransferTotalMessage,
  noMinorUnitMessage,
  LINE_ITEM_TOTAL_FIELD_MESSAGE,
  LINE_ITEMS_TOTAL_FAILED_MESSAGE,
} from './run-transfer.js';
export {
  SWEEP_PAYMENT_METHODS,
  SWEEP_TIME_ZONE,
  UNKNOWN_SWEEP_METHOD_MESSAGE,
  INVALID_INITIATED_AT_MESSAGE,
  isSweepPaymentMethod,
  fundsAvailableBy,
  type SweepPaymentMethod,
  type SweepAvailability,
  type SweepRail,
} from './sweep.js';
export { wallTimeOf, instantOf, isTimeZone, type WallTime } from './zone.js';
