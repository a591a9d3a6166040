const HEX = '0123456789abcdef';

/**
 * A random (version 4, RFC 9562) UUID in lower case from `crypto.getRandomValues`, which every
 * runtime has (`crypto.randomUUID` is missing in insecure browser contexts). Used for each
 * write's `Idempotency-Key` and each call's `x-request-id`.
 *
 * @example
 * freshUuid() // '3b241101-e2bb-4255-8caf-4136c566a962'
 */
export function freshUuid(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  let text = '';
  for (let i = 0; i < 16; i++) {
    const byte = bytes[i] ?? 0;
    text += (i === 4 || i === 6 || i === 8 || i === 10 ? '-' : '') + HEX[byte >> 4] + HEX[byte & 15];
  }
  return text;
}
