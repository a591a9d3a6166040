/** The version a server uses when a request has no `X-Service-Version` header (spec 9.4). */
export const DEFAULT_VERSION = 'v2024.01.00';

/** The version whose behaviour the spec describes (spec 9.3). */
export const REFERENCE_VERSION = 'v2026.04.00';

/** The most recent development state; sorts after every dated version (spec 9.5). */
export const DEV_VERSION = 'dev';

/** The request header that chooses the version; matched case-insensitively (spec 9.1). */
export const VERSION_HEADER = 'X-Service-Version';

/** Message for a string that is not a version. */
export const VERSION_MESSAGE =
  'must be a version of the form vYYYY.QQ.BB (YYYY a year from 0001, QQ one of 01, 04, 07, 10, ' +
  'BB a two-digit build), e.g. v2026.04.00, or dev';

/**
 * Message when the version header is given more than once with different values: two
 * spellings of the name in a header record, or repeated lines that `Headers` (or Node)
 * joined into `"a, b"`.
 */
export const CONFLICTING_VERSION_HEADERS_MESSAGE =
  'X-Service-Version is given more than once with different values';
