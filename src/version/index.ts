/**
 * `payments-kit/version`: API versions `vYYYY.QQ.BB` and `dev` (spec 9), their order,
 * and the version a request's `X-Service-Version` header chooses.
 *
 * @packageDocumentation
 */
export type { DatedVersion, DevVersion, QuarterMonth, Version } from './version.js';
export {
  CONFLICTING_VERSION_HEADERS_MESSAGE,
  DEFAULT_VERSION,
  DEV_VERSION,
  REFERENCE_VERSION,
  VERSION_HEADER,
  VERSION_MESSAGE,
} from './constants.js';
export { parseVersion } from './parse-version.js';
export { isVersion } from './is-version.js';
export { compareVersions } from './compare-versions.js';
export { resolveVersion, type HeaderRecord } from './resolve-version.js';
/** What `parseVersion` and `resolveVersion` return: `{ ok: true, value }` or `{ ok: false, error }`. */
export type { Result } from '../shared/result.js';
