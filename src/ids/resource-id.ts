import { FIELD_LIMITS, textLength, tooLongMessage } from '../limits/index.js';
import { type Result, err, ok } from '../shared/result.js';
import { UUID_BASE32_LENGTH, checkUuidBase32, decodeCheckedUuidBase32, encodeUuidBase32 } from './base32.js';
import {
  NON_CANONICAL_TYPED_ID_MESSAGE,
  NOT_A_STRING_MESSAGE,
  RESOURCE_ID_MESSAGE,
  TYPE_SUFFIX_MESSAGE,
  UUID_MESSAGE,
} from './messages.js';
import { isTypeSuffix } from './type-suffix.js';
import { bytesToUuid, isUuid, uuidToBytes } from './uuid.js';

/**
 * A parsed Resource ID. `uuid` is always lowercase canonical 8-4-4-4-12; `type` is the
 * suffix of a typed ID and absent for the plain UUID form.
 */
export type ResourceId =
  | { readonly form: 'uuid'; readonly uuid: string }
  | { readonly form: 'typed'; readonly uuid: string; readonly type: string };

const SEPARATOR = '_';
const SEPARATOR_CODE = 95; // '_'
const MAX_LENGTH = FIELD_LIMITS.resourceId.max;

/** Longer than the limit in code points; a string past twice the limit in UTF-16 units surely is. */
function isTooLong(s: string): boolean {
  return s.length > MAX_LENGTH && (s.length > 2 * MAX_LENGTH || textLength(s) > MAX_LENGTH);
}

/** The message for a string that is not a typed ID, or undefined when it is one. */
function typedIdProblem(s: string): string | undefined {
  if (s.charCodeAt(UUID_BASE32_LENGTH) !== SEPARATOR_CODE) return RESOURCE_ID_MESSAGE;
  if (!isTypeSuffix(s.slice(UUID_BASE32_LENGTH + 1))) return RESOURCE_ID_MESSAGE;
  const failure = checkUuidBase32(s);
  if (failure === 'alphabet') return RESOURCE_ID_MESSAGE;
  if (failure === 'spare-bits') return NON_CANONICAL_TYPED_ID_MESSAGE;
  return undefined;
}

/**
 * Checks a Resource ID (spec 2) without parsing it: the message of the first rule `s`
 * breaks, or `undefined`. The rules of {@link parseResourceId}, which calls it; a validator
 * calls this one, which allocates nothing for a valid ID.
 *
 * @example
 * checkResourceId('kuoaydiojf7uszaokc2ggnaaaa_xfer') // undefined
 * checkResourceId('prod-1')                          // RESOURCE_ID_MESSAGE
 */
export function checkResourceId(s: unknown): string | undefined {
  if (typeof s !== 'string') return NOT_A_STRING_MESSAGE;
  if (isTooLong(s)) return tooLongMessage(MAX_LENGTH);
  if (isUuid(s)) return undefined;
  return typedIdProblem(s);
}

/**
 * Parses a Resource ID (spec 2): a UUID in either case, or the typed form of 26 lowercase
 * base32 characters encoding the UUID's 16 bytes, `_`, and a type suffix. At most 36
 * characters. Errors are messages; nothing throws, whatever the input.
 *
 * @example
 * parseResourceId('kuoaydiojf7uszaokc2ggnaaaa_xfer')
 * // { ok: true, value: { form: 'typed', uuid: '551c0c0d-0e49-7f49-640e-50b463340000', type: 'xfer' } }
 * parseResourceId('551C0C0D-0E49-7F49-640E-50B463340000')
 * // { ok: true, value: { form: 'uuid', uuid: '551c0c0d-0e49-7f49-640e-50b463340000' } }
 * parseResourceId('KUOAYDIOJF7USZAOKC2GGNAAAA_xfer') // { ok: false, error: RESOURCE_ID_MESSAGE }
 */
export function parseResourceId(s: string): Result<ResourceId, string> {
  const problem = checkResourceId(s);
  if (problem !== undefined) return err(problem);
  // A checked ID with "_" after 26 characters is typed (a UUID has a hex digit there).
  if (s.charCodeAt(UUID_BASE32_LENGTH) !== SEPARATOR_CODE) return ok(Object.freeze({ form: 'uuid', uuid: s.toLowerCase() }));
  return ok(Object.freeze({ form: 'typed', uuid: bytesToUuid(decodeCheckedUuidBase32(s)), type: s.slice(UUID_BASE32_LENGTH + 1) }));
}

/**
 * True when {@link parseResourceId} accepts `s`.
 *
 * @example
 * isResourceId('kuoaydiojf7uszaokc2ggnaaaa_xfer') // true
 * isResourceId('kuoaydiojf7uszaokc2ggnaaab_xfer') // false (spare bits set)
 */
export function isResourceId(s: string): boolean {
  return parseResourceId(s).ok;
}

/**
 * Writes the typed form of a UUID (either case) with a type suffix. Throws a `TypeError`
 * whose message is `UUID_MESSAGE` or `TYPE_SUFFIX_MESSAGE` when an argument is malformed:
 * a bad argument here is a programming error, not user input.
 *
 * @example
 * formatTypedId('551c0c0d-0e49-7f49-640e-50b463340000', 'xfer') // 'kuoaydiojf7uszaokc2ggnaaaa_xfer'
 */
export function formatTypedId(uuid: string, type: string): string {
  if (typeof uuid !== 'string' || !isUuid(uuid)) throw new TypeError(UUID_MESSAGE);
  if (typeof type !== 'string' || !isTypeSuffix(type)) throw new TypeError(TYPE_SUFFIX_MESSAGE);
  return `${encodeUuidBase32(uuidToBytes(uuid))}${SEPARATOR}${type}`;
}
