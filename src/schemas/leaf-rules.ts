import { ISO_4217_MINOR_UNITS } from '../amount/iso4217.js';
import { checkDecimalString, isCurrencyCode } from '../amount/index.js';
import { checkResourceId } from '../ids/index.js';
import { canonicalDateTime } from '../shared/canonical-date-time.js';
import { daysInMonth } from '../shared/rfc3339.js';
import { isAbsoluteUrl } from './absolute-url.js';
import { checkDomain } from './domain.js';
import { isInt32 } from './int32.js';
import { CURRENCY_MESSAGE, INT32_MESSAGE, STRING_MESSAGE, URL_MESSAGE } from './messages.js';

// The leaf rules of the request bodies, each once: the valibot schemas (text.ts, date-time.ts,
// ...) and the validators generated from them (generated/) call these functions. Each rule is
// a `...Problem` function that returns the message of the first rule a value breaks, or
// undefined; it calls the predicate of the owning module (checkTextLength, checkDecimalString,
// isCurrencyCode, checkResourceId, canonicalDateTime, checkDomain) with its message.
//
// Beside most rules is a `surely...` check, which the generated validators ask first: a yes/no
// answer that is SOUND, not complete: `true` only for a value the rule accepts unchanged,
// `false` for anything else, including values the rule accepts after more work (a string past
// its limit in UTF-16 units, a decimal of 19 integer digits, a date-time to rewrite). The
// valid case of a body is then answered by allocation-free checks, and the rule itself only
// runs for the rest. test/schemas/leaf-rules.test.ts holds each check to its rule.

/** A code of three capital letters as a number from 0 to 26^3 - 1 (-1 for any other string). */
function codeIndex(s: string): number {
  if (s.length !== 3) return -1;
  const a = s.charCodeAt(0) - 65;
  const b = s.charCodeAt(1) - 65;
  const c = s.charCodeAt(2) - 65;
  return a >= 0 && a < 26 && b >= 0 && b < 26 && c >= 0 && c < 26 ? (a * 26 + b) * 26 + c : -1;
}

/** 1 at the index of each code of the ISO 4217 table (every code is three capital letters). */
const CURRENCY_TABLE = new Uint8Array(26 * 26 * 26);
for (const code of Object.keys(ISO_4217_MINOR_UNITS)) CURRENCY_TABLE[codeIndex(code)] = 1;

/**
 * True when `value` is a currency code of the ISO 4217 table.
 *
 * @example
 * surelyCurrency('USD') // true
 * surelyCurrency('usd') // false
 */
export function surelyCurrency(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const index = codeIndex(value);
  return index >= 0 && CURRENCY_TABLE[index] === 1;
}

// Character classes of Resource IDs (spec 2): bit 2 a type-suffix character (a-z, 0-9), bit 4
// a hex digit of a UUID. The base32 alphabet of a typed ID (a-z, 2-7) is `allBase32`'s.
const SUFFIX = 2;
const HEX = 4;
const ID_CHAR = new Uint8Array(128);
for (let c = 97; c <= 122; c += 1) ID_CHAR[c] = SUFFIX | (c <= 102 ? HEX : 0);
for (let c = 48; c <= 57; c += 1) ID_CHAR[c] = SUFFIX | HEX;
for (let c = 65; c <= 70; c += 1) ID_CHAR[c] = HEX;

/** True when every unit of `s` from `from` to `to` (exclusive) is of class `bit`. */
function allOf(s: string, from: number, to: number, bit: number): boolean {
  for (let i = from; i < to; i += 1) {
    const code = s.charCodeAt(i);
    if (code >= 128 || ((ID_CHAR[code] ?? 0) & bit) === 0) return false;
  }
  return true;
}

/**
 * True when every unit of `s` from `from` to `to` (exclusive, at most its length) is a base32
 * character, a-z or 2-7: two unsigned range checks, which cost fewer machine instructions per
 * unit than the class table (the 26 units of every typed ID of a body come this way).
 */
function allBase32(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) {
    const code = s.charCodeAt(i);
    // `>>> 0` makes a unit below 'a' (or '2') a large number: one comparison per range.
    if ((code - 97) >>> 0 > 25 && (code - 50) >>> 0 > 5) return false;
  }
  return true;
}

/** The 5-bit value of a base32 character already known to be one (a-z: 0-25, 2-7: 26-31). */
const base32Value = (code: number): number => (code >= 97 ? code - 97 : code - 24);

/**
 * True when `value` is a Resource ID (`checkResourceId`'s rules): a UUID 8-4-4-4-12 in hex of
 * either case, or 26 lowercase base32 characters whose 2 spare bits are zero, `_` and a type
 * suffix of 1 to 9 lowercase letters or digits.
 *
 * @example
 * surelyResourceId('kuoaydiojf7uszaokc2ggnaaaa_xfer') // true
 * surelyResourceId('kuoaydiojf7uszaokc2ggnaaab_xfer') // false (spare bits set)
 */
export function surelyResourceId(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const length = value.length;
  if (length === 36 && value.charCodeAt(8) === 45) {
    return (
      value.charCodeAt(13) === 45 &&
      value.charCodeAt(18) === 45 &&
      value.charCodeAt(23) === 45 &&
      allOf(value, 0, 8, HEX) &&
      allOf(value, 9, 13, HEX) &&
      allOf(value, 14, 18, HEX) &&
      allOf(value, 19, 23, HEX) &&
      allOf(value, 24, 36, HEX)
    );
  }
  return (
    length >= 28 &&
    length <= 36 &&
    value.charCodeAt(26) === 95 &&
    allBase32(value, 0, 26) &&
    (base32Value(value.charCodeAt(25)) & 3) === 0 &&
    allOf(value, 27, length, SUFFIX)
  );
}

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/**
 * True when `value` is a decimal string of at most 18 integer digits (so below 2^63 without
 * comparing) and at most 9 decimal places: `-?\d+(\.\d+)?` read by hand. Nineteen integer
 * digits or more answer false (the exact rule compares them with 2^63).
 *
 * @example
 * surelyDecimal('-0.25') // true
 * surelyDecimal('1.')    // false
 */
export function surelyDecimal(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const length = value.length;
  let i = value.charCodeAt(0) === 45 ? 1 : 0; // '-'
  const start = i;
  while (i < length && isDigit(value.charCodeAt(i))) i += 1;
  const integerDigits = i - start;
  if (integerDigits === 0 || integerDigits > 18) return false;
  if (i === length) return true;
  if (value.charCodeAt(i) !== 46) return false; // '.'
  const fractionStart = i + 1;
  const places = length - fractionStart;
  if (places < 1 || places > 9) return false;
  for (i = fractionStart; i < length; i += 1) if (!isDigit(value.charCodeAt(i))) return false;
  return true;
}

/**
 * The canonical date-time shape with every field in its range but the day's upper bound: a
 * month 01-12, a day 01-31, an hour up to 23, a minute and a second up to 59, 1 to 9 fraction
 * digits, `Z` or an offset up to 23:59. One regular expression reads the 20 to 35 units in
 * fewer machine instructions than `charCodeAt` one unit at a time (about 630 against 740).
 */
const CANONICAL_DATE_TIME =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,9})?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** The value of the two ASCII digits of `s` at `at` (known to be digits). */
const twoDigits = (s: string, at: number): number => (s.charCodeAt(at) - 48) * 10 + s.charCodeAt(at + 1) - 48;

/**
 * True when `value` is an RFC 3339 date-time that `canonicalDateTime` returns unchanged: the
 * canonical shape, a real calendar date, a time of day with a second up to 59 and an offset
 * up to 23:59. A lowercase `t`/`z` or a leap second (rewritten by the exact rule) answers false.
 *
 * @example
 * surelyDateTime('2026-04-01T09:00:00-04:00') // true
 * surelyDateTime('2026-02-30T00:00:00Z')      // false
 */
export function surelyDateTime(value: unknown): boolean {
  if (typeof value !== 'string' || !CANONICAL_DATE_TIME.test(value)) return false;
  // Every month has 28 days: only a day from 29 on is held to its month (and year).
  const day = twoDigits(value, 8);
  return day <= 28 || day <= daysInMonth(twoDigits(value, 0) * 100 + twoDigits(value, 2), twoDigits(value, 5));
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
  return typeof value === 'string' ? checkDecimalString(value) : STRING_MESSAGE;
}

/**
 * A Resource ID, as `ResourceIdSchema`.
 *
 * @example
 * resourceIdProblem('prod-1') // the message of checkResourceId
 */
export function resourceIdProblem(value: unknown): string | undefined {
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
 * A wallet-session `domain`, as `DomainSchema`.
 *
 * @example
 * domainProblem('shop.example:443') // 'must not contain a port'
 */
export function domainProblem(value: unknown): string | undefined {
  return typeof value === 'string' ? checkDomain(value) : STRING_MESSAGE;
}

/** Why a date-time was refused: the message, in an object so that it is told apart from a value. */
export type DateTimeProblem = { readonly error: string };

/**
 * A date-time in canonical form, as `DateTimeSchema`: the canonical string, or the problem.
 *
 * @example
 * dateTimeValue('2026-01-01t00:00:00z') // '2026-01-01T00:00:00Z'
 * dateTimeValue(7)                      // { error: 'must be a string' }
 */
export function dateTimeValue(value: unknown): string | DateTimeProblem {
  if (typeof value !== 'string') return { error: STRING_MESSAGE };
  const canonical = canonicalDateTime(value);
  return canonical.ok ? canonical.value : { error: canonical.error };
}
