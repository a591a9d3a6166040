import * as v from 'valibot';
import { DateTimeSchema } from './date-time.js';
import { jsonObject } from './json-object.js';
import { BOOLEAN_MESSAGE } from './messages.js';
import { RunTransferSchema } from './run-transfer.js';
import { TextSchema } from './text.js';

/**
 * Recur (spec 2.5). `recurrenceRule` is checked here only as a string; its RFC 5545
 * syntax is `parseRecurrenceRule` of payments-kit/schedule.
 */
export const RecurSchema = jsonObject({
  recurrenceRule: TextSchema,
  runTransfer: RunTransferSchema,
  indefinite: v.optional(v.boolean(BOOLEAN_MESSAGE)),
  start: v.optional(DateTimeSchema),
});

/** A recurrence, as validated by {@link RecurSchema}. */
export type Recur = v.InferOutput<typeof RecurSchema>;
