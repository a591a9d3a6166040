const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  let out = '';
  for (const byte of new Uint8Array(bytes)) out += byte.toString(16).padStart(2, '0');
  return out;
}

/**
 * What identifies a request for its idempotency key: the SHA-256 (WebCrypto, so it runs on
 * Node, Deno, Bun and Workers alike) of the method, the path and the body bytes, as hex. Two
 * requests are "the same request" exactly when all three are equal byte for byte.
 *
 * @example
 * await requestFingerprint('PATCH', '/accounts/a/invoices/i', new TextEncoder().encode('{}'))
 * // 'sha256:5c1f...'
 */
export async function requestFingerprint(method: string, path: string, body: Uint8Array): Promise<string> {
  // The head is length-prefixed so that no method/path split can collide with another.
  const head = encoder.encode(`${method.length}:${method} ${path.length}:${path}\n`);
  const message = new Uint8Array(head.byteLength + body.byteLength);
  message.set(head, 0);
  message.set(body, head.byteLength);
  return `sha256:${hex(await globalThis.crypto.subtle.digest('SHA-256', message))}`;
}
