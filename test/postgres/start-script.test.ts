import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeRealPostgres, useDroppedSchema } from './helpers.js';
import { START_TIMEOUT_MS, startServer, survivesRestart } from './reference-process.js';

// `npm test` builds before the unit tests; a bare `vitest run` without a build skips these
// (they run scripts/start.mjs on the built package, as `npm start` does).
const built = existsSync('dist/http/index.js') && existsSync('dist/postgres/index.js');
const START = ['scripts/start.mjs'];

describe.skipIf(!built)('npm start -- --data <dir> (PGlite persisted in a folder)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pk-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps what requests changed across a restart', () => survivesRestart([...START, '--data', join(dir, 'db')], {}, /^store: PGlite in /m), 3 * START_TIMEOUT_MS);

  it('refuses --data together with DATABASE_URL, and a stray argument', async () => {
    await expect(startServer([...START, '--data', join(dir, 'x')], { DATABASE_URL: 'postgres://127.0.0.1:1/none' })).rejects.toThrow(/give either --data <dir> \(PGlite\) or DATABASE_URL/);
    await expect(startServer([...START, '--dta', 'x'], {})).rejects.toThrow(/Unknown option '--dta'/);
  }, START_TIMEOUT_MS);
});

describeRealPostgres('DATABASE_URL=... npm start (a PostgreSQL server)', (url) => {
  const schema = useDroppedSchema(url, 'start');
  it.skipIf(!built)('keeps what requests changed across a restart', () =>
    survivesRestart(START, { DATABASE_URL: url, PAYMENTS_KIT_PG_SCHEMA: schema }, new RegExp(`^store: PostgreSQL at .* \\(schema ${schema}\\)`, 'm')), 3 * START_TIMEOUT_MS);
});
