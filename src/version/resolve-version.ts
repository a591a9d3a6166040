import { type Result, err } from '../shared/result.js';
import { CONFLICTING_VERSION_HEADERS_MESSAGE, DEFAULT_VERSION, VERSION_HEADER, VERSION_MESSAGE } from './constants.js';
import { parseVersion } from './parse-version.js';
import type { Version } from './version.js';

const HEADER_KEY = VERSION_HEADER.toLowerCase();

/**
 * A header record, e.g. Node's `req.headers` (`IncomingHttpHeaders` fits); keys in any case.
 * A list value (Node gives lists only for `set-cookie`) is never a version.
 */
export type HeaderRecord = Readonly<Record<string, string | readonly string[] | undefined>>;

/** Optional whitespace around a list element (RFC 9110 section 5.6.1: SP and HTAB). */
const OWS_AROUND = /^[ \t]+|[ \t]+$/g;

function isHeaders(headers: Headers | HeaderRecord): headers is Headers {
  return typeof (headers as { get?: unknown }).get === 'function';
}

/**
 * The values in one header field value: fetch `Headers` (and Node's `req.headers`) join
 * repeated lines into one value with `", "`. A version never holds a comma, so a comma
 * always separates values; each is taken without the optional whitespace around it. A
 * value without a comma is returned as it is (no trimming); a non-string is kept as is.
 */
function valuesOf(value: unknown): unknown[] {
  if (typeof value !== 'string' || !value.includes(',')) return [value];
  return value.split(',').map((part) => part.replace(OWS_AROUND, ''));
}

/**
 * Every value the header was given, in order. Records: own keys only, so `__proto__` and
 * inherited names are never read; an `undefined` entry is no value.
 */
function headerValues(headers: Headers | HeaderRecord): unknown[] {
  if (headers === null || typeof headers !== 'object') return [];
  if (isHeaders(headers)) {
    const value = headers.get(HEADER_KEY);
    return value === null ? [] : valuesOf(value);
  }
  const values: unknown[] = [];
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() !== HEADER_KEY) continue;
    const value: unknown = headers[key];
    if (value !== undefined) values.push(...valuesOf(value));
  }
  return values;
}

/**
 * The version a request asks for, from its `X-Service-Version` header (any case of the
 * name). No header, or a record entry that is `undefined`, gives `DEFAULT_VERSION`. A
 * present header must be a valid version: an empty value is refused, not defaulted. A
 * header sent more than once with different values is refused with
 * `CONFLICTING_VERSION_HEADERS_MESSAGE`, whether it arrives as two spellings in a record or
 * joined by `Headers` into `"a, b"`; the same value more than once is that value. A missing
 * headers object (`null`/`undefined` from untyped code) reads as no header.
 *
 * @example
 * resolveVersion(new Headers({ 'x-service-version': 'v2026.04.00' })) // { ok: true, value: { kind: 'dated', year: 2026, ... } }
 * resolveVersion({})                                                  // DEFAULT_VERSION, parsed
 * resolveVersion({ 'X-SERVICE-VERSION': 'latest' })                   // { ok: false, error: VERSION_MESSAGE }
 * resolveVersion({ 'x-service-version': 'v2026.04.00, dev' })          // { ok: false, error: CONFLICTING_VERSION_HEADERS_MESSAGE }
 */
export function resolveVersion(headers: Headers | HeaderRecord): Result<Version, string> {
  const values = headerValues(headers);
  if (values.length === 0) return parseVersion(DEFAULT_VERSION);
  const [first] = values;
  if (values.some((value) => value !== first)) return err(CONFLICTING_VERSION_HEADERS_MESSAGE);
  return typeof first === 'string' ? parseVersion(first) : err(VERSION_MESSAGE);
}
