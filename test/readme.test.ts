// The README's examples are code: each ```ts block is bundled against src/ and run, and
// every `console.log(x); // expected` line must print exactly what its comment says.
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
const outDir = mkdtempSync(join(tmpdir(), 'payments-kit-readme-'));

/** The `// expected` comments of `console.log(...)` lines, in order; `undefined` where none. */
function expectations(code: string): (string | undefined)[] {
  return code
    .split('\n')
    .filter((line) => line.includes('console.log('))
    .map((line) => /\);\s*\/\/\s*(.+)$/.exec(line)?.[1]?.trim());
}

const normalize = (s: string): string => s.replace(/\s+/g, ' ').trim();

describe('README examples', () => {
  it('has the four 30-second examples and the per-module one', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
  });

  // The mounting example starts a server on a fixed port; the HTTP suite covers it for real.
  const runnable = blocks.map((code, index) => ({ code, index })).filter(({ code }) => !code.includes('.listen('));
  runnable.forEach(({ code, index }) => {
    it(`block ${index + 1} runs and prints what it says`, async () => {
      const bundled = await build({
        stdin: { contents: code, loader: 'ts', resolveDir: root, sourcefile: `README-block-${index + 1}.ts` },
        bundle: true,
        format: 'esm',
        platform: 'node',
        write: false,
        logLevel: 'silent',
        alias: { 'payments-kit': join(root, 'src') },
      });
      const file = join(outDir, `block-${index + 1}.mjs`);
      writeFileSync(file, bundled.outputFiles[0]?.text ?? '');
      const printed: string[] = [];
      const original = console.log;
      console.log = (...args: unknown[]) => {
        printed.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 10, breakLength: Infinity }))).join(' '));
      };
      try {
        await import(pathToFileURL(file).href);
      } finally {
        console.log = original;
      }
      const expected = expectations(code);
      expect(printed).toHaveLength(expected.length);
      expected.forEach((want, i) => {
        if (want !== undefined) expect(normalize(printed[i] ?? '')).toBe(normalize(want));
      });
    });
  });

  it('the handler example mounts with the same calls the HTTP suite tests over real HTTP', () => {
    const mount = blocks.find((b) => b.includes('.listen('));
    expect(mount).toBeDefined();
    for (const name of ['createHandler', 'createMemoryStore', 'createStaticAuth', 'createNodeServer']) {
      expect(mount).toContain(name);
    }
  });
});
