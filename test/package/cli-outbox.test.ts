// `payments-kit outbox` from the BUILT package, on PGlite (--data) and, with PAYMENTS_KIT_PG_URL,
// on a PostgreSQL server (DATABASE_URL). The outbox is prepared from the sources in this process:
// 3 effects, 2 made dead by a dispatcher with maxAttempts 1, 1 delivered. The commands run in
// this process through the built `runCli` (dist/cli/main.js), which is all the bin does besides
// wiring the process's streams; the bin itself is run as a child process where that wiring is
// what is checked (exit codes and output through a real process). A child process costs a Node
// start and a PGlite start each, which made this file the slowest of the suite.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { createEffectDispatcher } from '../../src/http/index.js';
import { type PostgresClient, createPostgresStore } from '../../src/postgres/index.js';
import { ACCOUNT_A, fixtureEffect, fixtureInvoice } from '../../src/testing/index.js';
import { PGLITE_START_MS, createPool, describeRealPostgres, useDroppedSchema } from '../postgres/helpers.js';

const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> };
const bin = join(root, pkg.bin['payments-kit'] ?? 'missing');
const INVOICE = '7f0c8f9e-0000-4000-8000-000000000001';
const FORGED = ' \u001b]0;pwned\u0007\u001b[2J\r\nout-9  forged line \u202e';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs the built bin as a child process, as a user's shell does. */
function outboxProcess(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [bin, 'outbox', ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, DATABASE_URL: '', ...env } });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

type RunCli = (argv: readonly string[], io: unknown, env: Readonly<Record<string, string | undefined>>, onStop: (stop: (signal: string) => void) => void) => Promise<number>;
let built: Promise<{ runCli: RunCli }> | undefined;

/** Runs `payments-kit outbox` in this process through the built package, its lines written as the process's streams would carry them. */
async function outbox(args: string[], env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const io = { out: (line: string) => void (out += `${line}\n`), err: (line: string) => void (err += `${line}\n`), readInput: () => Promise.reject(new Error('no input')) };
  built ??= import(pathToFileURL(join(root, 'dist/cli/main.js')).href) as Promise<{ runCli: RunCli }>;
  const code = await (await built).runCli(['outbox', ...args], io, { ...process.env, DATABASE_URL: '', ...env }, () => undefined);
  return { code, out, err };
}

/** Writes 3 effects; out-0 is delivered, out-1 and out-2 die on their first failure. */
async function prepare(client: PostgresClient, schema?: string): Promise<void> {
  const store = await createPostgresStore({ client, ...(schema === undefined ? {} : { schema }), seed: { accounts: { [ACCOUNT_A]: { invoices: [fixtureInvoice(INVOICE)] } } } });
  const effects = [0, 1, 2].map((i) => ({ effectID: `out-${i}`, requestId: `req-${i}`, effect: fixtureEffect(INVOICE, `INV-${i}`) }));
  expect((await store.compareAndSetInvoice(ACCOUNT_A, fixtureInvoice(INVOICE, 'w'), '1', { effects })).ok).toBe(true);
  const dispatcher = createEffectDispatcher({
    store,
    maxAttempts: 1,
    deliver: (effect) => {
      // out-2's error holds what a hostile endpoint could send back: a terminal escape and a forged line.
      if (effect.effectID !== 'out-0') throw new Error(`endpoint refused ${effect.effectID}${effect.effectID === 'out-2' ? FORGED : ''}`);
    },
  });
  expect(await dispatcher.drain()).toBe(1);
}

/** The scenario, against whichever store `env`/`data` name. */
function outboxScenario(args: () => string[], env: () => Record<string, string>) {
  it('stats, dead (paged), redrive by type, stats again: human and --json output, exit 0', async () => {
    const stats = await outbox(['stats', ...args(), '--json'], env());
    expect(stats.err).toBe('');
    expect(stats.code).toBe(0);
    expect(JSON.parse(stats.out)).toEqual({ pending: 0, inFlight: 0, dead: 2, oldestPendingAgeMs: null, deliveredLastHour: 1 });
    const human = await outbox(['dead', ...args()], env());
    expect(human.code).toBe(0);
    const lines = human.out.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^out-1  invoice\\.finalized  account ${ACCOUNT_A}  attempts 1  died \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z  Error: endpoint refused out-1$`));
    // Stored text is printed with its control characters escaped: still 2 lines, no escape sequence reaches the terminal.
    expect(lines[1]?.endsWith('Error: endpoint refused out-2 \\u001b]0;pwned\\u0007\\u001b[2J\\u000d\\u000aout-9  forged line \\u202e')).toBe(true);
    expect(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/.test(human.out)).toBe(false);
    const page = JSON.parse((await outbox(['dead', '--limit', '1', '--json', ...args()], env())).out) as Array<{ effectID: string; lastError: string }>;
    expect(page.map((d) => [d.effectID, d.lastError])).toEqual([['out-1', 'Error: endpoint refused out-1']]);
    // --json keeps the stored text exactly (JSON escapes control characters itself).
    expect((JSON.parse((await outbox(['dead', '--json', ...args()], env())).out) as Array<{ lastError: string }>)[1]?.lastError).toBe(`Error: endpoint refused out-2${FORGED}`);
    const next = JSON.parse((await outbox(['dead', '--limit', '1', '--after', 'out-1', '--json', ...args()], env())).out) as Array<{ effectID: string }>;
    expect(next.map((d) => d.effectID)).toEqual(['out-2']);
    const redrive = await outbox(['redrive', '--id', 'out-2', ...args()], env());
    expect([redrive.code, redrive.out.trim()]).toEqual([0, 'redriven: 1']);
    expect(JSON.parse((await outbox(['redrive', '--type', 'invoice.finalized', '--json', ...args()], env())).out)).toEqual({ redriven: 1 });
    const after = outboxProcess(['stats', ...args()], env()); // through the bin: a real process's output and exit code
    expect(after.code).toBe(0);
    expect(after.out).toMatch(/^pending: 2\nin flight: 0\ndead: 0\noldest pending: \d+\.\d s\ndelivered in the last hour: 1\n$/);
    expect((await outbox(['dead', ...args()], env())).out.trim()).toBe('no dead effects');
  }, 300_000);
}

describe('payments-kit outbox on PGlite (--data)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pk-outbox-'));
  dirs.push(dataDir);
  it('prepares an outbox in a PGlite directory', async () => {
    const db = await PGlite.create(dataDir);
    await prepare(db);
    await db.close();
  }, PGLITE_START_MS);
  outboxScenario(() => ['--data', dataDir], () => ({}));

  it('bad usage exits 2 with the reason; a directory without the schema exits 1', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /Usage: payments-kit outbox/],
      [['nope'], /unknown outbox command "nope"/],
      [['__proto__'], /unknown outbox command "__proto__"/],
      [['redrive', '--data', dataDir], /exactly one of --id/],
      [['redrive', '--id', 'x', '--all', '--data', dataDir], /exactly one of --id/],
      [['redrive', '--id', '', '--data', dataDir], /exactly one of --id/],
      [['dead', '--limit', '0', '--data', dataDir], /--limit must be an integer from 1 to 1000/],
      [['dead', '--limit', '1001', '--data', dataDir], /--limit must be an integer from 1 to 1000/],
      [['stats'], /needs --data <dir>/],
      [['stats', '--data', dataDir, 'extra'], /unexpected argument "extra"/],
      [['stats', '--bogus'], /Unknown option/],
    ];
    for (const [args, message] of cases) {
      const run = await outbox(args);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.out + run.err).toMatch(message);
    }
    const empty = mkdtempSync(join(tmpdir(), 'pk-outbox-empty-'));
    dirs.push(empty);
    const unmigrated = await outbox(['stats', '--data', empty]);
    expect(unmigrated.code).toBe(1);
    expect(unmigrated.err).toMatch(/could not read the outbox/);
    expect((await outbox(['--help'])).code).toBe(0);
    // The bin, as a process: the same exit codes and streams.
    const usage = outboxProcess(['dead', '--limit', '0', '--data', dataDir]);
    expect([usage.code, usage.err]).toEqual([2, expect.stringMatching(/--limit must be an integer from 1 to 1000/)]);
    expect(outboxProcess(['--help']).code).toBe(0);
  }, 120_000);
});

describeRealPostgres('payments-kit outbox with DATABASE_URL (a PostgreSQL server)', (url) => {
  const schema = useDroppedSchema(url, 'outbox_cli');
  it('prepares an outbox in a schema', async () => {
    const pool = createPool(url, 2);
    await prepare(pool, schema);
    await pool.end();
  });
  outboxScenario(() => [], () => ({ DATABASE_URL: url, PAYMENTS_KIT_PG_SCHEMA: schema }));
});
