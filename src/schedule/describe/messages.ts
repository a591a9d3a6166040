/** The messages `describeRecurrence` throws with (as `RecurrenceError`s), as data. */
export const DESCRIBE_MESSAGES = {
  notRule: 'describeRecurrence takes an RRULE string or a recurrence object with a recurrenceRule string',
  locale: (got: unknown) =>
    `locale must be a BCP 47 language tag such as 'en', 'es-MX' or 'de-CH'; got ${typeof got === 'string' ? JSON.stringify(got.slice(0, 40)) : String(got)}`,
} as const;
