import type { CredentialPair } from '../core/ports.js';

// RFC 4648 4 base64 with its padding: whole quanta of 4 characters, the last one padded.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

// RFC 7617 2: neither the user-id nor the password may contain a control character (RFC 5234 CTL).
const CONTROL = /[\x00-\x1F\x7F]/;

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Decodes the token68 of an `Authorization: Basic` header (RFC 7617): padded base64 of
 * `user-id ":" password` in UTF-8. Answers `undefined` for anything malformed: characters
 * outside base64 or missing padding, bytes that are not UTF-8, no colon, or a control
 * character in either part. The user-id ends at the first colon; the password may hold more.
 *
 * @example
 * decodeBasicCredentials('YWxpY2U6czNjcjN0') // { username: 'alice', password: 's3cr3t' }
 * decodeBasicCredentials('YWxpY2U')          // undefined (not padded)
 */
export function decodeBasicCredentials(token68: string): CredentialPair | undefined {
  if (token68 === '' || !BASE64.test(token68)) return undefined;
  const binary = atob(token68);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return undefined;
  }
  const colon = text.indexOf(':');
  if (colon < 0 || CONTROL.test(text)) return undefined;
  return { username: text.slice(0, colon), password: text.slice(colon + 1) };
}
