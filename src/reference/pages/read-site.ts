import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocsPage } from '../../http/openapi/docs.js';
import { type PageFile, contentTypeOf } from './site.js';

/**
 * Where the built pages are relative to the running module: beside it in the ESM build
 * (dist/reference/pages/read-site.js), one or two levels up in the CJS build (a bundle in
 * dist/reference/ or a chunk in dist/).
 */
const PAGES_DIRS_FROM_MODULE = ['./', './pages/', './reference/pages/'];

/** The built pages (`scripts/build-pages.ts`) of the package this module belongs to; `undefined` when none is found. */
export function builtPagesDir(): string | undefined {
  const url: unknown = import.meta.url;
  if (typeof url !== 'string' || !url.startsWith('file:')) return undefined;
  return PAGES_DIRS_FROM_MODULE.map((relative) => fileURLToPath(new URL(relative, url))).find((dir) => existsSync(join(dir, 'playground')) || existsSync(join(dir, 'docs')));
}

/**
 * Reads one built page's directory (`<pagesDir>/<name>`) into memory. `undefined` when the
 * directory lacks `index.html` or one of the `built` files (the pages were not built:
 * `npm run build`; the sources in src/ have the HTML but not the bundled scripts).
 *
 * @example
 * await readPageFiles('dist/reference/pages', 'playground', ['playground.js']) // { files: Map { 'index.html' => ..., 'playground.js' => ... } }
 */
export async function readPageFiles(pagesDir: string, name: string, built: readonly string[] = []): Promise<DocsPage | undefined> {
  const dir = join(pagesDir, name);
  if (!['index.html', ...built].every((file) => existsSync(join(dir, ...file.split('/'))))) return undefined;
  const files = new Map<string, PageFile>();
  for (const key of await filesBelow(dir)) {
    files.set(key, { type: contentTypeOf(key), body: new Uint8Array(await readFile(join(dir, ...key.split('/')))) });
  }
  return { files };
}

/** The files below `dir`, as `/`-separated paths relative to it (a page's tree is two levels deep). */
async function filesBelow(dir: string, prefix = ''): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const key = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) names.push(...(await filesBelow(dir, key)));
    else if (entry.isFile()) names.push(key);
  }
  return names;
}
