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
  // One scan in the common case: a string without any surrogate is its UTF-16 length.
  let length = s.length;
  if (hasSurrogate(s)) {
    if (hasLoneSurrogate(s)) return LONE_SURROGATE_MESSAGE;
    length = textLength(s);
  }
  if (limit.min !== undefined && length < limit.min) return tooShortMessage(limit.min);
  if (length > limit.max) return tooLongMessage(limit.max);
  return undefined;
}
