import * as v from 'valibot';
import { parseDateTime } from '../shared/rfc3339.js';
import { STRING_MESSAGE } from './messages.js';

/**
 * An RFC 3339 date-time string with `Z` or an offset; impossible dates and times
 * (Feb 30, hour 24) are refused with the reason from `parseDateTime`. The value stays
 * the string the client sent.
 */
export const DateTimeSchema = v.pipe(
  v.string(STRING_MESSAGE),
  v.rawCheck<string>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const parsed = parseDateTime(dataset.value);
    if (!parsed.ok) addIssue({ message: parsed.error });
  }),
  v.metadata({ format: 'date-time' }),
);
