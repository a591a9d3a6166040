const HEX = '0123456789abcdef';
/** UUIDs per random fill: one `getRandomValues` call serves this many. */
const BATCH = 32;
let random: Uint8Array | undefined;
let next = BATCH;

/**
 * A random (version 4, RFC 9562) UUID in lower case from `crypto.getRandomValues`, which every
 * runtime has (`crypto.randomUUID` is missing in insecure browser contexts), filled 32 UUIDs at a
 * time and never at module scope (workerd refuses random values there). Used for each write's
 * `Idempotency-Key` and each call's `x-request-id`.
 *
 * @example
 * freshUuid() // '3b241101-e2bb-4255-8caf-4136c566a962'
 */
export function freshUuid(): string {
  if (next === BATCH || random === undefined) {
    random = globalThis.crypto.getRandomValues(new Uint8Array(BATCH * 16));
    next = 0;
  }
  const at = next++ * 16;
  let text = '';
  for (let i = 0; i < 16; i++) {
    let byte = random[at + i] ?? 0;
    if (i === 6) byte = (byte & 0x0f) | 0x40;
    else if (i === 8) byte = (byte & 0x3f) | 0x80;
    text += (i === 4 || i === 6 || i === 8 || i === 10 ? '-' : '') + HEX[byte >> 4] + HEX[byte & 15];
  }
  return text;
}
