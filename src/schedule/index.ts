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
  SKIP_MODES,
  type SkipMode,
  MAX_COUNT,
  MAX_INTERVAL,
  MAX_RULE_LENGTH,
  RecurrenceError,
  isRecurrenceError,
  RECURRENCE_MESSAGES,
  type RecurrenceErrorCode,
  RRULE_MESSAGES,
  expandRule,
  MAX_OCCURRENCES,
  NONEXISTENT_LOCAL_TIMES,
  type NonexistentLocalTime,
  MAX_IDLE_WORK,
  MAX_SPARSE_PAIRS,
  MAX_SPARSE_JUMPS,
  wallTimeOf,
  instantOf,
  isTimeZone,
  type WallTime,
} from '../rrule/index.js';
export { expandRecurrence, tryExpandRecurrence, type ExpandOptions, type RecurInput, type GeneratedOccurrence } from './expand.js';
export {
  scheduleOccurrences,
  tryScheduleOccurrences,
  ScheduleError,
  isScheduleError,
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
/** Rules in words (`./describe/`, a module of its own so the message tables are shaken out of other imports). */
export {
  describeRecurrence,
  resolveDescribeLocale,
  DESCRIBE_LOCALES,
  DESCRIBE_MESSAGES,
  type DescribeInput,
  type DescribeOptions,
  type DescribeLocale,
} from './describe/index.js';
/**
 * The shapes of spec 2.5 that this module's functions take and return (`validateRunTransfer`
 * checks a `RunTransfer`, `scheduleOccurrences` lays out a `Schedule`'s `Occurrence`s), the
 * same types as in `payments-kit/schemas`.
 */
export type {
  Schedule,
  Occurrence,
  OccurrenceError,
  OccurrenceStatus,
  Mode,
  Recur,
  RunTransfer,
  TransferEndpoint,
  AchDetails,
  CardDetails,
  ScheduleLineItems,
  ScheduleLineItem,
  ScheduleLineItemOption,
} from '../schemas/index.js';
/** Types owned by other modules that this module's functions take or return. */
export type { AmountDecimal } from '../amount/index.js';
export type { Result } from '../shared/result.js';
/** The options of `expandRule` (those of `expandRecurrence` are {@link ExpandOptions}). */
export type { ExpandOptions as ExpandRuleOptions } from '../rrule/index.js';
export {
  SWEEP_PAYMENT_METHODS,
  SWEEP_TIME_ZONE,
  UNKNOWN_SWEEP_METHOD_MESSAGE,
  INVALID_INITIATED_AT_MESSAGE,
  INVALID_SWEEP_DAYS_MESSAGE,
  isSweepPaymentMethod,
  fundsAvailableBy,
  type SweepPaymentMethod,
  type SweepAvailability,
  type SweepRail,
  type SweepDays,
  type FundsAvailableOptions,
} from './sweep.js';
export {
  fedHolidays,
  FED_HOLIDAY_RULES,
  FED_CALENDAR_FIRST_YEAR,
  FED_CALENDAR_LAST_YEAR,
  type FedHoliday,
  isBusinessDay,
  addBusinessDays,
  nextBusinessDay,
  previousBusinessDay,
  adjustToBusinessDay,
  BUSINESS_DAY_ADJUSTMENTS,
  MAX_BUSINESS_DAY_STEPS,
  type BusinessDayAdjustment,
  BUSINESS_DAY_MESSAGES,
} from './business-days/index.js';
