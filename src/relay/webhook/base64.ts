const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Standard base64 (RFC 4648 section 4, padded) of bytes, with the runtime-neutral `btoa`.
 *
 * @example
 * encodeBase64(new Uint8Array([1, 2, 3])) // 'AQID'
 */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The bytes of padded standard base64 text, or undefined when the text is not exactly that.
 *
 * @example
 * decodeBase64('AQID') // Uint8Array [1, 2, 3]
 * decodeBase64('AQI')  // undefined
 */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!BASE64.test(text)) return undefined;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
