import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../src/http/index.js';
import { createPool, describeRealPostgres, dropSchemas, uniqueSchema } from './helpers.js';

// `npm test` builds before the unit tests; a bare `vitest run` without a build skips these
// (they run scripts/start.mjs on the built package, as `npm start` does).
const built = existsSync('dist/http/index.js') && existsSync('dist/postgres/index.js');
const START_TIMEOUT_MS = 90_000; // a fresh PGlite data directory runs initdb: seconds on a quiet machine

type Started = { child: ChildProcess; url: string; output: () => string };

/** Starts scripts/start.mjs and resolves once it printed its store line; kills it on a timeout. */
function start(args: readonly string[], env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['scripts/start.mjs', ...args], { env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise<Started>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no start within ${START_TIMEOUT_MS} ms: ${out}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url !== undefined && /^store: /m.test(out)) {
        clearTimeout(timer);
        resolve({ child, url, output: () => out });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited early with ${code}: ${out}`));
    });
  });
}

/** SIGTERM, then the exit code (SIGKILL after 20 s). */
function stop({ child }: Started): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

const invoiceUrl = (url: string) => `${url}/accounts/${DEMO_IDS.accountID}/invoices/${DEMO_IDS.invoiceID}`;
const patch = async (url: string, body: unknown) => {
  const response = await fetch(invoiceUrl(url), {
    method: 'PATCH',
    headers: { authorization: 'Bearer demo-all-scopes', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, invoice: (await response.json()) as { description?: string; status?: string } };
};

/** Changes the demo invoice, restarts, and reads it back: the change must have survived. */
async function survivesRestart(args: readonly string[], env: Record<string, string>, storeLine: RegExp): Promise<void> {
  const first = await start(args, env);
  try {
    expect(first.output()).toMatch(storeLine);
    expect(await patch(first.url, { description: 'kept across a restart' })).toMatchObject({ status: 200, invoice: { description: 'kept across a restart' } });
  } finally {
    expect(await stop(first)).toBe(0);
  }
  const second = await start(args, env);
  try {
    expect(await patch(second.url, {})).toMatchObject({ status: 200, invoice: { description: 'kept across a restart', status: 'draft' } });
  } finally {
    expect(await stop(second)).toBe(0);
  }
}

describe.skipIf(!built)('npm start -- --data <dir> (PGlite persisted in a folder)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pk-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps what requests changed across a restart', () => survivesRestart(['--data', join(dir, 'db')], {}, /^store: PGlite in /m), 3 * START_TIMEOUT_MS);

  it('refuses --data together with DATABASE_URL, and a stray argument', async () => {
    await expect(start(['--data', join(dir, 'x')], { DATABASE_URL: 'postgres://127.0.0.1:1/none' })).rejects.toThrow(/give either --data <dir> \(PGlite\) or DATABASE_URL/);
    await expect(start(['--dta', 'x'], {})).rejects.toThrow(/unknown argument "--dta"/);
  }, START_TIMEOUT_MS);
});

describeRealPostgres('DATABASE_URL=... npm start (a PostgreSQL server)', (url) => {
  const schema = uniqueSchema('start');
  afterAll(async () => {
    const pool = createPool(url, 1);
    await dropSchemas(pool, [schema]);
    await pool.end();
  });
  it.skipIf(!built)('keeps what requests changed across a restart', () =>
    survivesRestart([], { DATABASE_URL: url, PAYMENTS_KIT_PG_SCHEMA: schema }, new RegExp(`^store: PostgreSQL at .* \\(schema ${schema}\\)`, 'm')), 3 * START_TIMEOUT_MS);
});
