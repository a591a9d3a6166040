import { checkDecimalString, isCurrencyCode } from '../amount/index.js';
import { checkResourceId } from '../ids/index.js';
import { type FieldLimit, LONE_SURROGATE_MESSAGE, checkTextLength, hasLoneSurrogate } from '../limits/index.js';
import { canonicalDateTime } from '../shared/canonical-date-time.js';
import { isAbsoluteUrl } from './absolute-url.js';
import { CURRENCY_MESSAGE, INT32_MESSAGE, STRING_MESSAGE, URL_MESSAGE } from './messages.js';
import { isInt32 } from './int32.js';
import { quickCurrency, quickDateTime, quickDecimal, quickResourceId, quickText } from './quick-leaves.js';

// The leaf rules of the request bodies as plain functions: each returns the message of the
// first rule `value` breaks, or undefined. They call the same predicates as the valibot
// schemas (checkTextLength, checkDecimalString, isCurrencyCode, checkResourceId,
// canonicalDateTime), with the same messages; the differential test proves they agree. Each
// first asks the quick check of the common valid case (quick-leaves.ts, issue 34), which
// answers only for values the full rule accepts.

/**
 * Text under `limit` (without one: only the lone-surrogate rule), as `textSchema`.
 *
 * @example
 * textProblem('', FIELD_LIMITS.lineItemName) // 'must be at least 1 character'
 */
export function textProblem(value: unknown, limit?: FieldLimit): string | undefined {
  const min = limit?.min ?? 0;
  if ((min === 0 || min === 1) && quickText(value, min, limit?.max ?? Number.POSITIVE_INFINITY)) return undefined;
  if (typeof value !== 'string') return STRING_MESSAGE;
  if (limit === undefined) return hasLoneSurrogate(value) ? LONE_SURROGATE_MESSAGE : undefined;
  return checkTextLength(value, limit);
}

/**
 * An int32 JSON number, as `Int32Schema`.
 *
 * @example
 * int32Problem(2 ** 31) // 'must be an integer from -2147483648 to 2147483647'
 */
export function int32Problem(value: unknown): string | undefined {
  return isInt32(value) ? undefined : INT32_MESSAGE;
}

/**
 * A currency code of our table, as `CurrencyCodeSchema`.
 *
 * @example
 * currencyProblem('usd') // 'must be a 3-letter ISO 4217 currency code'
 */
export function currencyProblem(value: unknown): string | undefined {
  if (quickCurrency(value)) return undefined;
  if (typeof value !== 'string') return STRING_MESSAGE;
  return isCurrencyCode(value) ? undefined : CURRENCY_MESSAGE;
}

/**
 * A decimal amount string, as `DecimalStringSchema`.
 *
 * @example
 * decimalProblem('1e3') // the message of checkDecimalString
 */
export function decimalProblem(value: unknown): string | undefined {
  if (quickDecimal(value)) return undefined;
  return typeof value === 'string' ? checkDecimalString(value) : STRING_MESSAGE;
}

/**
 * A Resource ID, as `ResourceIdSchema`.
 *
 * @example
 * resourceIdProblem('prod-1') // the message of checkResourceId
 */
export function resourceIdProblem(value: unknown): string | undefined {
  if (quickResourceId(value)) return undefined;
  return typeof value === 'string' ? checkResourceId(value) : STRING_MESSAGE;
}

/**
 * An absolute URL, as the image `link` schema (WHATWG `URL`).
 *
 * @example
 * linkProblem('/latte.png') // 'must be an absolute URL'
 */
export function linkProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return STRING_MESSAGE;
  return isAbsoluteUrl(value) ? undefined : URL_MESSAGE;
}

/**
 * A date-time in canonical form, as `DateTimeSchema`: the canonical string, or the message.
 *
 * @example
 * dateTimeValue('2026-01-01t00:00:00z') // { ok: true, value: '2026-01-01T00:00:00Z' }
 */
export function dateTimeValue(value: unknown): { ok: true; value: string } | { ok: false; error: string } {
  if (quickDateTime(value)) return { ok: true, value: value as string };
  if (typeof value !== 'string') return { ok: false, error: STRING_MESSAGE };
  return canonicalDateTime(value);
}
