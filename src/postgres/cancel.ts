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
  once(event: 'connect' | 'end', listener: () => void): unknown;
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
 * The statement `client` is running now (node-postgres's active query), or `undefined` when it
 * runs none or cannot tell. Read just after a statement was handed to an idle client, it is that
 * statement; {@link cancelRunningStatement} compares it with what runs at the deadline.
 *
 * @example
 * const sent = client.query(text, params);
 * const mine = runningStatement(client);
 */
export function runningStatement(client: PostgresQueryable): unknown {
  const shape = client as unknown as CancellableClient;
  return typeof shape._getActiveQuery === 'function' ? (shape._getActiveQuery() ?? undefined) : undefined;
}

/**
 * Asks the database to cancel the statement `client` is running now: PostgreSQL's cancel
 * request (the backend's process ID and secret key) over a new connection to the same server,
 * as node-postgres's own `cancel` sends it. With `only`, the request goes out only while that
 * statement (see {@link runningStatement}) is the one running. Returns, when a request went out,
 * a promise that settles once the cancel's own connection has closed (the server acts on a
 * cancel request before it closes that connection, so a statement sent on `client` after it
 * settles cannot be the one cancelled); `undefined` when nothing was sent (nothing running,
 * another statement running, or a client that cannot be cancelled). Never throws; a cancel
 * connection that fails is ignored (the database's own `statement_timeout` stays the backstop).
 *
 * @example
 * if (cancelRunningStatement(connection) !== undefined) connection.release(new Error('cancelled')); // never reuse it
 */
export function cancelRunningStatement(client: PostgresQueryable, only?: unknown): Promise<void> | undefined {
  if (!canBeCancelled(client)) return undefined;
  const shape = client as unknown as CancellableClient;
  if (typeof shape._getActiveQuery === 'function') {
    const running = shape._getActiveQuery() ?? undefined;
    if (running === undefined || (only !== undefined && running !== only)) return undefined;
  }
  try {
    const Client = shape.constructor as new (config: unknown) => Canceller;
    const canceller = new Client(shape.connectionParameters);
    const connection = canceller.connection;
    if (typeof connection?.connect !== 'function' || typeof connection.cancel !== 'function' || typeof connection.once !== 'function') return undefined;
    const con = connection as CancelConnection;
    const closed = new Promise<void>((resolve) => {
      con.on('error', () => resolve());
      con.once('end', () => resolve());
    });
    con.once('connect', () => con.cancel(shape.processID, shape.secretKey));
    const { host, port } = canceller;
    if (typeof host === 'string' && host.startsWith('/')) con.connect(`${host}/.s.PGSQL.${String(port)}`);
    else con.connect(port, host);
    return closed;
  } catch {
    return undefined;
  }
}
