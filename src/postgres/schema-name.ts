import { POSTGRES_MESSAGES } from './messages.js';

/** The schema the adapter uses when none is given. */
export const DEFAULT_SCHEMA = 'payments_kit';

/**
 * Lower-case letters, digits and `_`, not starting with a digit, at most 63 bytes
 * (PostgreSQL's identifier length), and not `pg_`-prefixed (reserved by PostgreSQL).
 */
const SCHEMA_NAME = /^(?!pg_)[a-z_][a-z0-9_]{0,62}$/;

/**
 * Checks a schema name strictly and returns it double-quoted for SQL (identifiers cannot be
 * parameters, so this is the only name that enters SQL text, and only after this check).
 * Throws a `TypeError` naming the rule otherwise.
 *
 * @example
 * quoteSchemaName('payments_kit') // '"payments_kit"'
 * quoteSchemaName('Robert"; DROP') // throws TypeError
 */
export function quoteSchemaName(schema: string): string {
  if (typeof schema !== 'string' || !SCHEMA_NAME.test(schema)) throw new TypeError(POSTGRES_MESSAGES.badSchemaName(schema));
  return `"${schema}"`;
}
