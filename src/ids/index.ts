/**
 * `payments-kit/ids`: Resource IDs (spec 2), either a UUID or a typed ID such as
 * `kuoaydiojf7uszaokc2ggnaaaa_xfer` (base32 of the UUID's bytes, `_`, a type suffix).
 *
 * @packageDocumentation
 */
export { checkResourceId, formatTypedId, isResourceId, parseResourceId, type ResourceId } from './resource-id.js';
export { isUuid } from './uuid.js';
export { MAX_TYPE_SUFFIX_LENGTH, isTypeSuffix } from './type-suffix.js';
export {
  NON_CANONICAL_TYPED_ID_MESSAGE,
  NOT_A_STRING_MESSAGE,
  RESOURCE_ID_MESSAGE,
  TYPE_SUFFIX_MESSAGE,
  UUID_MESSAGE,
} from './messages.js';
/** What `parseResourceId` returns: `{ ok: true, value }` or `{ ok: false, error }` (DESIGN's `Result`). */
export type { Result } from '../shared/result.js';
