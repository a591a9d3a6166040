/**
 * Whether two byte strings are equal, in time that depends only on their lengths (never on
 * where they differ): every byte is compared, differences are OR-ed together, and there is
 * no early exit. Lengths are not secret (an HMAC-SHA256 is always 32 bytes). The library's
 * own comparison, so that the guarantee does not depend on a runtime's WebCrypto `verify`.
 *
 * @example
 * constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2])) // true
 * constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3])) // false
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}
