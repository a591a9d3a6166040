/**
 * `payments-kit/postgres`: the store port of `payments-kit/http` on PostgreSQL 13 or newer,
 * through node-postgres (`pg.Pool`, `pg.Client`) or PGlite. Neither driver is imported here:
 * pass your own client. See docs/storage.md.
 *
 * @packageDocumentation
 */
export { createPostgresStore, type PostgresStore, type PostgresStoreOptions, type PruneOptions } from './store.js';
export { migratePostgres, type MigrateOptions } from './migrate.js';
export type { PostgresClient, PostgresQueryable, PostgresPoolLike, PGliteLike } from './client.js';
export { DEFAULT_SCHEMA } from './schema-name.js';
export { SCHEMA_VERSION } from './migrations.js';
