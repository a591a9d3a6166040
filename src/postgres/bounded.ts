import { unrefTimeout } from './timers.js';
import { queryWithinLimits } from './limits.js';
import { StoreUnavailableError, type StoreDeadline, remainingMs } from '../http/index.js';
import { type PooledConnection, type PostgresClient, type PostgresQueryable, type Query, type Row, isPool, queryOf } from './client.js';
import { canBeCancelled, cancelRunningStatement, runningStatement } from './cancel.js';
import { storeFailure, wasSentAndLost } from './failures.js';

/**
 * How long a statement cancelled at its deadline may take to report how it ended (the cancel
 * goes over a connection of its own). Past it, the connection is given up and a write's outcome
 * is unknown: a locked row's requests end within their deadline and 1 s.
 */
export const CANCEL_GRACE_MS = 1_000;

/**
 * Statements of one single-connection client (a `pg.Client`, PGlite) take turns here, so that a
 * statement is handed to the client only when it can start, and one whose deadline passed while
 * it waited is dropped unsent (nothing written) instead of running after its request was answered.
 */
const turnsOf = new WeakMap<object, Promise<unknown>>();

const settled = (): undefined => undefined;

/**
 * How long the next statement on a single client waits, at most, for a cancel request's
 * connection to close (a server that takes it in closes it at once; this bounds a hung one).
 */
const CANCEL_CLOSE_CAP_MS = 10_000;

/** `promise`, or nothing after `ms`, whichever comes first. */
function cappedWait(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = unrefTimeout(resolve, ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** `true` for a statement whose success may have changed stored data (see `Query`'s `mutates`). */
type Mutates = boolean | undefined;

/**
 * What a statement that ended with `error` after it was sent left behind: a database error (it
 * reported the statement failed, so its implicit transaction rolled back) or, for a statement
 * that mutates, `unknown` when the connection broke or the server went away mid-statement.
 */
function failureAfterSend(error: unknown, mutates: Mutates): unknown {
  if (mutates === true && wasSentAndLost(error)) return new StoreUnavailableError('connection', error, 'unknown');
  return storeFailure(error);
}

/** A sent statement the database did not report on within the grace: a write's outcome is unknown. */
const unanswered = (mutates: Mutates): StoreUnavailableError => new StoreUnavailableError('timeout', undefined, mutates === true ? 'unknown' : 'none');

/**
 * Waits for `running` (a statement already sent) until `deadline`; then `cancel()`s it in the
 * database and waits up to {@link CANCEL_GRACE_MS} more for the outcome the database reports: a
 * cancelled statement is `timeout` with nothing written, one that finished meanwhile answers its
 * rows (the truth, late). No report within the grace: `timeout`, outcome `unknown` for a
 * statement that mutates. `onCancel` receives what `cancel()` returned (when a cancel request
 * went out, a promise settled once it can no longer reach another statement).
 */
function untilDeadline(
  running: Promise<readonly Row[]>,
  deadline: StoreDeadline,
  mutates: Mutates,
  cancel: () => Promise<void> | undefined,
  graceMs: number,
  onCancel: (sent: Promise<void> | undefined) => void = () => undefined,
): Promise<readonly Row[]> {
  return new Promise((resolve, reject) => {
    let grace: ReturnType<typeof setTimeout> | undefined;
    const timer = unrefTimeout(() => {
      onCancel(cancel());
      grace = unrefTimeout(() => reject(unanswered(mutates)), graceMs);
    }, remainingMs(deadline));
    running.then(
      (rows) => {
        clearTimeout(timer);
        clearTimeout(grace);
        resolve(rows);
      },
      (error: unknown) => {
        clearTimeout(timer);
        clearTimeout(grace);
        reject(failureAfterSend(error, mutates));
      },
    );
  });
}

/**
 * One statement on a connection of `pool`, ended by `deadline` with ONE timer: while the pool
 * wait lasts, the deadline refuses the statement unsent (`pool`, nothing written; a connection
 * that arrives later is given straight back); while it runs, the deadline cancels it in the
 * database and waits up to `graceMs` for the outcome the database reports (see
 * {@link untilDeadline} for a single client: the same rules). A connection a cancel was sent to,
 * or that broke, is destroyed on release rather than reused.
 */
function onPool(
  pool: { connect(): Promise<PooledConnection> },
  deadline: StoreDeadline,
  graceMs: number,
  text: string,
  params: readonly unknown[] | undefined,
  name: string | undefined,
  mutates: Mutates,
): Promise<readonly Row[]> {
  const left = remainingMs(deadline);
  if (left === 0) return Promise.reject(new StoreUnavailableError('timeout'));
  return new Promise((resolve, reject) => {
    let phase: 'waiting' | 'running' | 'ended' = 'waiting';
    let connection: PooledConnection | undefined;
    let lost: Error | undefined;
    let cancelled = false;
    let grace: ReturnType<typeof setTimeout> | undefined;
    // A backend terminated between two statements must not become an uncaught 'error' event.
    const onError = (error: Error): void => {
      lost = error;
    };
    const end = (): void => {
      phase = 'ended';
      clearTimeout(timer);
      clearTimeout(grace);
      if (connection === undefined) return;
      connection.off?.('error', onError);
      connection.release(lost ?? (cancelled ? new Error('statement cancelled at its deadline') : undefined));
    };
    const timer = unrefTimeout(() => {
      if (phase === 'waiting') {
        phase = 'ended';
        reject(new StoreUnavailableError('pool'));
        return;
      }
      if (phase !== 'running' || connection === undefined) return;
      cancelled = cancelRunningStatement(connection) !== undefined;
      grace = unrefTimeout(() => {
        if (phase !== 'running') return;
        lost ??= new Error('statement abandoned at its deadline');
        end();
        reject(unanswered(mutates));
      }, graceMs);
    }, left);
    pool.connect().then(
      (borrowed) => {
        if (phase === 'ended') {
          borrowed.release();
          return;
        }
        // The deadline may have passed while the event loop was busy, before its timer could run.
        if (remainingMs(deadline) === 0) {
          phase = 'ended';
          clearTimeout(timer);
          borrowed.release();
          reject(new StoreUnavailableError('pool'));
          return;
        }
        phase = 'running';
        connection = borrowed;
        borrowed.on?.('error', onError);
        // The database's own backstop (the whole budget), for this statement only: see limits.ts.
        const sent = queryWithinLimits(borrowed, deadline.budgetMs, text, params, name) ?? queryOf(borrowed)(text, params, name);
        sent.then(
          (rows) => {
            if (phase !== 'running') return;
            end();
            resolve(rows);
          },
          (error: unknown) => {
            if (phase !== 'running') return;
            end();
            reject(failureAfterSend(error, mutates));
          },
        );
      },
      (error: unknown) => {
        if (phase === 'ended') return;
        end();
        // Never sent: a refused or timed-out connect leaves nothing behind (outcome `none`).
        reject(storeFailure(error));
      },
    );
  });
}

/**
 * One statement on a single-connection client, in its turn: dropped unsent when its deadline
 * passed before its turn came; once sent, ended as {@link untilDeadline} says (a `pg.Client` is
 * cancelled in the database; PGlite runs nothing concurrently, so a started statement is waited
 * for and its real outcome answered).
 */
function onSingle(client: PostgresQueryable, deadline: StoreDeadline, graceMs: number, text: string, params: readonly unknown[] | undefined, name: string | undefined, mutates: Mutates): Promise<readonly Row[]> {
  const query = queryOf(client);
  const previous = turnsOf.get(client) ?? Promise.resolve();
  let answer!: (rows: readonly Row[]) => void;
  let refuse!: (error: unknown) => void;
  const mine = new Promise<readonly Row[]>((resolve, reject) => {
    answer = resolve;
    refuse = reject;
  });
  let expired = false;
  const timer = unrefTimeout(() => {
    expired = true;
    refuse(new StoreUnavailableError('timeout'));
  }, remainingMs(deadline));
  // The next statement's turn comes when this one has ended (or was dropped unsent).
  const turn = previous.then(() => {
    clearTimeout(timer);
    if (expired) return undefined;
    // The deadline may have passed while the event loop was busy (PGlite runs on this thread).
    if (remainingMs(deadline) === 0) {
      expired = true;
      refuse(new StoreUnavailableError('timeout'));
      return undefined;
    }
    const sent = query(text, params, name);
    if (!canBeCancelled(client)) {
      const running = sent.catch((error: unknown) => Promise.reject(failureAfterSend(error, mutates)));
      running.then(answer, refuse);
      return running.then(settled, settled);
    }
    // A cancel must reach this statement only: it goes out only while this statement is the one
    // running, and the next statement's turn waits until the cancel's connection has closed (the
    // server has acted on it by then), so a late cancel never meets another request's statement.
    const statement = runningStatement(client);
    let cancelling: Promise<void> | undefined;
    const running = untilDeadline(sent, deadline, mutates, () => cancelRunningStatement(client, statement), graceMs, (request) => (cancelling = request));
    running.then(answer, refuse);
    return running.then(settled, settled).then(() => (cancelling === undefined ? undefined : cappedWait(cancelling, CANCEL_CLOSE_CAP_MS)));
  });
  turnsOf.set(client, turn);
  return mine;
}

/**
 * The query function of one request's store view: every statement ends by `deadline`, and a
 * rejection tells what it left behind (`StoreUnavailableError.outcome`). On a `pg.Pool`: the
 * pool wait is bounded (a connection that comes too late runs nothing); a statement still
 * running at the deadline is cancelled in the database (node-postgres's cancel request) and the
 * answer waits for the database to say how it ended (up to {@link CANCEL_GRACE_MS}); every
 * statement also carries `statement_timeout`/`lock_timeout` of the whole budget, for itself only (limits.ts).
 * On a single `pg.Client` or PGlite: statements take turns, and one whose deadline passed
 * before its turn is never sent. Database errors that mean "slow or away" become
 * `StoreUnavailableError` (see `storeFailure`); `mutates` marks a statement whose loss
 * mid-flight makes the outcome unknown.
 *
 * @example
 * const query = deadlineQuery(pool, storeDeadline(5_000));
 * await query('SELECT 1 AS one'); // [{ one: 1 }], or StoreUnavailableError once the 5 s are spent
 */
export function deadlineQuery(client: PostgresClient, deadline: StoreDeadline, graceMs = CANCEL_GRACE_MS): Query {
  if (isPool(client)) return (text, params, name, mutates) => onPool(client, deadline, graceMs, text, params, name, mutates);
  return (text, params, name, mutates) =>
    remainingMs(deadline) === 0 ? Promise.reject(new StoreUnavailableError('timeout')) : onSingle(client, deadline, graceMs, text, params, name, mutates);
}

/**
 * `query` with the database's "slow or away" errors mapped to `StoreUnavailableError`.
 *
 * @example
 * const query = mappedQuery(queryOf(pool));
 */
export function mappedQuery(query: Query): Query {
  return async (text, params, name, mutates) => {
    try {
      return await query(text, params, name);
    } catch (error) {
      throw failureAfterSend(error, mutates);
    }
  };
}
