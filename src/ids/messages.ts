/** Message when a value that should be a Resource ID is not a string. */
export const NOT_A_STRING_MESSAGE = 'must be a string';

/** Message for a string that is neither a UUID nor a typed ID. */
export const RESOURCE_ID_MESSAGE =
  'must be a Resource ID: a UUID (8-4-4-4-12 hex digits) or a typed ID ' +
  '(26 lowercase base32 characters, "_", then a type suffix of 1 to 9 lowercase letters or digits)';

/** Message for a typed ID whose last base32 character has non-zero spare bits. */
export const NON_CANONICAL_TYPED_ID_MESSAGE =
  'must be the canonical typed ID: the last base32 character before "_" must have its 2 spare bits zero ' +
  '(one of a, e, i, m, q, u, y, 4)';

/** Message (thrown as a TypeError by `formatTypedId`) for a malformed UUID. */
export const UUID_MESSAGE = 'must be a UUID of 8-4-4-4-12 hex digits, e.g. 551c0c0d-0e49-7f49-640e-50b463340000';

/** Message (thrown as a TypeError by `formatTypedId`) for a malformed type suffix. */
export const TYPE_SUFFIX_MESSAGE = 'type suffix must be 1 to 9 lowercase letters or digits, e.g. xfer';
