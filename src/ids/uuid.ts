const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * True when `s` is a UUID written 8-4-4-4-12 with hex digits of either case. Version and
 * variant bits are not checked (the spec asks only for the 8-4-4-4-12 shape); braces and
 * the `urn:uuid:` prefix are not accepted.
 *
 * @example
 * isUuid('551C0C0D-0E49-7F49-640E-50B463340000') // true
 * isUuid('{551c0c0d-0e49-7f49-640e-50b463340000}') // false
 */
export function isUuid(s: string): boolean {
  return UUID_PATTERN.test(s);
}

/**
 * The 16 bytes of a UUID already known to match {@link isUuid}.
 *
 * @example
 * uuidToBytes('00000000-0000-0000-0000-0000000000ff')[15] // 255
 */
export function uuidToBytes(uuid: string): Uint8Array {
  const hex = uuid.replaceAll('-', '');
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i += 1) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** Hyphen positions of the canonical 8-4-4-4-12 form, counted in bytes. */
const GROUP_ENDS = new Set([4, 6, 8, 10]);

/**
 * The lowercase canonical 8-4-4-4-12 text of 16 UUID bytes.
 *
 * @example
 * bytesToUuid(new Uint8Array(16)) // '00000000-0000-0000-0000-000000000000'
 */
export function bytesToUuid(bytes: Uint8Array): string {
  let text = '';
  bytes.forEach((byte, index) => {
    if (GROUP_ENDS.has(index)) text += '-';
    text += byte.toString(16).padStart(2, '0');
  });
  return text;
}
