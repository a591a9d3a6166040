import * as v from 'valibot';
import { DateTimeSchema } from './date-time.js';
import { MODES } from './enums.js';
import { jsonArray, jsonObject } from './json-object.js';
import { SCHEDULE_PLAN_MESSAGE } from './messages.js';
import { OccurrenceSchema } from './occurrence.js';
import { oneOf } from './picklist.js';
import { RecurSchema } from './recur.js';
import { TextSchema } from './text.js';

const ScheduleFieldsSchema = jsonObject({
  scheduleID: TextSchema,
  createdOn: DateTimeSchema,
  updatedOn: DateTimeSchema,
  mode: oneOf(MODES),
  ownerAccountID: TextSchema,
  partnerAccountID: TextSchema,
  sourceAccountID: TextSchema,
  destinationAccountID: TextSchema,
  description: v.optional(TextSchema),
  disabledOn: v.optional(DateTimeSchema),
  occurrences: v.optional(jsonArray(OccurrenceSchema)),
  recur: v.optional(RecurSchema),
});

/**
 * Schedule (spec 2.5, the get-a-schedule response). A schedule needs at least one
 * occurrence or a recur; that failure is reported on `occurrences`.
 */
export const ScheduleSchema = v.pipe(
  ScheduleFieldsSchema,
  v.forward(
    v.partialCheck(
      [['occurrences'], ['recur']],
      (s) => (s.occurrences !== undefined && s.occurrences.length > 0) || s.recur !== undefined,
      SCHEDULE_PLAN_MESSAGE,
    ),
    ['occurrences'],
  ),
);

/** The explicit type of what {@link ScheduleSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { Schedule } from './shapes/schedule.js';
