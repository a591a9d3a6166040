/**
 * Schedules in words: `describeRecurrence` and its locales. A module of its own so that a
 * bundle importing only `expandRecurrence` leaves every message table out.
 *
 * @packageDocumentation
 */
export { describeRecurrence, type DescribeInput, type DescribeOptions } from './describe.js';
export { DESCRIBE_LOCALES, type DescribeLocale } from './locales.js';
export { resolveDescribeLocale } from './resolve-locale.js';
export { DESCRIBE_MESSAGES } from './messages.js';
