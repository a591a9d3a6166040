/** The RFC 4648 section 6 base32 alphabet, in lowercase. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** The 5-bit value of the alphabet character with UTF-16 code `code`, or -1 for any other. */
function valueOfCode(code: number): number {
  if (code >= 97 && code <= 122) return code - 97; // a-z: 0-25
  if (code >= 50 && code <= 55) return code - 24; // 2-7: 26-31
  return -1;
}

/** 16 bytes are 128 bits; 26 characters of 5 bits carry 130, so 2 bits are spare. */
export const UUID_BASE32_LENGTH = 26;
const SPARE_BITS = UUID_BASE32_LENGTH * 5 - 128;
const SPARE_MASK = (1 << SPARE_BITS) - 1;

/**
 * Encodes 16 bytes as 26 characters of lowercase RFC 4648 base32, without padding. The 2
 * spare bits of the last character are zero.
 *
 * @example
 * encodeUuidBase32(new Uint8Array(16)) // 'aaaaaaaaaaaaaaaaaaaaaaaaaa'
 */
export function encodeUuidBase32(bytes: Uint8Array): string {
  let text = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      text += ALPHABET[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) text += ALPHABET[(buffer << (5 - bits)) & 31];
  return text;
}

/** Why 26 characters are not the canonical base32 of 16 bytes: a character outside the alphabet, or spare bits set. */
export type Base32Failure = 'alphabet' | 'spare-bits';

/**
 * Decodes the first 26 characters of `text` to 16 bytes. They must already be accepted by
 * {@link checkUuidBase32}, which is where the alphabet and the spare bits are checked: this
 * function reads them without checking again.
 *
 * @example
 * decodeCheckedUuidBase32('kuoaydiojf7uszaokc2ggnaaaa_xfer')[0] // 0x55
 */
export function decodeCheckedUuidBase32(text: string): Uint8Array {
  const bytes = new Uint8Array(16);
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (let i = 0; i < UUID_BASE32_LENGTH; i += 1) {
    buffer = (buffer << 5) | valueOfCode(text.charCodeAt(i));
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      if (index < 16) bytes[index] = (buffer >> bits) & 0xff;
      index += 1;
    }
    buffer &= (1 << bits) - 1;
  }
  return bytes;
}

/**
 * Why the first 26 characters of `text` are not the canonical base32 of 16 bytes, or
 * `undefined` when they are: the check of `decodeUuidBase32` without decoding, so a
 * validator allocates nothing. The spare bits are the low 2 bits of the 26th character.
 *
 * @example
 * checkUuidBase32('kuoaydiojf7uszaokc2ggnaaaa_xfer') // undefined
 * checkUuidBase32('kuoaydiojf7uszaokc2ggnaaab')      // 'spare-bits'
 */
export function checkUuidBase32(text: string): Base32Failure | undefined {
  if (text.length < UUID_BASE32_LENGTH) return 'alphabet';
  let last = 0;
  for (let i = 0; i < UUID_BASE32_LENGTH; i += 1) {
    last = valueOfCode(text.charCodeAt(i));
    if (last === -1) return 'alphabet';
  }
  return (last & SPARE_MASK) === 0 ? undefined : 'spare-bits';
}
