// The schedule shapes (spec 2.5 Schedule, Occurrence, Recur); test/types/schema-types.ts
// holds each equal to what its valibot schema outputs.
import type { Mode, OccurrenceStatus } from '../enums.js';
import type { RunTransfer } from './run-transfer.js';

/** Why an occurrence failed (spec 2.5, 7.3), as `OccurrenceErrorSchema` outputs it. */
export interface OccurrenceError {
  message: string;
}

/** One run of a schedule (spec 2.5 Occurrence), as `OccurrenceSchema` outputs it: no field is required. */
export interface Occurrence {
  scheduleID?: string | undefined;
  occurrenceID?: string | undefined;
  mode?: Mode | undefined;
  /** True when a recurrence rule generated it. */
  generated?: boolean | undefined;
  /** True when the rule set runs indefinitely. */
  indefinite?: boolean | undefined;
  /** An RFC 3339 date-time, in canonical form. */
  runOn?: string | undefined;
  /** An RFC 3339 date-time, in canonical form. */
  ranOn?: string | undefined;
  /** An RFC 3339 date-time, in canonical form. */
  canceledOn?: string | undefined;
  ranTransferID?: string | undefined;
  runTransfer?: RunTransfer | undefined;
  status?: OccurrenceStatus | undefined;
  error?: OccurrenceError | undefined;
}

/** The recurring transfer of a schedule (spec 2.5 Recur), as `RecurSchema` outputs it. */
export interface Recur {
  /** An RRULE (RFC 5545 section 3.3.10), such as `'FREQ=MONTHLY;BYMONTHDAY=1'`. */
  recurrenceRule: string;
  runTransfer: RunTransfer;
  /** True when the rule set runs indefinitely. */
  indefinite?: boolean | undefined;
  /** DTSTART: an RFC 3339 date-time, in canonical form. */
  start?: string | undefined;
}

/**
 * A schedule (spec 2.5, the get-a-schedule response), as `ScheduleSchema` outputs it: at
 * least one occurrence or a recur. Date-times are RFC 3339 strings in canonical form.
 */
export interface Schedule {
  scheduleID: string;
  createdOn: string;
  updatedOn: string;
  mode: Mode;
  ownerAccountID: string;
  partnerAccountID: string;
  sourceAccountID: string;
  destinationAccountID: string;
  /** Placed on the transfer. */
  description?: string | undefined;
  disabledOn?: string | undefined;
  occurrences?: Occurrence[] | undefined;
  recur?: Recur | undefined;
}
