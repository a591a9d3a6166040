import type { Store, StoreDeadline, StoreSeed } from '../http/index.js';
import { deadlineQuery, mappedQuery } from './bounded.js';
import { type RowGate, createRowGate } from './row-gate.js';
import { type PostgresClient, type Query, type Row, inTransaction, isPool, queryOf, statementName } from './client.js';
import { assertClient, checkSchemaVersion, migratePostgres } from './migrate.js';
import { POSTGRES_MESSAGES } from './messages.js';
import { DEFAULT_SCHEMA, quoteSchemaName } from './schema-name.js';
import { seedStore } from './seed.js';
import { effectsChannel, listenerApplicationName } from './channel.js';
import { type ListenSetup, canListenOnPGlite, canListenOnPool, listenOnPGlite, listenOnPool } from './listener.js';
import { type StoreStatements, storeStatements } from './sql.js';
import { idempotencyCalls } from './idempotency.js';
import { outboxCalls } from './outbox.js';
import { resourceCalls } from './resources.js';
import { PREPARED, type StatementNames, type ViewContext } from './view.js';
import { type KnownOptions, checkOptionKeys } from '../shared/known-options.js';

/** Options of {@link createPostgresStore}. */
export type PostgresStoreOptions = {
  /** A `pg.Pool`, a connected `pg.Client` or a PGlite instance; it stays yours to close. */
  readonly client: PostgresClient;
  /** The schema holding the tables; default `payments_kit`. Lower-case letters, digits and `_`. */
  readonly schema?: string;
  /** Resources to insert when absent (rows already stored are kept); the same shape as `createMemoryStore`'s. */
  readonly seed?: StoreSeed;
  /** Create or upgrade the tables first (default `true`); with `false`, the schema must be at this code's version. */
  readonly migrate?: boolean;
  /**
   * node-postgres client config for the LISTEN connection of `subscribeToEffects`, laid over the
   * pool's own: e.g. `{ connectionString: DIRECT_URL }` when the pool goes through a
   * transaction-pooling PgBouncer, which cannot hold a LISTEN (docs/storage.md).
   */
  readonly listenConfig?: Readonly<Record<string, unknown>>;
  /**
   * On node-postgres, run the dispatcher's hot statements (claim, mark delivered) as named
   * prepared statements, parsed and planned once per connection (default `true`). Set `false`
   * behind a transaction-mode PgBouncer that does not track prepared statements (before 1.21,
   * or `max_prepared_statements = 0`). PGlite and other clients always get plain text.
   */
  readonly preparedStatements?: boolean;
};

/** Options of {@link PostgresStore.prune}. */
export type PruneOptions = {
  /** Delete effects delivered longer ago than this; default 7 days. */
  readonly deliveredOlderThanMs?: number;
  /** Rows per delete statement (each its own short transaction); default 1,000. */
  readonly batchSize?: number;
};

/** The store port on PostgreSQL, plus housekeeping. */
export type PostgresStore = Store & {
  /** The schema this store uses. */
  readonly schema: string;
  /**
   * Deletes delivered effects older than `deliveredOlderThanMs` and idempotency records that
   * count as absent (past their TTL, or in flight past their lock), in batches; resolves with
   * how many of each it deleted. Safe to run from several processes and while serving.
   */
  prune(options?: PruneOptions): Promise<{ readonly effects: number; readonly idempotencyRecords: number }>;
  /**
   * The view of one request's deadline (the port's `within`): every statement ends by
   * `deadline`, cancelled in the database past it, and a rejection says what it left behind
   * (`StoreUnavailableError.outcome`: `none`, or `unknown` for a write that may have committed;
   * docs/storage.md). On a `pg.Pool`, writes of one row take turns in this process (`RowGate`),
   * so a row locked elsewhere holds one pooled connection per process, not one per waiting
   * request. `undefined` when called on anything but this object (a host's wrapper).
   */
  within(deadline: StoreDeadline): Store | undefined;
};

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
/** Every key of {@link PostgresStoreOptions}: `createPostgresStore` refuses any other. */
const POSTGRES_STORE_OPTION_KEYS = {
  client: true, schema: true, seed: true, migrate: true, listenConfig: true, preparedStatements: true,
} as const satisfies KnownOptions<PostgresStoreOptions>;

/**
 * The store port on PostgreSQL 13+ (node-postgres `Pool`/`Client`, or PGlite). Documents are
 * `json` rows with a `version` column; compare-and-set is `UPDATE ... WHERE version = $n`;
 * evidence is appended as rows; an invoice write, its outbox effects and its idempotency
 * completion are ONE statement. The outbox is claimed with `FOR UPDATE SKIP LOCKED` and
 * leases on the database's clock. A write that inserts effects NOTIFYs `<schema>_effects`, and
 * `subscribeToEffects` (on a `pg.Pool` or PGlite) LISTENs for it, so a started dispatcher in
 * another process wakes at once. Every statement is parameterised; the schema name, the only
 * identifier, is checked and quoted. See docs/storage.md for the tables and the SQL.
 *
 * @example
 * import pg from 'pg';
 * import { createPostgresStore } from 'payments-kit/postgres';
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * const store = await createPostgresStore({ client: pool });
 * const handler = createHandler({ store, auth });
 * // or, embedded: createPostgresStore({ client: new PGlite('./data') })
 */
export async function createPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  checkOptionKeys(options, POSTGRES_STORE_OPTION_KEYS, 'createPostgresStore');
  const { client } = options;
  assertClient(client);
  const schema = options.schema ?? DEFAULT_SCHEMA;
  const s = quoteSchemaName(schema);
  if (options.migrate ?? true) await migratePostgres(client, { schema });
  else await checkSchemaVersion(client, schema);
  const seed = options.seed;
  if (seed !== undefined) await inTransaction(client, (query) => seedStore(query, s, seed));

  const { listenConfig } = options;
  if (listenConfig !== undefined && (listenConfig === null || typeof listenConfig !== 'object' || Array.isArray(listenConfig) || !canListenOnPool(client)))
    throw new TypeError(POSTGRES_MESSAGES.badListenConfig);
  const channel = effectsChannel(schema);
  const listen = subscriberOf(client, { channel, applicationName: listenerApplicationName(schema), ...(listenConfig === undefined ? {} : { config: listenConfig }) });
  const { preparedStatements = true } = options;
  if (typeof preparedStatements !== 'boolean') throw new TypeError(POSTGRES_MESSAGES.badPreparedStatements);
  const sql = storeStatements(s, channel);
  const names: StatementNames = preparedStatements ? Object.fromEntries(PREPARED.map((key) => [key, statementName(sql[key])])) : {};
  const gate = isPool(client) ? createRowGate() : undefined;
  const base: StoreBase = { client, schema, listen, names, gate, sql };
  const store: PostgresStore = {
    ...storeOn(base, mappedQuery(queryOf(client)), undefined),
    schema,
    ...(listen === undefined ? {} : { subscribeToEffects: listen }),
    within(this: unknown, deadline: StoreDeadline) {
      // Only for this very object: a host's wrapper that forwards here gets `undefined`, and the
      // handler races the wrapper's own calls instead of bypassing it.
      return this === store ? storeOn(base, deadlineQuery(client, deadline), deadline) : undefined;
    },
    prune: (options) => prune(queryOf(client), sql, options),
  };
  return store;
}

/** `subscribeToEffects` for clients that can listen (a `pg.Pool`, PGlite); `undefined` for a single `pg.Client`. */
function subscriberOf(client: PostgresClient, setup: ListenSetup): Store['subscribeToEffects'] {
  if (canListenOnPool(client)) return (onEffects, options) => listenOnPool(client, setup, onEffects, options?.onError);
  if (canListenOnPGlite(client)) return (onEffects) => listenOnPGlite(client, setup.channel, onEffects);
  return undefined;
}

/**
 * What every view of one store shares: its client, its schema, how it listens for effects, its
 * prepared statements' names, its statements, and (on a pool) the gate its writers of one row
 * take turns at.
 */
type StoreBase = {
  readonly client: PostgresClient;
  readonly schema: string;
  readonly listen: Store['subscribeToEffects'];
  readonly names: StatementNames;
  readonly gate: RowGate | undefined;
  readonly sql: StoreStatements;
};

/**
 * The store port over `query`: plain (the store itself), or bounded by a request's `deadline`
 * (its `within` view), where each row's writes also go through the gate. One idea per file:
 * the resources (resources.ts), the outbox (outbox.ts), idempotency records (idempotency.ts);
 * the statements are in sql.ts, how each runs (deadline, cancel, limits) in bounded.ts.
 */
function storeOn(on: StoreBase, query: Query, deadline: StoreDeadline | undefined): Store {
  const { gate, sql, names } = on;
  const first = async (text: string, params: readonly unknown[], mutates?: boolean): Promise<Row | undefined> => (await query(text, params, undefined, mutates))[0];
  const context: ViewContext = {
    sql,
    query,
    names,
    first,
    writeRow: (row, text, params) => (gate === undefined || deadline === undefined ? first(text, params, true) : gate.run(row, deadline, () => first(text, params, true))),
  };
  return { system: 'postgresql', ...resourceCalls(context), ...outboxCalls(context), ...idempotencyCalls(context), ...(on.listen === undefined ? {} : { subscribeToEffects: on.listen }) };
}

/** {@link PostgresStore.prune}: each kind deleted in batches, each batch its own short statement. */
async function prune(query: Query, sql: StoreStatements, pruneOptions: PruneOptions = {}): Promise<{ readonly effects: number; readonly idempotencyRecords: number }> {
  const olderThan = pruneOptions.deliveredOlderThanMs ?? WEEK_MS;
  const batch = Math.max(1, Math.floor(pruneOptions.batchSize ?? 1000));
  const drain = async (text: string, params: readonly unknown[]): Promise<number> => {
    let total = 0;
    for (;;) {
      const deleted = Number((await query(text, params))[0]?.['deleted'] ?? 0);
      total += deleted;
      if (deleted < batch) return total;
    }
  };
  return {
    effects: await drain(sql.pruneEffects, [olderThan, batch]),
    idempotencyRecords: await drain(sql.pruneIdempotency, [batch]),
  };
}
