import type { PlainReply } from './exchange.js';

/**
 * A JSON reply: `body` serialized once, here.
 *
 * @example
 * jsonReply(200, { ok: true }) // { status: 200, body: '{"ok":true}' }
 */
export function jsonReply(status: number, body: unknown, headers?: Readonly<Record<string, string>>): PlainReply {
  const serialized = JSON.stringify(body);
  return headers === undefined ? { status, body: serialized } : { status, body: serialized, headers };
}

/**
 * An error reply with the spec's `{ error: string }` body (spec 7).
 *
 * @example
 * errorReply(404, 'the invoice was not found in this account')
 * // { status: 404, body: '{"error":"the invoice was not found in this account"}' }
 */
export function errorReply(status: number, error: string, headers?: Readonly<Record<string, string>>): PlainReply {
  return jsonReply(status, { error }, headers);
}
