import type { PostgresQueryable } from './client.js';

/**
 * What node-postgres's `Client` exposes for a cancel request, as a structural type (`pg` is
 * not imported): the backend's key, the statement in flight, its connection parameters, and
 * its class, whose `cancel(target, query)` opens a second connection that sends the request.
 */
type CancellableClient = {
  readonly processID?: unknown;
  readonly secretKey?: unknown;
  readonly activeQuery?: unknown;
  readonly connectionParameters?: unknown;
  readonly constructor: unknown;
};

type Canceller = {
  cancel(target: unknown, query: unknown): void;
  readonly connection?: { on?(event: 'error', listener: () => void): unknown };
};

/**
 * True for a node-postgres client (a `pg.Client` or a pooled one) that a cancel request can
 * reach; PGlite and other clients cannot be cancelled.
 *
 * @example
 * canBeCancelled(await pool.connect()) // true
 * canBeCancelled(new PGlite())         // false
 */
export function canBeCancelled(client: PostgresQueryable): boolean {
  const shape = client as unknown as CancellableClient;
  return typeof shape.processID === 'number' && typeof shape.connectionParameters === 'object' && typeof shape.constructor === 'function';
}

/**
 * Asks the database to cancel the statement `client` is running now (node-postgres's own
 * cancel request, sent over a new connection to the same server with the backend's key).
 * Returns `true` when a request was sent: the statement then ends with SQLSTATE 57014 unless it
 * finished first. Nothing running, or a client that cannot be cancelled: `false`, nothing sent.
 * Never throws; a cancel connection that fails is ignored (the database's own
 * `statement_timeout` stays the backstop).
 *
 * @example
 * if (cancelRunningStatement(connection)) connection.release(new Error('cancelled')); // never reuse it
 */
export function cancelRunningStatement(client: PostgresQueryable): boolean {
  if (!canBeCancelled(client)) return false;
  const shape = client as unknown as CancellableClient;
  if (shape.activeQuery === null || shape.activeQuery === undefined) return false;
  try {
    const Client = shape.constructor as new (config: unknown) => Canceller;
    const canceller = new Client(shape.connectionParameters);
    canceller.connection?.on?.('error', () => undefined);
    canceller.cancel(client, shape.activeQuery);
    return true;
  } catch {
    return false;
  }
}
