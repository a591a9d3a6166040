import pg from 'pg';
import { type HandlerOptions, type Store, createEffectDispatcher, createHandler, createStaticAuth } from '../../src/http/index.js';
import { type PostgresStore, createPostgresStore } from '../../src/postgres/index.js';
import { fixtureInvoice } from '../../src/testing/index.js';
import { A, TOKENS, schedule } from '../http/helpers.js';

export const SCHEMA = 'faults';
export const APP = 'faults-handler';
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The invoice ID of client `i` (valid UUIDs, one invoice per client so their writes never conflict). */
export const invoiceOf = (i: number) => `0b7c1a9e-1d2f-4c3b-8a4d-${(0x5e6f7a8b9c00 + i).toString(16).padStart(12, '0')}`;

/** A pool as docs/storage.md says to make one: an error listener, bounded connection waits. */
export function createFaultPool(url: string, max = 8, connectionTimeoutMillis = 2_000): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis, application_name: APP });
  pool.on('error', () => undefined);
  return pool;
}

/** The dispute of account A that the locked-row scenarios upload evidence to. */
export const DISPUTE = 'dsp-faults';

/** A fresh schema with `invoices` draft invoices in account A, the schedule and one open dispute. */
export async function freshStore(pool: pg.Pool, invoices: number): Promise<PostgresStore> {
  await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  return createPostgresStore({
    client: pool,
    schema: SCHEMA,
    seed: {
      accounts: {
        [A]: {
          invoices: Array.from({ length: invoices }, (_, i) => fixtureInvoice(invoiceOf(i))),
          schedules: [schedule],
          disputes: [{ disputeID: DISPUTE, status: 'response-needed' }],
        },
      },
    },
  });
}

/** One answer a client saw. */
export type Seen = {
  readonly status: number;
  readonly requestId: string | null;
  readonly retryAfter: string | null;
  readonly replayed: boolean;
  readonly at: number;
  /** `x-outcome` (issue 32): `unknown` on a write's 504 that may have committed. */
  readonly outcome: string | null;
};

/** What a client saw in `response`, with its body read whole (parsed as JSON when it is JSON). */
export async function readSeen(response: Response): Promise<Seen & { json: unknown }> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return {
    status: response.status,
    requestId: response.headers.get('x-request-id'),
    retryAfter: response.headers.get('retry-after'),
    replayed: response.headers.get('idempotent-replayed') === 'true',
    at: Date.now(),
    outcome: response.headers.get('x-outcome'),
    json,
  };
}

/** The handler under test: fetch in process (no sockets), every answer read whole. */
export function handlerOn(store: Store, overrides: Partial<HandlerOptions> = {}) {
  const handler = createHandler({ store, auth: createStaticAuth(TOKENS), ...overrides });
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Seen & { json: unknown }> => {
    const init: RequestInit = { method, headers: { authorization: 'Bearer all', 'content-type': 'application/json', ...headers } };
    if (body !== undefined) init.body = JSON.stringify(body);
    return readSeen(await handler(new Request(`http://faults.test${path}`, init)));
  };
}

export type Call = ReturnType<typeof handlerOn>;

/** One write under one key, retried with the same key until a 2xx (or the budget ends). */
export type Operation = { readonly client: number; readonly key: string; readonly body: unknown; readonly seen: Seen[]; done: boolean };

export const invoicePath = (i: number) => `/accounts/${A}/invoices/${invoiceOf(i)}`;

/**
 * `clients` clients, each writing its own invoice with a new key per operation (first the
 * finalization, which puts an effect in the outbox, then descriptions), retrying every failure
 * with the same key (backoff 100 ms doubling to 1 s, honouring a shorter Retry-After) until
 * `until()` says stop; the operation under way is finished first (budget `budgetMs`).
 */
export async function runClients(call: Call, clients: number, until: () => boolean, budgetMs = 40_000): Promise<Operation[]> {
  const operations: Operation[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = 0; !until() || n === 0; n++) {
        const body = n === 0 ? { status: 'unpaid' } : { description: `c${client}-op${n}` };
        const operation: Operation = { client, key: `c${client}-op${n}`, body, seen: [], done: false };
        operations.push(operation);
        const started = Date.now();
        let backoff = 100;
        while (Date.now() - started < budgetMs) {
          let seen: Seen;
          try {
            seen = await call('PATCH', invoicePath(client), body, { 'idempotency-key': operation.key });
          } catch {
            seen = { status: 0, requestId: null, retryAfter: null, replayed: false, at: Date.now(), outcome: null };
          }
          operation.seen.push(seen);
          if (seen.status >= 200 && seen.status < 300) {
            operation.done = true;
            break;
          }
          await pause(Math.min(backoff, seen.retryAfter === null ? backoff : Number(seen.retryAfter) * 1000));
          backoff = Math.min(backoff * 2, 1_000);
        }
        if (!operation.done) return;
      }
    }),
  );
  return operations;
}

/** Delivered effect IDs, by a dispatcher on its own pool (another process, as a host runs it). */
export function startDispatcher(store: Store) {
  const delivered: string[] = [];
  const dispatcher = createEffectDispatcher({ store, deliver: (effect) => void delivered.push(effect.effectID), pollIntervalMs: 100 });
  dispatcher.start();
  return { delivered, dispatcher };
}

/** The committed state: each invoice's version and description, and every outbox row. */
export async function committed(pool: pg.Pool) {
  const invoices = await pool.query(`SELECT invoice_id, version::int AS version, document->>'description' AS description, document->>'status' AS status FROM ${SCHEMA}.invoices`);
  const effects = await pool.query(`SELECT effect_id, delivered_at IS NOT NULL AS delivered, effect->>'invoiceID' AS invoice_id FROM ${SCHEMA}.effects`);
  return {
    invoices: new Map(invoices.rows.map((row) => [row.invoice_id as string, row as { version: number; description: string; status: string }])),
    effects: effects.rows as { effect_id: string; delivered: boolean; invoice_id: string }[],
  };
}

/** Waits until every effect row of the schema is delivered (the dispatchers run on their own), or `within` ms passed. */
export async function drained(admin: pg.Pool, within = 15_000, everyMs = 100): Promise<void> {
  const until = Date.now() + within;
  while (Date.now() < until) {
    const { rows } = await admin.query(`SELECT count(*)::int AS pending FROM ${SCHEMA}.effects WHERE delivered_at IS NULL`).catch(() => ({ rows: [{ pending: -1 }] }));
    if (rows[0]?.pending === 0) return;
    await pause(everyMs);
  }
}
