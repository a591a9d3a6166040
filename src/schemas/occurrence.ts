import * as v from 'valibot';
import { DateTimeSchema } from './date-time.js';
import { MODES, OCCURRENCE_STATUSES } from './enums.js';
import { jsonObject } from './json-object.js';
import { BOOLEAN_MESSAGE } from './messages.js';
import { oneOf } from './picklist.js';
import { RunTransferSchema } from './run-transfer.js';
import { TextSchema } from './text.js';

/** The `error` of a failed occurrence (spec 2.5, 7.3): an object with a `message` string. */
export const OccurrenceErrorSchema = jsonObject({ message: TextSchema });

/** Occurrence (spec 2.5): no field is marked required. */
export const OccurrenceSchema = jsonObject({
  scheduleID: v.optional(TextSchema),
  occurrenceID: v.optional(TextSchema),
  mode: v.optional(oneOf(MODES)),
  generated: v.optional(v.boolean(BOOLEAN_MESSAGE)),
  indefinite: v.optional(v.boolean(BOOLEAN_MESSAGE)),
  runOn: v.optional(DateTimeSchema),
  ranOn: v.optional(DateTimeSchema),
  canceledOn: v.optional(DateTimeSchema),
  ranTransferID: v.optional(TextSchema),
  runTransfer: v.optional(RunTransferSchema),
  status: v.optional(oneOf(OCCURRENCE_STATUSES)),
  error: v.optional(OccurrenceErrorSchema),
});

/** The explicit type of what {@link OccurrenceSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { Occurrence } from './shapes/schedule.js';
