import { REFERENCE_VERSION, VERSION_HEADER, resolveVersion } from '../../version/index.js';
import { HTTP_MESSAGES } from './messages.js';
import type { Version } from '../../version/index.js';

/** How an operation treats `X-Service-Version` (spec 9): see `OperationRoute` in `src/operations`. */
export type { VersionPolicy } from '../../operations/index.js';
import type { VersionPolicy } from '../../operations/index.js';


/** The outcome of the version check: served (with the version asked for, if any) or refused. */
export type VersionCheck =
  | { readonly ok: true; readonly version: Version | undefined }
  | { readonly ok: false; readonly status: 400 | 404; readonly error: string };

/**
 * The lower-case name of the version header, written as a literal: V8 interns literals, so the
 * adapters' comparisons with their own literal names are by identity (`VERSION_HEADER.toLowerCase()`
 * would be a separate string, compared character by character on every request). A test holds the two equal.
 */
export const VERSION_HEADER_NAME = 'x-service-version';
const HEADER_NAME = VERSION_HEADER_NAME;

/**
 * Checks a request's `X-Service-Version` value against an operation's policy.
 *
 * @example
 * checkVersion(undefined, 'reference-only')     // { ok: true, version: undefined }
 * checkVersion('v2024.01.00', 'reference-only') // { ok: false, status: 404 }
 * checkVersion('v2024.1.0', 'any')              // { ok: false, status: 400 }
 */
export function checkVersion(value: string | undefined, policy: VersionPolicy): VersionCheck {
  if (value === undefined) return ABSENT;
  // The last value first: a comparison of text, where the map hashes each request's fresh copy.
  if (value === last.value && policy === last.policy) return last.checked;
  const memo = MEMO[policy];
  let checked = memo.get(value);
  if (checked === undefined) {
    checked = checkUncached(value, policy);
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(value, checked);
  }
  last = { value, policy, checked };
  return checked;
}

// Clients send a handful of distinct values: remember the answers (bounded; results are frozen).
const MEMO_SIZE = 64;
const MEMO: Readonly<Record<VersionPolicy, Map<string, VersionCheck>>> = { any: new Map(), 'reference-only': new Map() };
const ABSENT: VersionCheck = Object.freeze({ ok: true, version: undefined });

/** The last value checked, its policy and the answer (answers are a pure function of the two). */
let last: { readonly value: string | undefined; readonly policy: VersionPolicy | undefined; readonly checked: VersionCheck } = {
  value: undefined,
  policy: undefined,
  checked: ABSENT,
};

function checkUncached(value: string, policy: VersionPolicy): VersionCheck {
  const parsed = resolveVersion({ [HEADER_NAME]: value });
  const served: VersionCheck | undefined = parsed.ok ? Object.freeze({ ok: true, version: Object.freeze(parsed.value) }) : undefined;
  if (policy === 'reference-only') {
    return served !== undefined && parsed.ok && parsed.value.text === REFERENCE_VERSION
      ? served
      : Object.freeze({ ok: false, status: 404, error: HTTP_MESSAGES.versionNotServed });
  }
  return served ?? Object.freeze({ ok: false, status: 400, error: `${VERSION_HEADER}: ${parsed.ok ? '' : parsed.error}` });
}
