// What the topology suites share: three handler processes (each with its own pool through
// PgBouncer and a dispatcher) started as children, a client that spreads its requests over
// them and records each answer, and the checks every scenario ends with.
import { type ChildProcess, spawn } from 'node:child_process';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '../faults/cluster.js';
import { type Call, type Operation, SCHEMA, createFaultPool, freshStore, invoiceOf, readSeen, runClients } from '../faults/harness.js';
import { type Bouncer, startBouncer } from './pgbouncer.js';

/** A handler process: its port, every delivery and every reported error it printed. */
export type HandlerProcess = { readonly port: number; readonly delivered: string[]; readonly errors: string[]; readonly child: ChildProcess };

/** Starts one handler process (test/topology/handler-process.ts) and resolves once it listens. */
export function startHandlerProcess(bouncerUrl: string, directUrl: string): Promise<HandlerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/topology/handler-process.ts', bouncerUrl, directUrl, SCHEMA], { stdio: ['ignore', 'pipe', 'pipe'] });
  const delivered: string[] = [];
  const errors: string[] = [];
  let rest = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`handler process did not start: ${errors.join('; ')}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      rest += chunk.toString();
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('delivered ')) delivered.push(line.slice(10));
        else if (line.startsWith('error ')) errors.push(line.slice(6));
        else if (line.startsWith('listening ')) {
          clearTimeout(timer);
          resolve({ port: Number(line.slice(10)), delivered, errors, child });
        }
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => errors.push(`stderr: ${chunk.toString().trim()}`));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`handler process exited with ${code}: ${errors.join('; ')}`));
    });
  });
}

/** Stops a handler process (SIGTERM, then SIGKILL after 5 s). */
export async function stopHandlerProcess(handler: HandlerProcess): Promise<void> {
  if (handler.child.exitCode !== null) return;
  const exited = new Promise((resolve) => handler.child.once('exit', resolve));
  handler.child.kill('SIGTERM');
  const timer = setTimeout(() => handler.child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** One request and its answer: the path, when it started and ended, the status, `x-outcome`. */
export type Timed = { readonly path: string; readonly started: number; readonly ended: number; readonly status: number; readonly outcome: string | null };

/**
 * A `Call` over HTTP that spreads requests round-robin over `ports` and records each one in
 * `log`; a refused or broken connection is status 0 (the client retries it under its key).
 */
export function httpCall(ports: readonly number[], log: Timed[]): Call {
  let next = 0;
  return async (method, path, body, headers = {}) => {
    const port = ports[next++ % ports.length];
    const started = Date.now();
    const init: RequestInit = { method, headers: { authorization: 'Bearer all', 'content-type': 'application/json', ...headers }, signal: AbortSignal.timeout(15_000) };
    if (body !== undefined) init.body = JSON.stringify(body);
    const seen = await readSeen(await fetch(`http://127.0.0.1:${port}${path}`, init));
    log.push({ path, started, ended: seen.at, status: seen.status, outcome: seen.outcome });
    return seen;
  };
}

/** The handler processes of a topology suite and what they stand on, from its first test on. */
export type Topology = {
  /** The clusters `start` made; PgBouncer points at the first. */
  readonly clusters: readonly Cluster[];
  /** A small pool straight to the first cluster. */
  readonly admin: pg.Pool;
  readonly bouncer: Bouncer;
  readonly handlers: readonly HandlerProcess[];
};

/**
 * For a describe block: `start` makes the clusters (the first is the one written to), `ready`
 * may wait on it (e.g. for a standby), then a fresh store with `invoices` invoices, a PgBouncer
 * in front of the first cluster and three handler processes through it; all stopped after the
 * block. Returns the getter of the running topology.
 */
export function useTopology(bouncerBin: string, invoices: number, start: () => Promise<Cluster[]>, ready?: (admin: pg.Pool) => Promise<void>): () => Topology {
  let topology: Topology | undefined;
  let clusters: Cluster[] = [];
  let admin: pg.Pool | undefined;
  let bouncer: Bouncer | undefined;
  let handlers: HandlerProcess[] = [];
  beforeAll(async () => {
    clusters = await start();
    const primary = clusters[0];
    if (primary === undefined) throw new Error('useTopology: start made no cluster');
    admin = createFaultPool(primary.url, 3);
    await ready?.(admin);
    await freshStore(admin, invoices);
    bouncer = await startBouncer(bouncerBin, primary.port);
    const url = bouncer.url;
    handlers = await Promise.all([0, 1, 2].map(() => startHandlerProcess(url, primary.url)));
    topology = { clusters, admin, bouncer, handlers };
  }, 180_000);
  afterAll(async () => {
    await Promise.all(handlers.map(stopHandlerProcess));
    await bouncer?.destroy();
    await admin?.end().catch(() => undefined);
    for (const cluster of clusters) await cluster.destroy();
  }, 60_000);
  return () => {
    if (topology === undefined) throw new Error('the topology starts in beforeAll');
    return topology;
  };
}

/**
 * `writers` clients writing through `handlers` (test/faults/harness.ts runClients, budget 60 s
 * per operation), every request in `log`; `stop()` ends the load and resolves with its operations.
 */
export function startWriters(handlers: readonly HandlerProcess[], writers: number) {
  const log: Timed[] = [];
  const call = httpCall(
    handlers.map((h) => h.port),
    log,
  );
  let stopped = false;
  const load = runClients(call, writers, () => stopped, 60_000);
  return {
    log,
    call,
    stop: (): Promise<Operation[]> => {
      stopped = true;
      return load;
    },
  };
}

/** The `q` quantile (0..1) of `values`, 0 when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

/**
 * The invariants every topology scenario ends with: each client write got its 2xx (retried
 * under its key, never given up); every answer carried x-request-id; a failed attempt was a
 * 409 in flight, a 503 or a 504 (never a 500); the database agrees with the answers (each
 * invoice's version counts its operations, its description is the last one); every committed
 * effect was delivered, by some process, under its own ID.
 */
export async function checkAnswersAgainstDatabase(admin: pg.Pool, operations: readonly Operation[], delivered: readonly string[]): Promise<void> {
  for (const operation of operations) {
    expect(operation.done, `operation ${operation.key} got its 2xx`).toBe(true);
    for (const seen of operation.seen) {
      if (seen.status === 0) continue;
      expect(seen.requestId, `every answer carries x-request-id (${operation.key})`).toBeTruthy();
      if (seen.status >= 300) expect([409, 503, 504], `a failed attempt of ${operation.key} (${seen.status}) is 409, 503 or 504`).toContain(seen.status);
    }
  }
  const invoices = await admin.query(`SELECT invoice_id, version::int AS version, document->>'description' AS description FROM ${SCHEMA}.invoices`);
  const byId = new Map(invoices.rows.map((row) => [row.invoice_id as string, row as { version: number; description: string }]));
  const clients = new Set(operations.map((o) => o.client));
  for (const client of clients) {
    const mine = operations.filter((o) => o.client === client);
    const row = byId.get(invoiceOf(client));
    expect(row?.version, `invoice ${client}: one committed write per operation, none lost, none twice`).toBe(1 + mine.length);
    const last = mine.at(-1)?.body as { description?: string } | undefined;
    expect(row?.description).toBe(last?.description ?? 'original');
  }
  const effects = await admin.query(`SELECT effect_id, delivered_at IS NOT NULL AS delivered, effect->>'invoiceID' AS invoice_id FROM ${SCHEMA}.effects`);
  const mineEffects = (effects.rows as { effect_id: string; delivered: boolean; invoice_id: string }[]).filter((e) => [...clients].some((c) => e.invoice_id === invoiceOf(c)));
  expect(mineEffects).toHaveLength(clients.size);
  for (const effect of mineEffects) {
    expect(effect.delivered, `effect ${effect.effect_id} delivered`).toBe(true);
    expect(delivered).toContain(effect.effect_id);
  }
}

/**
 * `describe` when `ready` (the tools are here); under CI=true a missing tool fails the suite;
 * locally it is skipped with the reason.
 */
export function describeWithTools(name: string, missing: string | undefined, body: () => void): void {
  if (missing === undefined) describe(name, body);
  else if (process.env.CI === 'true') describe(name, () => it('has its tools', () => expect.fail(`${missing}, but CI=true: .ci/run must install it`)));
  else describe.skip(`${name} [skipped: ${missing}]`, body);
}
