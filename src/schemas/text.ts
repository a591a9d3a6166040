import * as v from 'valibot';
import type { FieldLimit } from '../limits/index.js';
import { UNLIMITED_TEXT, textProblem } from './text-rule.js';
import { STRING_MESSAGE } from './messages.js';

/** JSON Schema pattern (ECMA-262 with the `u` flag) that refuses a lone surrogate. */
export const NO_LONE_SURROGATE_PATTERN = '^[^\\uD800-\\uDFFF]*$';

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
export function textSchema(limit: FieldLimit = UNLIMITED_TEXT) {
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
