import type { PostgresQueryable } from './client.js';

/**
 * What node-postgres's `Client` exposes for a cancel request, as a structural type (`pg` is
 * not imported): the backend's key, the statement in flight (`_getActiveQuery`, read without
 * the deprecated `activeQuery` getter), its connection parameters, and its class, whose new
 * instance's `connection` opens the second connection that carries the request.
 */
type CancellableClient = {
  readonly processID?: unknown;
  readonly secretKey?: unknown;
  readonly connectionParameters?: unknown;
  readonly _getActiveQuery?: () => unknown;
  readonly constructor: unknown;
};

/** The protocol connection of a fresh node-postgres client, as far as a cancel request needs it. */
type CancelConnection = {
  on(event: 'error', listener: () => void): unknown;
  once(event: 'connect', listener: () => void): unknown;
  connect(portOrPath: unknown, host?: unknown): void;
  cancel(processID: unknown, secretKey: unknown): void;
  end?(): void;
};

type Canceller = { readonly connection?: Partial<CancelConnection>; readonly host?: unknown; readonly port?: unknown };

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
 * Asks the database to cancel the statement `client` is running now: PostgreSQL's cancel
 * request (the backend's process ID and secret key) over a new connection to the same server,
 * as node-postgres's own `cancel` sends it. Returns `true` when a request went out: the
 * statement then ends with SQLSTATE 57014 unless it finished first. Nothing running, or a client
 * that cannot be cancelled: `false`, nothing sent. Never throws; a cancel connection that fails
 * is ignored (the database's own `statement_timeout` stays the backstop).
 *
 * @example
 * if (cancelRunningStatement(connection)) connection.release(new Error('cancelled')); // never reuse it
 */
export function cancelRunningStatement(client: PostgresQueryable): boolean {
  if (!canBeCancelled(client)) return false;
  const shape = client as unknown as CancellableClient;
  if (typeof shape._getActiveQuery === 'function' && (shape._getActiveQuery() ?? null) === null) return false;
  try {
    const Client = shape.constructor as new (config: unknown) => Canceller;
    const canceller = new Client(shape.connectionParameters);
    const connection = canceller.connection;
    if (typeof connection?.connect !== 'function' || typeof connection.cancel !== 'function' || typeof connection.once !== 'function') return false;
    const con = connection as CancelConnection;
    con.on('error', () => undefined);
    con.once('connect', () => con.cancel(shape.processID, shape.secretKey));
    const { host, port } = canceller;
    if (typeof host === 'string' && host.startsWith('/')) con.connect(`${host}/.s.PGSQL.${String(port)}`);
    else con.connect(port, host);
    return true;
  } catch {
    return false;
  }
}
