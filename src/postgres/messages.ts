/** The messages of errors the PostgreSQL adapter throws (errors a host sees at start-up or on misuse). */
export const POSTGRES_MESSAGES = {
  badSchemaName: (schema: unknown) =>
    `schema must be 1 to 63 characters of a-z, 0-9 and _, not starting with a digit or "pg_"; got ${JSON.stringify(String(schema))}`,
  badClient: 'client must be a pg Pool, a pg Client or a PGlite instance (an object with a query(text, params) method)',
  newerSchema: (found: number, known: number) =>
    `the database schema is at version ${found}, newer than this payments-kit knows (${known}); upgrade payments-kit`,
  notMigrated: (schema: string, found: number, known: number) =>
    `the schema "${schema}" is at version ${found} but this payments-kit needs ${known}; run migratePostgres (or createPostgresStore with migrate: true)`,
  unstorableSeedText: (what: string) =>
    `seed: ${what} holds a NUL character or a lone surrogate, which PostgreSQL text cannot store`,
  badListenConfig: 'listenConfig must be an object of node-postgres client options (e.g. { connectionString }), and is used only with a pg.Pool',
  badPreparedStatements: 'preparedStatements must be true or false',
  unstorableKey: 'the idempotency key holds a NUL character or a lone surrogate, which PostgreSQL text cannot store',
} as const;
