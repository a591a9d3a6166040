import * as v from 'valibot';
import { DateTimeSchema } from './date-time.js';
import { jsonObject } from './json-object.js';
import { BOOLEAN_MESSAGE } from './messages.js';
import { RecurrenceRuleSchema } from './recurrence-rule.js';
import { RunTransferSchema } from './run-transfer.js';

/**
 * Recur (spec 2.5). `recurrenceRule` must be an RRULE of RFC 5545 section 3.3.10, checked
 * by `parseRecurrenceRule` (see {@link RecurrenceRuleSchema}); its message is the issue's.
 */
export const RecurSchema = jsonObject({
  recurrenceRule: RecurrenceRuleSchema,
  runTransfer: RunTransferSchema,
  indefinite: v.optional(v.boolean(BOOLEAN_MESSAGE)),
  start: v.optional(DateTimeSchema),
});

/** The explicit type of what {@link RecurSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { Recur } from './shapes/schedule.js';
