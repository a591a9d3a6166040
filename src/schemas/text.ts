import * as v from 'valibot';
import { type FieldLimit, LONE_SURROGATE_MESSAGE, checkTextLength, hasLoneSurrogate } from '../limits/index.js';
import { STRING_MESSAGE } from './messages.js';

/** JSON Schema pattern (ECMA-262 with the `u` flag) that refuses a lone surrogate. */
export const NO_LONE_SURROGATE_PATTERN = '^[^\\uD800-\\uDFFF]*$';

/** No length limit: only the lone-surrogate rule applies. */
const UNLIMITED: FieldLimit = { max: Number.POSITIVE_INFINITY };

/** The message for `s` under `limit`; without a limit, only the lone-surrogate scan runs. */
function textProblem(s: string, limit: FieldLimit): string | undefined {
  if (limit === UNLIMITED) return hasLoneSurrogate(s) ? LONE_SURROGATE_MESSAGE : undefined;
  return checkTextLength(s, limit);
}

/**
 * A string schema for text: refuses a lone surrogate (no UTF-8 encoding exists for it)
 * and, when `limit` is given, a length outside it counted in code points, with the
 * message of `checkTextLength` from payments-kit/limits.
 *
 * @example
 * const Name = textSchema(FIELD_LIMITS.lineItemName);
 * v.safeParse(Name, '😀'.repeat(150)).success // true (150 code points)
 */
/* @__NO_SIDE_EFFECTS__ */
export function textSchema(limit: FieldLimit = UNLIMITED) {
  const bounds: { minLength?: number; maxLength?: number } = {};
  if (limit.min !== undefined) bounds.minLength = limit.min;
  if (Number.isFinite(limit.max)) bounds.maxLength = limit.max;
  return v.pipe(
    v.string(STRING_MESSAGE),
    v.rawCheck<string>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const message = textProblem(dataset.value, limit);
      if (message !== undefined) addIssue({ message });
    }),
    v.metadata({ ...bounds, pattern: NO_LONE_SURROGATE_PATTERN }),
  );
}

/** Any text without a length limit (still no lone surrogate). */
export const TextSchema = textSchema();
