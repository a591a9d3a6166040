import { type Result, err } from '../shared/result.js';
import { CONFLICTING_VERSION_HEADERS_MESSAGE, DEFAULT_VERSION, VERSION_HEADER, VERSION_MESSAGE } from './constants.js';
import { parseVersion } from './parse-version.js';
import type { Version } from './version.js';

const HEADER_KEY = VERSION_HEADER.toLowerCase();

/** A header record, e.g. Node's `req.headers`; keys in any case. */
export type HeaderRecord = Readonly<Record<string, string | undefined>>;

type Lookup = { found: false } | { found: true; value: unknown } | { found: 'conflict' };

function isHeaders(headers: Headers | HeaderRecord): headers is Headers {
  return typeof (headers as { get?: unknown }).get === 'function';
}

/** Own keys only, so `__proto__` and inherited names are never read as headers. */
function lookupInRecord(record: HeaderRecord): Lookup {
  let lookup: Lookup = { found: false };
  for (const key of Object.keys(record)) {
    if (key.toLowerCase() !== HEADER_KEY) continue;
    const value: unknown = record[key];
    if (value === undefined) continue;
    if (lookup.found === true && lookup.value !== value) return { found: 'conflict' };
    lookup = { found: true, value };
  }
  return lookup;
}

function lookup(headers: Headers | HeaderRecord): Lookup {
  if (headers === null || typeof headers !== 'object') return { found: false };
  if (!isHeaders(headers)) return lookupInRecord(headers);
  const value = headers.get(HEADER_KEY);
  return value === null ? { found: false } : { found: true, value };
}

/**
 * The version a request asks for, from its `X-Service-Version` header (any case of the
 * name). No header, or a record entry that is `undefined`, gives `DEFAULT_VERSION`. A
 * present header must be a valid version: an empty value is refused, not defaulted. In a
 * record, two spellings of the name with different values are refused. A missing headers
 * object (`null`/`undefined` from untyped code) reads as no header.
 *
 * @example
 * resolveVersion(new Headers({ 'x-service-version': 'v2026.04.00' })) // { ok: true, value: { kind: 'dated', year: 2026, ... } }
 * resolveVersion({})                                                  // DEFAULT_VERSION, parsed
 * resolveVersion({ 'X-SERVICE-VERSION': 'latest' })                   // { ok: false, error: VERSION_MESSAGE }
 */
export function resolveVersion(headers: Headers | HeaderRecord): Result<Version, string> {
  const found = lookup(headers);
  if (found.found === 'conflict') return err(CONFLICTING_VERSION_HEADERS_MESSAGE);
  if (!found.found) return parseVersion(DEFAULT_VERSION);
  return typeof found.value === 'string' ? parseVersion(found.value) : err(VERSION_MESSAGE);
}
