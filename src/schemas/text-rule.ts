import { type FieldLimit, checkTextLength, hasLoneSurrogate } from '../limits/index.js';
import { STRING_MESSAGE } from './messages.js';

// The text rule of the request bodies, once: `textSchema` and the generated validators call
// `textProblem`. It is apart from leaf-rules.ts so that a bundle of text schemas carries no
// currency or Resource ID table.

type WellFormed = { toWellFormed?: () => string };

/**
 * `String.prototype.toWellFormed` (ES2024; answers a one-byte string, and any well-formed one,
 * with the string itself), where the runtime has it. It is asked rather than `isWellFormed`,
 * which V8 (Node 26) follows with a call into the runtime to count its use: about 50 machine
 * instructions more per call, and the update-invoice body asks it for every text field.
 */
// Pure, so that a bundle that never calls `isWellFormedText` leaves the property read out.
// Stryker disable next-line ArrowFunction,ConditionalExpression,EqualityOperator,StringLiteral: either answer picks a function of the same answer (isWellFormedText)
const NATIVE_WELL_FORMED = /* @__PURE__ */ (() => typeof (String.prototype as WellFormed).toWellFormed === 'function')();

/**
 * True when `s` holds no lone surrogate (it has a UTF-8 encoding).
 *
 * @example
 * isWellFormedText('😀')     // true
 * isWellFormedText('\uD83D') // false
 */
export function isWellFormedText(s: string): boolean {
  // A string with a lone surrogate comes back as a new string with U+FFFD in its place: not equal.
  // Stryker disable next-line ConditionalExpression: both branches give the same answer; the native one is faster
  return NATIVE_WELL_FORMED ? (s as unknown as Required<WellFormed>).toWellFormed() === s : !hasLoneSurrogate(s);
}

/**
 * True when `value` is a string of at least `min` (0 or 1) and at most `max` code points with
 * no lone surrogate, judged by its UTF-16 length: a string no longer than `max` units is
 * within `max` code points, and a non-empty one has at least one. A string past `max` units
 * answers false (it may still be within `max` code points: the exact rule counts them).
 *
 * @example
 * surelyText('Latte', 1, 150)        // true
 * surelyText('😀'.repeat(100), 1, 150) // false (200 units: the exact rule decides)
 */
export function surelyText(value: unknown, min: 0 | 1, max: number): boolean {
  if (typeof value !== 'string') return false;
  const length = value.length;
  return length >= min && length <= max && isWellFormedText(value);
}

/** No length limit: only the lone-surrogate rule applies. */
export const UNLIMITED_TEXT: FieldLimit = Object.freeze({ max: Number.POSITIVE_INFINITY });

/**
 * Text under `limit` (default: no length limit, only the lone-surrogate rule), counted in code
 * points with the message of `checkTextLength`.
 *
 * @example
 * textProblem('', FIELD_LIMITS.lineItemName) // 'must be at least 1 character'
 * textProblem(7)                             // 'must be a string'
 */
export function textProblem(value: unknown, limit: FieldLimit = UNLIMITED_TEXT): string | undefined {
  return typeof value === 'string' ? checkTextLength(value, limit) : STRING_MESSAGE;
}

