import { raceDeadline } from '../http/core/race-deadline.js';
import { StoreUnavailableError } from '../http/store/errors.js';
import { type PostgresClient, type PostgresPoolLike, type Query, isPool, queryOf } from './client.js';
import { storeFailure } from './failures.js';

/**
 * The limits a pooled connection gets before the store's first statement on it, in ONE round
 * trip (the simple protocol runs both statements of one message): the database itself cancels
 * a statement or a lock wait that outlives the deadline. `ms` is a positive integer, never
 * client text. Session level, once per connection, not `SET LOCAL` per transaction: a
 * transaction per call costs two more round trips per statement (measured, docs/decisions/0236-keys-freed-after-a-fault-one-execution-per-key-deadlines-on.md).
 *
 * @example
 * connectionLimits(5000) // 'SET statement_timeout = 5000; SET lock_timeout = 5000'
 */
export function connectionLimits(ms: number): string {
  return `SET statement_timeout = ${ms}; SET lock_timeout = ${ms}`;
}

/** The limit each pooled connection was last given, so it is set once per connection and deadline. */
const limitsOf = new WeakMap<object, number>();

/** What one bounded call on a pool knows of itself: whether it got a connection, whether its deadline passed. */
type PooledCall = { connected: boolean; expired: boolean };

/**
 * Runs one statement on a pooled connection that carries the deadline's limits. A call whose
 * deadline passed while it waited for the pool gives the connection straight back without
 * running anything; a connection that broke meanwhile is destroyed rather than reused.
 */
async function runBounded(
  pool: PostgresPoolLike,
  ms: number,
  call: PooledCall,
  text: string,
  params: readonly unknown[] | undefined,
  name: string | undefined,
): Promise<readonly Record<string, unknown>[]> {
  const connection = await pool.connect();
  call.connected = true;
  if (call.expired) {
    connection.release();
    throw new StoreUnavailableError('pool');
  }
  // A backend terminated between two statements must not become an uncaught 'error' event.
  let lost: Error | undefined;
  const onError = (error: Error): void => {
    lost = error;
  };
  connection.on?.('error', onError);
  const query = queryOf(connection);
  try {
    if (limitsOf.get(connection) !== ms) {
      await query(connectionLimits(ms));
      limitsOf.set(connection, ms);
    }
    return await query(text, params, name);
  } finally {
    connection.off?.('error', onError);
    connection.release(lost);
  }
}

/** Rethrows `error` as `storeFailure` maps it. */
const failed = (error: unknown): never => {
  throw storeFailure(error);
};

/**
 * The query function of a store whose every call gives up after `timeoutMs`: on a pool, each
 * statement runs on a connection carrying `statement_timeout` and `lock_timeout` (the database
 * cancels the work, so a locked row holds a connection no longer than the deadline), raced in
 * the client against the same deadline (a pool wait is bounded too). On a single
 * `pg.Client` or PGlite (one connection shared by every call, so no per-call transaction), the
 * call is raced in the client only. Either way a call past its deadline rejects with
 * `StoreUnavailableError` (`pool` while it waited for a connection, else `timeout`), and a
 * database error that means "slow or away" is mapped to it too (see `storeFailure`). The race
 * is `raceDeadline` (a timer, no `AbortController`: nothing here needs a signal).
 *
 * @example
 * const query = boundedQuery(pool, 5_000);
 * await query('SELECT 1 AS one'); // [{ one: 1 }], or StoreUnavailableError after 5 s
 */
export function boundedQuery(client: PostgresClient, timeoutMs: number): Query {
  const ms = Math.max(1, Math.ceil(timeoutMs));
  if (!isPool(client)) {
    const plain = queryOf(client);
    const timedOut = (): StoreUnavailableError => new StoreUnavailableError('timeout');
    return (text, params, name) => raceDeadline(() => plain(text, params, name).catch(failed), ms, timedOut);
  }
  return (text, params, name) => {
    const call: PooledCall = { connected: false, expired: false };
    return raceDeadline(
      () => runBounded(client, ms, call, text, params, name).catch(failed),
      ms,
      () => {
        call.expired = true;
        return new StoreUnavailableError(call.connected ? 'timeout' : 'pool');
      },
    );
  };
}

/**
 * `query` with the database's "slow or away" errors mapped to `StoreUnavailableError`.
 *
 * @example
 * const query = mappedQuery(queryOf(pool));
 */
export function mappedQuery(query: Query): Query {
  return async (text, params, name) => {
    try {
      return await query(text, params, name);
    } catch (error) {
      throw storeFailure(error);
    }
  };
}
