import type { PostgresQueryable, Row } from './client.js';

/**
 * The database's own limits on one statement, carried by that statement's implicit transaction
 * and gone with it: nothing is set on the session, so a connection handed to another client
 * (a `pg.Pool`'s next borrower, or PgBouncer's next transaction in transaction mode) never sees
 * them.
 *
 * On node-postgres the statement goes out as ONE extended-protocol message group: Parse, Bind
 * and Execute of `SELECT set_config('statement_timeout', …, true), set_config('lock_timeout', …,
 * true)`, then Parse, Bind, Describe and Execute of the statement, then a single Sync. PostgreSQL
 * runs every message up to a Sync in one implicit transaction, so the settings (`is_local`) hold
 * for the statement, including its `statement_timeout` (armed when the statement's own messages
 * start), and end at the Sync. One round trip, as without limits. `pg` is not imported: the
 * statement is node-postgres's own `Query` (`Client.Query`, found on the connection's class),
 * sent by a small submittable that runs the settings first and hides their row.
 */

/** node-postgres's protocol connection, as far as a statement with limits needs it. */
type ProtocolConnection = {
  parse(config: { readonly text: string; readonly name?: string; readonly types?: readonly unknown[] }): void;
  bind(config: { readonly portal?: string; readonly statement?: string; readonly values?: readonly unknown[] }): void;
  execute(config: { readonly portal?: string; readonly rows?: number }): void;
  readonly stream: { cork?(): void; uncork?(): void };
};

/** node-postgres's `Query`, as far as it is driven here (its handlers take the protocol messages). */
type PgQuery = {
  name?: string;
  text?: string;
  binary?: boolean | undefined;
  callback?: ((error: Error | null, result?: { rows: unknown[] }) => void) | undefined;
  _result?: unknown;
  submit(connection: ProtocolConnection): Error | null;
  handleRowDescription(message: unknown): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: ProtocolConnection): void;
  handleEmptyQuery(connection: ProtocolConnection): void;
  handleError(error: unknown, connection: ProtocolConnection): void;
  handleReadyForQuery(connection: ProtocolConnection): void;
  handlePortalSuspended(connection: ProtocolConnection): void;
  handleCopyInResponse(connection: ProtocolConnection): void;
  handleCopyData(message: unknown, connection: ProtocolConnection): void;
};

type PgQueryClass = new (config: { readonly text: string; readonly name?: string; readonly values?: unknown[]; readonly queryMode?: string }) => PgQuery;

/** A node-postgres client that takes a submittable (`query(submittable)`) and is not pipelining. */
type SubmittingClient = { query(submittable: unknown): unknown; readonly pipeline?: unknown; readonly constructor: { readonly Query?: unknown } };

/**
 * The SQL that sets both limits for the rest of the current transaction. `ms` is a positive
 * integer made by this module, never client text.
 *
 * @example
 * statementLimits(5000) // "SELECT set_config('statement_timeout', '5000', true), set_config('lock_timeout', '5000', true)"
 */
export function statementLimits(ms: number): string {
  const value = String(Math.max(1, Math.ceil(ms)));
  return `SELECT set_config('statement_timeout', '${value}', true), set_config('lock_timeout', '${value}', true)`;
}

/** The `Query` class of a node-postgres client that can carry limits, or `undefined` (PGlite, a wrapper, a pipelining client). */
function queryClassOf(client: PostgresQueryable): PgQueryClass | undefined {
  const shape = client as unknown as Partial<SubmittingClient>;
  if (shape.pipeline === true) return undefined;
  const Query = shape.constructor?.Query;
  return typeof Query === 'function' ? (Query as PgQueryClass) : undefined;
}

/**
 * The submittable that runs the limits, then `inner`, before one Sync. Every message the
 * database answers goes to `inner`, except the limits' own row and completion; an error (the
 * limits' or the statement's: the database skips the rest up to the Sync) ends `inner`.
 */
class LimitedStatement {
  readonly #inner: PgQuery;
  readonly #limits: string;
  #limitsDone = false;

  constructor(inner: PgQuery, limits: string) {
    this.#inner = inner;
    this.#limits = limits;
  }

  // node-postgres reads and sets these on the active query.
  get name(): string | undefined {
    return this.#inner.name;
  }
  get text(): string | undefined {
    return this.#inner.text;
  }
  get binary(): boolean | undefined {
    return this.#inner.binary;
  }
  set binary(value: boolean | undefined) {
    this.#inner.binary = value;
  }
  get callback(): PgQuery['callback'] {
    return this.#inner.callback;
  }
  set callback(value: PgQuery['callback']) {
    this.#inner.callback = value;
  }
  get _result(): unknown {
    return this.#inner._result;
  }

  submit(connection: ProtocolConnection): Error | null {
    connection.stream.cork?.();
    try {
      connection.parse({ text: this.#limits, name: '', types: [] });
      connection.bind({ portal: '', statement: '', values: [] });
      connection.execute({ portal: '', rows: 0 });
    } finally {
      connection.stream.uncork?.();
    }
    return this.#inner.submit(connection);
  }
  handleRowDescription(message: unknown): void {
    this.#inner.handleRowDescription(message);
  }
  handleDataRow(message: unknown): void {
    if (this.#limitsDone) this.#inner.handleDataRow(message);
  }
  handleCommandComplete(message: unknown, connection: ProtocolConnection): void {
    if (this.#limitsDone) this.#inner.handleCommandComplete(message, connection);
    else this.#limitsDone = true;
  }
  handleEmptyQuery(connection: ProtocolConnection): void {
    this.#inner.handleEmptyQuery(connection);
  }
  handleError(error: unknown, connection: ProtocolConnection): void {
    this.#inner.handleError(error, connection);
  }
  handleReadyForQuery(connection: ProtocolConnection): void {
    this.#inner.handleReadyForQuery(connection);
  }
  handlePortalSuspended(connection: ProtocolConnection): void {
    this.#inner.handlePortalSuspended(connection);
  }
  handleCopyInResponse(connection: ProtocolConnection): void {
    this.#inner.handleCopyInResponse(connection);
  }
  handleCopyData(message: unknown, connection: ProtocolConnection): void {
    this.#inner.handleCopyData(message, connection);
  }
}

/**
 * Runs one statement on `connection` with the database's `statement_timeout` and `lock_timeout`
 * of `ms` for that statement only (see the module's comment); `undefined` when the connection
 * cannot carry them that way (not node-postgres, or a client in pipeline mode), and the caller
 * runs the statement as it is.
 *
 * @example
 * const rows = await queryWithinLimits(connection, 5_000, 'SELECT $1::int AS n', [1]); // [{ n: 1 }]
 */
export function queryWithinLimits(
  connection: PostgresQueryable,
  ms: number,
  text: string,
  params: readonly unknown[] | undefined,
  name: string | undefined,
): Promise<readonly Row[]> | undefined {
  const Query = queryClassOf(connection);
  if (Query === undefined) return undefined;
  const values = params === undefined ? [] : [...params];
  // queryMode 'extended': a statement without parameters is sent in the same message group too.
  const inner = new Query({ text, values, queryMode: 'extended', ...(name === undefined ? {} : { name }) });
  return new Promise((resolve, reject) => {
    inner.callback = (error, result) => (error === null || error === undefined ? resolve((result?.rows ?? []) as Row[]) : reject(error));
    (connection as unknown as SubmittingClient).query(new LimitedStatement(inner, statementLimits(ms)));
  });
}
