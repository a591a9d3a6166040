// payments-kit/http and payments-kit/client must load where Workers and edge bundlers run them: bundled with esbuild for
// `--platform=neutral` and `--platform=browser` (what edge toolchains do, resolving every
// import even when tree-shaking would drop it), it must resolve no `node:` module; imported,
// it must do nothing a Worker refuses at module scope (timers, random values, I/O,
// `new AbortController()`). Runs on the built package (dist/).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const ENTRIES = [
  { name: 'payments-kit/http', entry: resolve(root, 'dist/http/index.js'), exports: 20 },
  { name: 'payments-kit/client', entry: resolve(root, 'dist/client/index.js'), exports: 10 },
];

describe.each(ENTRIES)('$name on edge platforms (built dist/)', ({ entry, exports }) => {
  if (!existsSync(entry)) return void it.skip('needs npm run build', () => {});
  for (const platform of ['neutral', 'browser'] as const) {
    it(`bundles with esbuild --platform=${platform} and resolves no node: module`, async () => {
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        format: 'esm',
        platform,
        mainFields: ['module', 'main'],
        conditions: ['worker', 'import', 'default'],
        logLevel: 'silent',
        metafile: true,
      });
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs.filter((input) => input.startsWith('node:') || input.includes('/node/'))).toEqual([]);
      const code = result.outputFiles[0]?.text ?? '';
      expect(code).not.toMatch(/from\s*["']node:|require\(["']node:/);
      expect(code.length).toBeGreaterThan(10_000);
    });
  }

  it('imports without a timer, random value, fetch or AbortController at module scope', () => {
    // A fresh process whose forbidden globals throw while the module graph loads, as workerd's do.
    const script = `
      const forbidden = ['setTimeout', 'setInterval', 'setImmediate', 'fetch', 'AbortController'];
      const saved = {};
      const calls = [];
      for (const name of forbidden) {
        saved[name] = globalThis[name];
        globalThis[name] = function () { calls.push(name); throw new Error(name + ' at module scope'); };
      }
      const random = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
      const uuid = globalThis.crypto.randomUUID.bind(globalThis.crypto);
      globalThis.crypto.getRandomValues = () => { calls.push('getRandomValues'); throw new Error('random at module scope'); };
      globalThis.crypto.randomUUID = () => { calls.push('randomUUID'); throw new Error('random at module scope'); };
      const Math_random = Math.random;
      Math.random = () => { calls.push('Math.random'); throw new Error('random at module scope'); };
      const mod = await import(${JSON.stringify(entry)});
      for (const name of forbidden) globalThis[name] = saved[name];
      globalThis.crypto.getRandomValues = random; globalThis.crypto.randomUUID = uuid; Math.random = Math_random;
      console.log(JSON.stringify({ calls, exports: Object.keys(mod).length }));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    const result = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { calls: string[]; exports: number };
    expect(result.calls).toEqual([]);
    expect(result.exports).toBeGreaterThan(exports);
  });
});
