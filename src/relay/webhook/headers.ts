/** Request headers as `fetch` (`Headers`) or `node:http` (`IncomingHttpHeaders`, lower-case names) gives them. */
export type WebhookHeaders = { get(name: string): string | null } | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * One header's value, looked up case-insensitively: `undefined` when absent, `null` when it
 * appears more than once (an array of values, or under two spellings of its name) (a message must carry each header once).
 *
 * @example
 * headerValue(new Headers({ 'Webhook-Id': 'e1' }), 'webhook-id') // 'e1'
 * headerValue({ 'webhook-id': ['a', 'b'] }, 'webhook-id')        // null
 */
export function headerValue(headers: WebhookHeaders, name: string): string | null | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const values: unknown[] = [];
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (key.toLowerCase() !== name || value === undefined) continue;
    values.push(...(Array.isArray(value) ? value : [value]));
  }
  if (values.length === 0) return undefined;
  const [only] = values;
  return values.length === 1 && typeof only === 'string' ? only : null;
}
