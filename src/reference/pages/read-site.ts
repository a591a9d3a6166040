import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocsPage } from '../../http/openapi/docs.js';
import { type PageFile, contentTypeOf } from './site.js';

/** The built pages (`scripts/build-pages.ts`) beside this module in dist/; `undefined` where that cannot be told (the CJS build). */
export function builtPagesDir(): string | undefined {
  const url: unknown = import.meta.url;
  return typeof url === 'string' && url.startsWith('file:') ? fileURLToPath(new URL('./', url)) : undefined;
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
