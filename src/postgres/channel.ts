import { quoteSchemaName } from './schema-name.js';

/** PostgreSQL's identifier limit (NAMEDATALEN - 1): a channel name must fit it. */
const MAX_IDENTIFIER_BYTES = 63;
const SUFFIX = '_effects';

/**
 * The `NOTIFY` channel of a schema's outbox: the schema name (checked like the schema itself)
 * plus `_effects`, the schema cut short when the whole would exceed 63 bytes (two long schemas
 * sharing their first 55 characters then share a channel: a spurious wake-up, never a lost one).
 * Only `[a-z0-9_]`, so it is safe both as a quoted identifier and as a string literal.
 *
 * @example
 * effectsChannel('payments_kit') // 'payments_kit_effects'
 */
export function effectsChannel(schema: string): string {
  quoteSchemaName(schema);
  return schema.slice(0, MAX_IDENTIFIER_BYTES - SUFFIX.length) + SUFFIX;
}

/**
 * The `application_name` of a store's listening connection (so operators, and tests, can find
 * it in `pg_stat_activity`); at most 63 bytes, as the server keeps.
 *
 * @example
 * listenerApplicationName('payments_kit') // 'payments-kit listen payments_kit'
 */
export function listenerApplicationName(schema: string): string {
  quoteSchemaName(schema);
  return `payments-kit listen ${schema}`.slice(0, MAX_IDENTIFIER_BYTES);
}
