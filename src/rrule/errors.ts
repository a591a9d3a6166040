import { brandError, hasErrorBrand } from '../shared/error-brand.js';

/** Why an expansion was refused. */
export type RecurrenceErrorCode =
  | 'invalid-rule'
  | 'missing-start'
  | 'invalid-start'
  | 'invalid-window'
  | 'invalid-limit'
  | 'invalid-time-zone'
  | 'invalid-option'
  | 'outside-calendar'
  | 'unbounded'
  | 'too-many'
  | 'too-sparse';

/** The messages of {@link RecurrenceError}, as data. */
export const RECURRENCE_MESSAGES = {
  missingStart: 'recur.start is required to expand a rule: it is the DTSTART of the recurrence',
  invalidStart: (detail: string) => `recur.start ${detail}`,
  startMilliseconds: 'recur.start must be a whole second: RFC 5545 times have no fractions of a second',
  invalidBound: (name: 'from' | 'to', detail: string) => `${name} ${detail}`,
  fromAfterTo: 'from must not be after to',
  invalidLimit: (max: number) => `limit must be an integer from 0 to ${max}`,
  invalidTimeZone: (zone: string) => `timeZone "${zone}" is not an IANA time zone name known to Intl`,
  invalidOption: (name: string, allowed: readonly string[], got: unknown) =>
    `${name} must be ${allowed.map((a) => `'${a}'`).join(' or ')}; got ${typeof got === 'string' ? JSON.stringify(got.slice(0, 40)) : String(got)}`,
  outsideCalendar: (runOn: string) =>
    `businessDayAdjustment needs runs on New York days from 1971 to 9999 (the Federal Reserve calendar's range); a run falls on ${runOn}`,
  unbounded: 'the rule has neither COUNT nor UNTIL: pass a `to` or a `limit` to bound the expansion',
  tooSparse: (units: number) =>
    `the rule's occurrences are too sparse to find: after ${units} scan steps without one, the arithmetic search for the next exceeded its bounds, so the list could be incomplete; pass a \`from\` nearer the next occurrence or simplify the rule (e.g. an INTERVAL that divides a day)`,
  invalidRuleObject: (detail: string) => `recurrenceRule${detail.startsWith('.') || detail.startsWith(':') ? '' : ' '}${detail}`,
  notRecur: 'recur must be an object with a recurrenceRule and a start',
  adjustmentNotLazy:
    "recurrenceInstants gives the rule's own instants: businessDayAdjustment is not supported here (use expandRecurrence, or adjust each instant)",
  tooMany: (max: number) => `the expansion would return more than ${max} occurrences: narrow the window or pass a limit`,
} as const;

/** The brand of every RecurrenceError, shared by the ESM and CJS builds (see `isRecurrenceError`). */
const RECURRENCE_ERROR_BRAND = Symbol.for('payments-kit.RecurrenceError');

/**
 * Thrown by `expandRecurrence` for input it cannot expand: an invalid rule (the message of
 * `parseRecurrenceRule`), a missing or invalid `recur.start`, a bad window, limit or time
 * zone, an indefinite rule with no bound, more than 100,000 results, or a sub-daily rule so
 * sparse that the bounded search for its next occurrence gave up (`too-sparse`).
 */
export class RecurrenceError extends Error {
  /** A stable code for programs; the message is for people. */
  readonly code: RecurrenceErrorCode;

  constructor(code: RecurrenceErrorCode, message: string) {
    super(message);
    this.name = 'RecurrenceError';
    this.code = code;
    brandError(this, RECURRENCE_ERROR_BRAND);
  }
}

/**
 * Whether `value` is a {@link RecurrenceError} made by any copy of payments-kit: the ESM and
 * CJS builds have different classes, so `instanceof` fails across them; this checks the
 * `Symbol.for('payments-kit.RecurrenceError')` brand instead.
 *
 * @example
 * try { expandRecurrence({ recurrenceRule: 'FREQ=DAILY', start }) }
 * catch (e) { if (isRecurrenceError(e)) console.log(e.code) } // 'unbounded'
 */
export function isRecurrenceError(value: unknown): value is RecurrenceError {
  return hasErrorBrand(value, RECURRENCE_ERROR_BRAND);
}
