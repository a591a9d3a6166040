/** UUIDs formatted per batch: one random fill and one decode serve this many ids. */
const BATCH = 256;
const TEXT_LENGTH = 36;

// Each byte value's two lower-case hex digits as one little-endian 16-bit word, so that a
// byte is formatted with a single (unaligned) 16-bit store.
const HEX_WORDS = new Uint16Array(256);
for (let byte = 0; byte < 256; byte++) {
  const digits = byte.toString(16).padStart(2, '0');
  HEX_WORDS[byte] = digits.charCodeAt(0) | (digits.charCodeAt(1) << 8);
}

const random = new Uint8Array(BATCH * 16);
const text = new Uint8Array(BATCH * TEXT_LENGTH);
const view = new DataView(text.buffer);
const decoder = new TextDecoder();
for (let out = 0; out < text.length; out += TEXT_LENGTH) {
  text[out + 8] = text[out + 13] = text[out + 18] = text[out + 23] = 45; /* - */
}
let batch = '';
let next = BATCH;

/** Writes `byte` as two hex digits at `at`. Indexes are in range by construction (hence `!`). */
const hex = (at: number, byte: number): void => view.setUint16(at, HEX_WORDS[byte]!, true);

function refill(): void {
  globalThis.crypto.getRandomValues(random);
  const r = random;
  // Unrolled: one line per group of the 8-4-4-4-12 layout (a loop over an offset table is 3x slower).
  for (let b = 0, o = 0; b < r.length; b += 16, o += TEXT_LENGTH) {
    hex(o, r[b]!); hex(o + 2, r[b + 1]!); hex(o + 4, r[b + 2]!); hex(o + 6, r[b + 3]!);
    hex(o + 9, r[b + 4]!); hex(o + 11, r[b + 5]!);
    // RFC 9562 5.4: version 4 in the high nibble of byte 6.
    hex(o + 14, (r[b + 6]! & 0x0f) | 0x40); hex(o + 16, r[b + 7]!);
    // RFC 9562 4.1: variant 10 in the top bits of byte 8.
    hex(o + 19, (r[b + 8]! & 0x3f) | 0x80); hex(o + 21, r[b + 9]!);
    hex(o + 24, r[b + 10]!); hex(o + 26, r[b + 11]!); hex(o + 28, r[b + 12]!);
    hex(o + 30, r[b + 13]!); hex(o + 32, r[b + 14]!); hex(o + 34, r[b + 15]!);
  }
  batch = decoder.decode(text);
  next = 0;
}

/**
 * A fresh random (version 4, RFC 9562) UUID in lower case, from the platform's CSPRNG
 * (`crypto.getRandomValues`, which every runtime has; `crypto.randomUUID` is missing in
 * insecure browser contexts), formatted 256 at a time so that each call is one substring.
 * The random bytes are drawn on first use, never at module scope (workerd refuses random
 * values there). The handler's request ids and the client's `Idempotency-Key` and
 * `x-request-id` values all come from here.
 *
 * @example
 * freshUuid() // '3b241101-e2bb-4255-8caf-4136c566a962'
 */
export function freshUuid(): string {
  if (next === BATCH) refill();
  const start = next * TEXT_LENGTH;
  next += 1;
  return batch.slice(start, start + TEXT_LENGTH);
}
