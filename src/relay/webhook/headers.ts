/** Request headers as `fetch` (`Headers`) or `node:http` (`IncomingHttpHeaders`, lower-case names) gives them. */
export type WebhookHeaders = { get(name: string): string | null } | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * A `Headers` object (and node:http's `req.headers`) joins the lines of a repeated header with ", ". None of the three Standard
 * Webhooks headers holds ", " when sent once (an id is an opaque token, a timestamp digits,
 * signatures are separated by single spaces), so a value holding it was repeated.
 */
const JOINED = ', ';

/**
 * One header's value, looked up case-insensitively: `undefined` when absent, `null` when it
 * appears more than once (a message must carry each header once): an array of values, two
 * spellings of its name, or a value holding ", " (how a `Headers` object and node:http's
 * `req.headers` join repeated lines).
 *
 * @example
 * headerValue(new Headers({ 'Webhook-Id': 'e1' }), 'webhook-id') // 'e1'
 * headerValue({ 'webhook-id': ['a', 'b'] }, 'webhook-id')        // null
 * headerValue(new Headers([['webhook-id', 'a'], ['webhook-id', 'b']]), 'webhook-id') // null ('a, b')
 */
export function headerValue(headers: WebhookHeaders, name: string): string | null | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    const value = (headers as { get(name: string): string | null }).get(name);
    if (value === null || value === undefined) return undefined;
    return typeof value === 'string' && !value.includes(JOINED) ? value : null;
  }
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const values: unknown[] = [];
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (key.toLowerCase() !== name || value === undefined) continue;
    values.push(...(Array.isArray(value) ? value : [value]));
  }
  if (values.length === 0) return undefined;
  const [only] = values;
  // node:http's `req.headers` joins repeated lines with ", " too.
  return values.length === 1 && typeof only === 'string' && !only.includes(JOINED) ? only : null;
}
