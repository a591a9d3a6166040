import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PageFile, type PageSite, contentTypeOf, fillPage } from './site.js';

/** The built pages (`scripts/build-pages.ts`) beside this module in dist/; `undefined` where that cannot be told (the CJS build). */
export function builtPagesDir(): string | undefined {
  const url: unknown = import.meta.url;
  return typeof url === 'string' && url.startsWith('file:') ? fileURLToPath(new URL('./', url)) : undefined;
}

/**
 * Reads one built page's directory (`<pagesDir>/<name>`) into memory, its `index.html` filled
 * with `values` (see `fillPage`), to be served below `mount`. `undefined` when the directory
 * has no `index.html` (the pages were not built: `npm run build`).
 *
 * @example
 * await readPageSite('dist/reference/pages', 'playground', '/playground', { BASE: '/playground' })
 */
export async function readPageSite(
  pagesDir: string,
  name: string,
  mount: string,
  values: Readonly<Record<string, string>>,
): Promise<PageSite | undefined> {
  const dir = join(pagesDir, name);
  if (!existsSync(join(dir, 'index.html'))) return undefined;
  const files = new Map<string, PageFile>();
  for (const key of await filesBelow(dir)) {
    const bytes = new Uint8Array(await readFile(join(dir, ...key.split('/'))));
    const body = key === 'index.html' ? new TextEncoder().encode(fillPage(new TextDecoder().decode(bytes), values)) : bytes;
    files.set(key, { type: contentTypeOf(key), body });
  }
  return { mount, files };
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
