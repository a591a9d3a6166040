import type { FieldLimit } from './field-limits.js';
import { hasLoneSurrogate, hasSurrogate, textLength } from './text-length.js';

/** Message for a string that holds a lone surrogate (it has no UTF-8 encoding). */
export const LONE_SURROGATE_MESSAGE = 'must not contain a lone surrogate';

/**
 * Message for a string longer than `max` code points.
 *
 * @example
 * tooLongMessage(64) // 'must be at most 64 characters'
 */
export function tooLongMessage(max: number): string {
  return `must be at most ${max} characters`;
}

/**
 * Message for a string shorter than `min` code points.
 *
 * @example
 * tooShortMessage(4) // 'must be at least 4 characters'
 */
export function tooShortMessage(min: number): string {
  return `must be at least ${min} ${min === 1 ? 'character' : 'characters'}`;
}

/**
 * Checks `s` against a length limit counted in code points. Returns `undefined` when it
 * passes, else a message. A lone surrogate is refused before the length is looked at.
 *
 * @example
 * checkTextLength('Coffee', FIELD_LIMITS.displayName)   // undefined
 * checkTextLength('', FIELD_LIMITS.lineItemName)        // 'must be at least 1 character'
 * checkTextLength('x'.repeat(65), FIELD_LIMITS.displayName) // 'must be at most 64 characters'
 * checkTextLength('\uD800', FIELD_LIMITS.displayName)   // 'must not contain a lone surrogate'
 */
export function checkTextLength(s: string, limit: FieldLimit): string | undefined {
  const length = checkedLength(s);
  if (length === -1) return LONE_SURROGATE_MESSAGE;
  if (limit.min !== undefined && length < limit.min) return tooShortMessage(limit.min);
  if (length > limit.max) return tooLongMessage(limit.max);
  return undefined;
}

/**
 * Whether `s` passes `checkTextLength(s, limit)`, without building its message (where only the
 * answer is wanted: an element's name is its error-body key only when within its limit).
 *
 * @example
 * isWithinTextLength('Tea', FIELD_LIMITS.lineItemName) // true
 * isWithinTextLength('', FIELD_LIMITS.lineItemName)    // false
 * isWithinTextLength('\uD800', FIELD_LIMITS.optionName) // false
 */
export function isWithinTextLength(s: string, limit: FieldLimit): boolean {
  const length = checkedLength(s);
  // A lone surrogate's -1 is below every minimum, 0 included.
  return length >= (limit.min ?? 0) && length <= limit.max;
}

/** The length of `s` in code points, or -1 when it holds a lone surrogate; one scan when it holds no surrogate. */
function checkedLength(s: string): number {
  if (!hasSurrogate(s)) return s.length;
  return hasLoneSurrogate(s) ? -1 : textLength(s);
}
