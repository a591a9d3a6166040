import { WEBHOOK_MESSAGES } from './messages.js';

/**
 * The webhook endpoint as a checked `URL`: absolute, `http:` or `https:`, without user name or
 * password (fetch refuses those at every call; here they are refused once, at construction).
 * Throws `TypeError` otherwise.
 *
 * @example
 * targetUrl('https://hooks.example.com/payments').href // 'https://hooks.example.com/payments'
 * targetUrl('ftp://example.com')                        // throws TypeError
 */
export function targetUrl(url: unknown): URL {
  if (typeof url !== 'string' && !(url instanceof URL)) throw new TypeError(WEBHOOK_MESSAGES.url);
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    throw new TypeError(WEBHOOK_MESSAGES.url);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.username !== '' || parsed.password !== '') throw new TypeError(WEBHOOK_MESSAGES.url);
  return parsed;
}
