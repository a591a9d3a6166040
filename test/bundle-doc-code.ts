import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');

/**
 * Bundles a code block of the docs into one ESM module for Node, with `payments-kit` imports
 * resolved to `src/` and other packages left to node_modules, as the docs and recipes tests run them.
 *
 * @example
 * writeFileSync('block.mjs', await bundleDocCode("import { addDecimal } from 'payments-kit/amount';", 'README.md block 1'));
 */
export async function bundleDocCode(contents: string, sourcefile: string): Promise<string> {
  const bundled = await build({
    stdin: { contents, loader: 'ts', resolveDir: root, sourcefile },
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    write: false,
    logLevel: 'silent',
    alias: { 'payments-kit': join(root, 'src') },
  });
  return bundled.outputFiles[0]?.text ?? '';
}
