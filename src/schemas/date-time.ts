import * as v from 'valibot';
import { canonicalDateTime } from '../shared/canonical-date-time.js';
import { STRING_MESSAGE } from './messages.js';

/**
 * An RFC 3339 date-time string with `Z` or an offset; impossible dates and times
 * (Feb 30, hour 24) are refused with the reason from `parseDateTime`. The value is the
 * string in its canonical form (`canonicalDateTime`): `T` and `Z` uppercase, a leap second
 * written as the second after it; offset and fraction stay as sent.
 *
 * @example
 * v.parse(DateTimeSchema, '2026-01-01t00:00:00z') // '2026-01-01T00:00:00Z'
 */
export const DateTimeSchema = v.pipe(
  v.string(STRING_MESSAGE),
  v.rawTransform<string, string>(({ dataset, addIssue, NEVER }) => {
    const canonical = canonicalDateTime(dataset.value);
    if (canonical.ok) return canonical.value;
    addIssue({ message: canonical.error });
    return NEVER;
  }),
  v.metadata({ format: 'date-time' }),
);
