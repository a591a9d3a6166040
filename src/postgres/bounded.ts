import { withDeadline } from '../http/core/deadline.js';
import { StoreUnavailableError } from '../http/store/errors.js';
import { type PostgresClient, type PostgresPoolLike, type Query, isPool, queryOf } from './client.js';
import { storeFailure } from './failures.js';

/**
 * The statement that opens a bounded transaction, in ONE round trip (the simple protocol runs
 * the three statements of one message in order): the database itself cancels a statement or
 * a lock wait that outlives the deadline. `ms` is a positive integer, never client text.
 *
 * @example
 * boundedBegin(5000) // 'BEGIN; SET LOCAL statement_timeout = 5000; SET LOCAL lock_timeout = 5000'
 */
export function boundedBegin(ms: number): string {
  return `BEGIN; SET LOCAL statement_timeout = ${ms}; SET LOCAL lock_timeout = ${ms}`;
}

/**
 * Runs one statement in its own transaction on a pooled connection, under the limits
 * `begin` sets. A call whose deadline passed while it waited for the pool gives the connection
 * straight back without running anything; a failed statement rolls back (and a connection
 * that cannot even roll back is destroyed rather than reused).
 */
async function runBounded(pool: PostgresPoolLike, begin: string, signal: AbortSignal, text: string, params: readonly unknown[] | undefined, onConnected: () => void): Promise<readonly Record<string, unknown>[]> {
  const connection = await pool.connect();
  onConnected();
  if (signal.aborted) {
    connection.release();
    throw signal.reason;
  }
  // A backend terminated between two statements must not become an uncaught 'error' event.
  let lost: Error | undefined;
  const onError = (error: Error): void => {
    lost = error;
  };
  connection.on?.('error', onError);
  const release = (error?: Error | boolean): void => {
    connection.off?.('error', onError);
    connection.release(error ?? lost);
  };
  const query = queryOf(connection);
  try {
    await query(begin);
    const rows = await query(text, params);
    await query('COMMIT');
    release();
    return rows;
  } catch (error) {
    await query('ROLLBACK').then(
      () => release(),
      (rollbackError: unknown) => release(rollbackError instanceof Error ? rollbackError : true),
    );
    throw error;
  }
}

/**
 * The query function of a store whose every call gives up after `timeoutMs`: on a pool, each
 * statement runs in a transaction with `SET LOCAL statement_timeout` and `lock_timeout` (the
 * database cancels the work, so a locked row holds a connection no longer than the deadline),
 * raced in the client against the same deadline (a pool wait is bounded too). On a single
 * `pg.Client` or PGlite (one connection shared by every call, so no per-call transaction), the
 * call is raced in the client only. Either way a call past its deadline rejects with
 * `StoreUnavailableError` (`pool` while it waited for a connection, else `timeout`), and a
 * database error that means "slow or away" is mapped to it too (see `storeFailure`).
 *
 * @example
 * const query = boundedQuery(pool, 5_000);
 * await query('SELECT 1 AS one'); // [{ one: 1 }], or StoreUnavailableError after 5 s
 */
export function boundedQuery(client: PostgresClient, timeoutMs: number): Query {
  const ms = Math.max(1, Math.ceil(timeoutMs));
  const never = new AbortController().signal;
  const begin = boundedBegin(ms);
  const plain = queryOf(client);
  return async (text, params) => {
    let connected = !isPool(client);
    const task = isPool(client)
      ? (signal: AbortSignal) => runBounded(client, begin, signal, text, params, () => (connected = true))
      : () => plain(text, params);
    let result;
    try {
      result = await withDeadline(task, ms, never);
    } catch (error) {
      throw storeFailure(error);
    }
    if (result.ok) return result.value;
    throw new StoreUnavailableError(connected ? 'timeout' : 'pool');
  };
}

/**
 * `query` with the database's "slow or away" errors mapped to `StoreUnavailableError`.
 *
 * @example
 * const query = mappedQuery(queryOf(pool));
 */
export function mappedQuery(query: Query): Query {
  return async (text, params) => {
    try {
      return await query(text, params);
    } catch (error) {
      throw storeFailure(error);
    }
  };
}
