import { hasLoneSurrogate, textLength } from '../limits/index.js';

/**
 * The key of the truncation note in a 422 per-field body (spec 4.2): present, at the top
 * level and last, only when more fields failed than the `fieldErrors` limit lets the body
 * report. No request field can be reported under it (see {@link unknownFieldKey}).
 */
export const TRUNCATED_KEY = '(truncated)';

/**
 * The key an unknown field is reported under when its own name cannot be: longer than
 * {@link UNKNOWN_FIELD_NAME_MAX} code points, empty, holding a lone surrogate, or a reserved key.
 */
export const UNKNOWN_FIELD_KEY = '(unknown field)';

/** The longest unknown-field name, in code points, that an error body repeats. */
export const UNKNOWN_FIELD_NAME_MAX = 64;

/** Message for a field the spec does not define at that place of the body. */
export const UNKNOWN_FIELD_MESSAGE = 'is not a field of this object in the API; remove it or correct its name';

/**
 * The truncation note: the value of {@link TRUNCATED_KEY} in a per-field body, and the last
 * entry of an `{ error }` text.
 *
 * @example
 * truncatedMessage(20) // 'only the first 20 field errors are reported; correct them and send the request again to see the rest'
 */
export function truncatedMessage(max: number): string {
  return `only the first ${max} field errors are reported; correct them and send the request again to see the rest`;
}

/**
 * The key under which the unknown field `name` is reported: the name itself when it is at
 * most {@link UNKNOWN_FIELD_NAME_MAX} code points, not empty, has no lone surrogate and is not
 * one of the reserved keys, else {@link UNKNOWN_FIELD_KEY}. Bounds the error body: a client cannot
 * make it repeat a megabyte-long name.
 *
 * @example
 * unknownFieldKey('amountDetails')  // 'amountDetails'
 * unknownFieldKey('x'.repeat(65))   // '(unknown field)'
 * unknownFieldKey('(truncated)')    // '(unknown field)'
 */
export function unknownFieldKey(name: string): string {
  const reportable =
    name !== '' &&
    name.length <= UNKNOWN_FIELD_NAME_MAX * 2 &&
    textLength(name) <= UNKNOWN_FIELD_NAME_MAX &&
    !hasLoneSurrogate(name) &&
    name !== TRUNCATED_KEY;
  return reportable ? name : UNKNOWN_FIELD_KEY;
}

/** The `type` of the issue a closed object reports for an unknown field. */
export const UNKNOWN_FIELD_ISSUE_TYPE = 'unknown_field';
