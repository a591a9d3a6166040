import { parseDateTime } from '../../shared/rfc3339.js';
import type { AuthPort, TokenGrant } from '../core/ports.js';
import { answersFromFixedTable } from './bearer-memo.js';

/** One token of {@link createStaticAuth}: its scopes and optional expiry. */
export type StaticToken = { readonly scopes: readonly string[]; readonly expiresAt?: Date | string };

/** Thrown by {@link createStaticAuth} for an expiry that is not a valid date. */
export const INVALID_EXPIRY_MESSAGE = 'expiresAt must be a valid Date or an RFC 3339 date-time string';

function expiryOf(value: Date | string): Date {
  if (typeof value === 'string') {
    const parsed = parseDateTime(value);
    if (!parsed.ok) throw new TypeError(INVALID_EXPIRY_MESSAGE);
    return parsed.value;
  }
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw new TypeError(INVALID_EXPIRY_MESSAGE);
  return new Date(value.getTime());
}

/**
 * A scope as one flat string (a template literal such as `/accounts/${id}/x.read` is a rope):
 * the scope step compares it with the request's scope on every request, in place only when
 * both are flat. Anything but a string is kept as it is.
 */
const flatCopy = (scope: string): string => (typeof scope === 'string' ? scope.split('').join('') : scope);

/**
 * An auth port over a fixed table of tokens, for tests, demos and small deployments.
 * Tokens are looked up as own keys only (`__proto__` is an ordinary token name).
 *
 * @example
 * const auth = createStaticAuth({
 *   'demo-token': { scopes: ['/accounts/acc_1/transfers.read'], expiresAt: '2030-01-01T00:00:00Z' },
 * });
 * await auth.verify('demo-token') // { scopes: [...], expiresAt: 2030-01-01T00:00:00.000Z }
 */
export function createStaticAuth(tokens: Readonly<Record<string, StaticToken>>): AuthPort {
  const table = new Map<string, TokenGrant>();
  for (const [token, entry] of Object.entries(tokens)) {
    const scopes = Object.freeze(entry.scopes.map(flatCopy));
    if (entry.expiresAt === undefined) {
      table.set(token, Object.freeze({ scopes }));
      continue;
    }
    table.set(token, Object.freeze({ scopes, expiresAt: expiryOf(entry.expiresAt) }));
  }
  const port: AuthPort = { verify: (token) => table.get(token) };
  // The table is fixed from here on: a handler may remember the last header it accepted (bearer-memo.ts).
  answersFromFixedTable(port, port.verify);
  return port;
}
