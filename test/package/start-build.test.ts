// `npm start` builds the server quickly (ESM only, no declarations) but never into dist/: a
// `npm pack --ignore-scripts` after it must not ship a package without CJS or types. Only
// `npm run build` (run by npm pack, npm publish and npm test) writes dist/.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import serverBuild from '../../tsup.server.config.js';

const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

describe('npm start and dist/', () => {
  it("build:server writes .start/ (tsup's outDir and the pages), never dist/", () => {
    const options = Array.isArray(serverBuild) ? serverBuild : [serverBuild];
    for (const option of options as { outDir?: string; dts?: unknown }[]) expect(option.outDir).toBe('.start');
    expect(pkg.scripts['build:server']).toContain('.start/reference/pages');
    expect(pkg.scripts['build:server']).not.toMatch(/\bdist\b|build:pages/);
    expect(pkg.scripts['start']).toMatch(/^npm run build:server && node scripts\/start\.mjs/);
  });

  it('scripts/start.mjs serves .start/ under npm start, dist/ otherwise; prepack runs the whole build', () => {
    const start = readFileSync(resolve(root, 'scripts/start.mjs'), 'utf8');
    expect(start).toContain("process.env.npm_lifecycle_event === 'start' ? '.start' : 'dist'");
    expect(pkg.scripts['prepack']).toBe('npm run build');
    expect(pkg.scripts['build']).toMatch(/tsup && npm run build:pages/);
  });
});
