/** English month names, January first (the calendar's titles and the CLI grid's headings). */
export const MONTH_NAMES: readonly string[] = Object.freeze([
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]);

/** Two-letter weekday headings, Sunday first (the order of a {@link CalendarMonth}'s weeks). */
export const WEEKDAY_HEADINGS: readonly string[] = Object.freeze(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);

/** The calendar view's messages, as data. */
export const CALENDAR_MESSAGES = Object.freeze({
  badRunOn: (runOn: string) => `calendarMonths: runOn "${runOn}" is not an RFC 3339 date-time`,
  badMaxMonths: (value: unknown) => `calendarMonths: maxMonths must be a positive integer, got ${String(value)}`,
});
