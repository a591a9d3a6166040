// The Runtimes recipes of docs/http.md, run as written in their own runtimes: each
// `<!-- runtime: NAME -->` block is copied with `payments-kit/http` pointed at the built
// package, started (Bun, Deno as processes, workerd through miniflare on the esbuild bundle a
// Worker deploy uploads) and sent a few requests. A missing runtime skips locally and fails
// under CI=true.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Served, serveInWorkerd, serveProcess } from './serve.js';

const root = resolve(import.meta.dirname, '../..');
const dist = join(root, 'dist/http/index.js');
const IN_CI = process.env.CI === 'true';
const bin = (name: string): string => join(root, 'node_modules/.bin', name);
// Inside the repository (gitignored), so that Deno finds node_modules for dist's bare imports
// through package.json (Deno treats files under node_modules/ as packages, so not there).
const scratch = join(import.meta.dirname, '.recipes');
mkdirSync(scratch, { recursive: true });
const work = mkdtempSync(join(scratch, 'run-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The `<!-- runtime: NAME -->` blocks of docs/http.md, by name. */
function recipes(): Map<string, string> {
  const text = readFileSync(join(root, 'docs/http.md'), 'utf8');
  const found = new Map<string, string>();
  for (const match of text.matchAll(/<!-- runtime: ([\w-]+) -->\n```js\n([\s\S]*?)^```/gm)) found.set(match[1] ?? '', match[2] ?? '');
  return found;
}

const pointedAtDist = (code: string): string => code.replaceAll("'payments-kit/http'", JSON.stringify(relative(work, dist).split(sep).join('/')));

/** Starts a recipe's process in the scratch folder; the recipes print `listening on N`. */
const startProcess = (command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Served> =>
  serveProcess({ command, args, cwd: work, env, listening: /listening on (\d+)/ });

const RUNNERS: Record<string, { available: () => boolean; start: (code: string) => Promise<Served> }> = {
  bun: {
    available: () => existsSync(bin('bun')),
    start: (code) => {
      writeFileSync(join(work, 'bun-recipe.mjs'), pointedAtDist(code));
      return startProcess(bin('bun'), ['run', 'bun-recipe.mjs'], { PORT: '0' });
    },
  },
  deno: {
    available: () => existsSync(bin('deno')),
    start: (code) => {
      writeFileSync(join(work, 'deno-recipe.mjs'), pointedAtDist(code));
      const args = ['run', '--quiet', '--no-prompt', '--allow-net=127.0.0.1', '--allow-env=PORT', `--allow-read=${root}`, 'deno-recipe.mjs'];
      return startProcess(bin('deno'), args, { PORT: '0', DENO_DIR: join(work, 'deno-dir'), NO_COLOR: '1' });
    },
  },
  workerd: {
    available: () => existsSync(join(root, 'node_modules/miniflare')),
    start: async (code) => {
      writeFileSync(join(work, 'worker-recipe.mjs'), pointedAtDist(code));
      return serveInWorkerd(join(work, 'worker-recipe.mjs'));
    },
  },
};

describe.skipIf(!existsSync(dist))('docs/http.md Runtimes recipes, each in its runtime (built dist/)', () => {
  it('has a recipe for each runtime the docs promise', () => {
    expect([...recipes().keys()].sort()).toEqual(Object.keys(RUNNERS).sort());
  });

  for (const [name, runner] of Object.entries(RUNNERS)) {
    const present = runner.available();
    if (!present && !IN_CI) {
      it.skip(`${name} [skipped: not installed; npm ci installs it]`, () => undefined);
      continue;
    }
    it(`${name}: serves the handler as the recipe is written`, async () => {
      if (!present) throw new Error(`${name} is missing, but CI=true: npm ci must install it`);
      const code = recipes().get(name);
      expect(code).toBeDefined();
      const served = await runner.start(code ?? '');
      try {
        const invoice = `${served.url}/accounts/acct-1/invoices/inv-1`;
        const missing = await fetch(invoice, { method: 'PATCH', headers: { authorization: 'Bearer token-1', 'content-type': 'application/json' }, body: '{"description":"x"}' });
        expect(missing.status).toBe(404);
        const malformed = await fetch(invoice, { method: 'PATCH', headers: { authorization: 'Bearer token-1', 'content-type': 'application/json' }, body: '{' });
        expect(malformed.status).toBe(400);
        const anonymous = await fetch(invoice, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{}' });
        expect(anonymous.status).toBe(401);
        for (const response of [missing, malformed, anonymous]) expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      } finally {
        await served.stop();
      }
    }, 60_000);
  }
});
