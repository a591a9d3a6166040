import type pg from 'pg';
import { dropSchemas } from '../helpers.js';
import { type Child, startChild, stopChild } from './spawn.js';

/** effectID -> when the child (processes/listener.mjs) first delivered it, from its output. */
export function deliveries(child: Child): Map<string, number> {
  const seen = new Map<string, number>();
  for (const line of child.lines()) {
    const match = /^delivered (\S+) ([\d.]+)$/.exec(line);
    if (match !== null && !seen.has(match[1]!)) seen.set(match[1]!, Number(match[2]));
  }
  return seen;
}

/** Waits until the child delivered every ID in `ids` (at most `timeoutMs`); resolves with the deliveries. */
export async function deliveredAll(child: Child, ids: readonly string[], timeoutMs: number): Promise<Map<string, number>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const seen = deliveries(child);
    if (ids.every((id) => seen.has(id)) || Date.now() > deadline) return seen;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The backend named `applicationName` once it is LISTENing (other than `other`), within 15 s. */
export async function listeningPid(pool: pg.Pool, applicationName: string, other?: number): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await pool.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN%'`, [applicationName]);
    const pid = rows.find((row) => row.pid !== other)?.pid;
    if (pid !== undefined) return pid;
    if (Date.now() > deadline) throw new Error(`no backend named ${applicationName} is listening`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Starts processes/listener.mjs (the BUILT package's dispatcher, polling every 30 s) on `schema`, once it says ready. */
export function startListener(url: string, schema: string, readyMs: number): Promise<Child> {
  return startChild('test/postgres/processes/listener.mjs', { PG_URL: url, PG_SCHEMA: schema }, /^ready$/m, readyMs);
}

/** Ends a listener suite: stops the child, drops its schema, ends the pool. */
export async function endListenerSuite(child: Child | undefined, pool: pg.Pool, schema: string): Promise<void> {
  if (child !== undefined) await stopChild(child);
  await dropSchemas(pool, [schema]);
  await pool.end();
}
