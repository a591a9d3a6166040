import type { EvidenceText, Invoice } from '../schemas/index.js';
import type {
  BeginIdempotentResult,
  ClaimedEffect,
  DeadEffect,
  IdempotencyCompletion,
  IdempotentAnswer,
  Store,
  StoreSeed,
  WriteExtras,
} from '../http/store/port.js';
import type { InvoiceEffect } from '../invoice/index.js';
import { checkRedriveFilter, deadPageSize } from '../http/store/dead-letters.js';
import { IdempotencyKeyLostError } from '../http/store/errors.js';
import { boundedQuery, deadlineQuery, mappedQuery } from './bounded.js';
import { type RowGate, createRowGate } from './row-gate.js';
import { type StoreDeadline, storeDeadline } from '../http/store/store-deadline.js';
import { coalesced } from './coalesce.js';
import { type PostgresClient, type Query, type Row, inTransaction, isPool, queryOf, statementName } from './client.js';
import { assertClient, checkSchemaVersion, migratePostgres } from './migrate.js';
import { POSTGRES_MESSAGES } from './messages.js';
import { DEFAULT_SCHEMA, quoteSchemaName } from './schema-name.js';
import { seedStore } from './seed.js';
import { effectsChannel, listenerApplicationName } from './channel.js';
import { type ListenSetup, canListenOnPGlite, canListenOnPool, listenOnPGlite, listenOnPool } from './listener.js';
import { type StoreStatements, storeStatements } from './sql.js';
import { isStorableText, storableNote } from './storable.js';
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
   * The same store with every statement bounded by `timeoutMs` of its own (a pool wait
   * included), cancelled in the database at its deadline; rejects with `StoreUnavailableError`.
   * `createHandler` uses it for its bookkeeping after an answer is decided.
   */
  bounded(timeoutMs: number): PostgresStore;
  /**
   * The view one request uses (`createHandler` calls it per request with `storeTimeoutMs`):
   * every statement ends within `budgetMs` from now, cancelled in the database past it, and a
   * rejection says what it left behind (`StoreUnavailableError.outcome`; see docs/storage.md).
   * On a `pg.Pool`, writes of one row take turns in this process (`RowGate`), so a row locked
   * elsewhere holds one pooled connection per process, not one per waiting request.
   */
  forRequest(budgetMs: number): PostgresStore;
};

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * The statements run as named prepared statements on node-postgres: the dispatcher's claim and
 * its mark, each run once or more per delivery (the claim sits between a NOTIFY and `deliver`).
 */
const PREPARED = ['claimEffects', 'completeEffects'] as const;

/** The name of each statement of {@link PREPARED}; none with `preparedStatements: false`. */
type StatementNames = Partial<Record<(typeof PREPARED)[number], string>>;

/** At most this many completions share one statement. */
const COMPLETE_BATCH = 256;

/** How many times beginIdempotentRequest re-runs when the record changes state under it. */
const BEGIN_ROUNDS = 3;

/** A version token this store hands out: a positive decimal counter (bigint column). */
const VERSION_TOKEN = /^[1-9][0-9]{0,17}$/;

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
  return storeOn({ client, schema, listen, names, gate }, sql, mappedQuery(queryOf(client)), undefined);
}

/** `subscribeToEffects` for clients that can listen (a `pg.Pool`, PGlite); `undefined` for a single `pg.Client`. */
function subscriberOf(client: PostgresClient, setup: ListenSetup): Store['subscribeToEffects'] {
  if (canListenOnPool(client)) return (onEffects, options) => listenOnPool(client, setup, onEffects, options?.onError);
  if (canListenOnPGlite(client)) return (onEffects) => listenOnPGlite(client, setup.channel, onEffects);
  return undefined;
}

/**
 * What every view of one store shares: its client, its schema, how it listens for effects, its
 * prepared statements' names, and (on a pool) the gate its writers of one row take turns at.
 */
type StoreBase = {
  readonly client: PostgresClient;
  readonly schema: string;
  readonly listen: Store['subscribeToEffects'];
  readonly names: StatementNames;
  readonly gate: RowGate | undefined;
};

/**
 * The store port over `query` (plain, or bounded by a deadline): `bounded(ms)` answers the
 * same store with every statement under `boundedQuery`, `forRequest(ms)` with every
 * statement under `deadlineQuery` and each row's writes through the gate.
 */
function storeOn(on: StoreBase, sql: StoreStatements, query: Query, deadline: StoreDeadline | undefined): PostgresStore {
  const { client, schema, listen, names, gate } = on;
  const first = async (text: string, params: readonly unknown[], mutates?: boolean): Promise<Row | undefined> => (await query(text, params, undefined, mutates))[0];
  /** A write of one row: through the gate when this view has a deadline and the store a gate. */
  const writeRow = (row: string, text: string, params: readonly unknown[]): Promise<Row | undefined> =>
    gate === undefined || deadline === undefined ? first(text, params, true) : gate.run(row, deadline, () => first(text, params, true));
  const document = <T>(row: Row | undefined): T | undefined => (row === undefined ? undefined : (JSON.parse(row['document'] as string) as T));
  /** Reads one document by account and ID; an ID text cannot hold is absent without a query. */
  const read = async <T>(text: string, accountID: string, id: string): Promise<T | undefined> =>
    storable(accountID, id) ? document<T>(await first(text, [accountID, id])) : undefined;
  /**
   * completeEffect's statement, shared by the calls made together (a dispatcher completes its
   * deliveries at once); made on the first completion, so a request's view (`forRequest`, one per
   * request, which never completes effects) does not build one.
   */
  let completeTogether: ((claim: { readonly effectID: string; readonly claimToken: string }) => Promise<boolean>) | undefined;
  const completeBatch = () =>
    (completeTogether ??= coalesced(
      async (claims: readonly { readonly effectID: string; readonly claimToken: string }[]) => {
        const rows = await query(sql.completeEffects, [claims.map((c) => c.effectID), claims.map((c) => c.claimToken)], names.completeEffects);
        const done = new Set(rows.map((row) => row['effect_id']));
        return claims.map((c) => done.has(c.effectID));
      },
      (claim) => claim.effectID,
      COMPLETE_BATCH,
    ));

  return {
    schema,
    system: 'postgresql',
    getSchedule: (accountID, scheduleID) => read(sql.getSchedule, accountID, scheduleID),
    getAdjustment: (accountID, adjustmentID) => read(sql.getAdjustment, accountID, adjustmentID),
    async getInvoice(accountID, invoiceID) {
      if (!storable(accountID, invoiceID)) return undefined;
      const row = await first(sql.getInvoice, [accountID, invoiceID]);
      if (row === undefined) return undefined;
      return { invoice: JSON.parse(row['document'] as string) as Invoice, version: row['version'] as string };
    },
    async compareAndSetInvoice(accountID, invoice, expectedVersion, extras?: WriteExtras) {
      if (!storable(accountID, invoice.invoiceID)) return { ok: false, reason: 'not-found' };
      const effects = extras?.effects ?? [];
      const row = await writeRow(`invoice\u0000${accountID}\u0000${invoice.invoiceID}`, sql.compareAndSetInvoice, [
        accountID,
        invoice.invoiceID,
        JSON.stringify(invoice),
        VERSION_TOKEN.test(expectedVersion) ? expectedVersion : null,
        effects.map((e) => e.effectID),
        effects.map((e) => e.requestId),
        effects.map((e) => JSON.stringify(e.effect)),
        ...completionParams(extras?.idempotency),
        effects.map((e) => (e.traceContext !== undefined && storable(e.traceContext) ? e.traceContext : null)),
      ]);
      const version = row?.['version'];
      if (typeof version === 'string') return { ok: true, version };
      if (row?.['key_held'] === false) throw new IdempotencyKeyLostError();
      return { ok: false, reason: row?.['found'] === true ? 'conflict' : 'not-found' };
    },
    async getDispute(accountID, disputeID) {
      if (!storable(accountID, disputeID)) return undefined;
      const row = await first(sql.getDispute, [accountID, disputeID]);
      if (row === undefined) return undefined;
      const status = row['status'];
      return typeof status === 'string' ? { disputeID, status } : { disputeID };
    },
    async addEvidence(accountID, evidence: EvidenceText, extras?: Pick<WriteExtras, 'idempotency'>) {
      if (!storable(accountID, evidence.disputeID)) return { ok: false, reason: 'not-found' };
      const row = await writeRow(`dispute\u0000${accountID}\u0000${evidence.disputeID}`, sql.addEvidence, [
        accountID,
        evidence.disputeID,
        JSON.stringify(evidence),
        ...completionParams(extras?.idempotency),
      ]);
      if (row?.['added'] !== true && row?.['key_held'] === false) throw new IdempotencyKeyLostError();
      return row?.['added'] === true ? { ok: true } : { ok: false, reason: 'not-found' };
    },
    async listEvidence(accountID, disputeID) {
      if (!storable(accountID, disputeID)) return [];
      const rows = await query(sql.listEvidence, [accountID, disputeID]);
      return rows.map((row) => JSON.parse(row['document'] as string) as EvidenceText);
    },
    async hasWalletDomain(accountID, domain) {
      const lower = domain.toLowerCase();
      if (!storable(accountID, lower)) return false;
      return (await first(sql.hasWalletDomain, [accountID, lower]))?.['present'] === true;
    },

    async claimEffects({ limit, leaseMs }) {
      if (!(limit >= 1)) return [];
      const rows = await query(sql.claimEffects, [Math.floor(limit), leaseMs], names.claimEffects);
      return [...rows]
        .sort((x, y) => compareDecimal(x['seq'] as string, y['seq'] as string))
        .map(
          (row): ClaimedEffect => ({
            effectID: row['effect_id'] as string,
            accountID: row['account_id'] as string,
            requestId: row['request_id'] as string,
            effect: JSON.parse(row['effect'] as string) as InvoiceEffect,
            attempt: Number(row['attempts']),
            claimToken: row['claim_token'] as string,
            ...(typeof row['trace_context'] === 'string' ? { traceContext: row['trace_context'] } : {}),
          }),
        );
    },
    async completeEffect(effectID, claimToken) {
      if (!storable(effectID, claimToken)) return false;
      return completeBatch()({ effectID, claimToken });
    },
    async releaseEffect(effectID, claimToken, retryInMs, error) {
      if (!storable(effectID, claimToken)) return false;
      const note = error === undefined ? null : storableNote(error);
      return (await query(sql.releaseEffect, [effectID, claimToken, Math.max(0, retryInMs), note])).length > 0;
    },
    async markEffectDead(effectID, claimToken, error) {
      if (!storable(effectID, claimToken)) return false;
      return (await query(sql.markEffectDead, [effectID, claimToken, storableNote(error)])).length > 0;
    },
    async redriveEffects(filter) {
      const checked = checkRedriveFilter(filter);
      const { accountID } = checked;
      const effectID = 'effectID' in checked ? checked.effectID : null;
      const type = 'type' in checked ? checked.type : null;
      if (![accountID, effectID, type].every((text) => text === undefined || text === null || isStorableText(text))) return 0;
      return Number((await first(sql.redriveEffects, [accountID ?? null, effectID, type]))?.['revived'] ?? 0);
    },
    async listDeadEffects(input) {
      const limit = deadPageSize(input?.limit);
      const { after, accountID } = input;
      if (![after, accountID].every((text) => text === undefined || isStorableText(text))) return [];
      const rows = await query(sql.listDeadEffects, [accountID ?? null, after ?? null, limit]);
      return rows.map(deadEffectOf);
    },
    async outboxStats() {
      const row = await first(sql.outboxStats, []);
      const count = (name: string): number => Number(row?.[name] ?? 0);
      const oldest = row?.['oldest_pending_ms'];
      return {
        pending: count('pending'),
        inFlight: count('in_flight'),
        dead: count('dead'),
        oldestPendingAgeMs: oldest === null || oldest === undefined ? null : Number(oldest),
        deliveredLastHour: count('delivered_last_hour'),
      };
    },

    async beginIdempotentRequest(accountID, { key, fingerprint, ttlMs, lockMs }): Promise<BeginIdempotentResult> {
      if (!storable(accountID, key, fingerprint)) throw new TypeError(POSTGRES_MESSAGES.unstorableKey);
      // A few rounds at most: each ends unless the record changed state between two statements.
      for (let round = 0; round < BEGIN_ROUNDS; round++) {
        const row = await first(sql.beginIdempotent, [accountID, key, fingerprint, ttlMs, lockMs]);
        const lockToken = row?.['lock_token'];
        if (typeof lockToken === 'string') return { state: 'started', lockToken };
        const seen = row?.['live'] === true ? row : await first(sql.readIdempotent, [accountID, key]);
        if (seen?.['live'] !== true) continue; // gone or expired meanwhile: begin again
        if (seen['fingerprint'] !== fingerprint) return { state: 'mismatch' };
        if (seen['status'] === null) return { state: 'in-flight' };
        return { state: 'completed', answer: answerOf(seen) };
      }
      return { state: 'in-flight' };
    },
    async completeIdempotentRequest(accountID, completion) {
      if (!storable(accountID, completion.key, completion.lockToken)) return;
      await query(sql.completeIdempotent, [accountID, ...completionParams(completion)]);
    },
    async releaseIdempotentRequest(accountID, key, lockToken) {
      if (!storable(accountID, key, lockToken)) return;
      await query(sql.releaseIdempotent, [accountID, key, lockToken]);
    },
    async renewIdempotentRequest(accountID, key, lockToken, lockMs) {
      if (!storable(accountID, key, lockToken)) return false;
      return (await query(sql.renewIdempotent, [accountID, key, lockToken, lockMs])).length > 0;
    },
    bounded: (timeoutMs) => storeOn(on, sql, boundedQuery(client, timeoutMs), undefined),
    forRequest(budgetMs) {
      const deadline = storeDeadline(Math.max(1, budgetMs));
      return storeOn(on, sql, deadlineQuery(client, deadline), deadline);
    },
    ...(listen === undefined ? {} : { subscribeToEffects: listen }),

    async prune(pruneOptions = {}) {
      const olderThan = pruneOptions.deliveredOlderThanMs ?? WEEK_MS;
      const batch = Math.max(1, Math.floor(pruneOptions.batchSize ?? 1000));
      const drain = async (text: string, params: readonly unknown[]): Promise<number> => {
        let total = 0;
        for (;;) {
          const deleted = Number((await first(text, params))?.['deleted'] ?? 0);
          total += deleted;
          if (deleted < batch) return total;
        }
      };
      return {
        effects: await drain(sql.pruneEffects, [olderThan, batch]),
        idempotencyRecords: await drain(sql.pruneIdempotency, [batch]),
      };
    },
  };
}

/** A dead effect as `listDeadEffects` returns it, from its row. */
function deadEffectOf(row: Row): DeadEffect {
  return {
    effectID: row['effect_id'] as string,
    accountID: row['account_id'] as string,
    requestId: row['request_id'] as string,
    effect: JSON.parse(row['effect'] as string) as InvoiceEffect,
    attempts: Number(row['attempts']),
    lastError: (row['last_error'] as string | null) ?? '',
    diedAt: new Date(Number(row['died_at_ms'])).toISOString(),
  };
}

/** The five parameters of an idempotency completion; all NULL (completing nothing) without one. */
function completionParams(completion: IdempotencyCompletion | undefined): unknown[] {
  if (completion === undefined || !isStorableText(completion.key) || !isStorableText(completion.lockToken)) return [null, null, null, null, null];
  const { answer } = completion;
  // Headers and body are stored as JSON text of their JS values: exact, whatever they hold.
  return [completion.key, completion.lockToken, answer.status, JSON.stringify(answer.headers), JSON.stringify(answer.body ?? null)];
}

function answerOf(row: Row): IdempotentAnswer {
  const body = JSON.parse(row['body'] as string) as string | null;
  return {
    status: Number(row['status']),
    headers: JSON.parse(row['headers'] as string) as Record<string, string>,
    body: body === null ? undefined : body,
  };
}

const storable = (...texts: readonly string[]): boolean => texts.every(isStorableText);

/** Orders two non-negative decimal strings numerically (bigint sequence numbers). */
const compareDecimal = (x: string, y: string): number => x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
