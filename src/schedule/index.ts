/**
 * `payments-kit/schedule`: RRULE parsing and RFC 5545 validation, bounded and
 * time-zone-safe occurrence expansion, a schedule's merged timeline, run-transfer rules,
 * and sweep funds-availability times.
 *
 * @packageDocumentation
 */
export {
  parseRecurrenceRule,
  type RecurrenceRule,
  type Frequency,
  type Weekday,
  type WeekdayNum,
  FREQUENCIES,
  WEEKDAYS,
  MAX_COUNT,
  MAX_INTERVAL,
  MAX_RULE_LENGTH,
  RecurrenceError,
  RECURRENCE_MESSAGES,
  type RecurrenceErrorCode,
  RRULE_MESSAGES,
  expandRule,
  MAX_OCCURRENCES,
  type ExpandOptions,
  MAX_IDLE_WORK,
  MAX_SPARSE_PAIRS,
  MAX_SPARSE_JUMPS,
  wallTimeOf,
  instantOf,
  isTimeZone,
  type WallTime,
} from '../rrule/index.js';
export { expandRecurrence, tryExpandRecurrence, type RecurInput, type GeneratedOccurrence } from './expand.js';
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
