import type { DocsPage } from '../../http/openapi/docs.js';

export { PAGE_CSP, PAGE_HEADERS, fillPage, pageResponse, type PageFile } from '../../http/openapi/docs.js';

/** A page served below `mount` (e.g. `/playground`): `index.html` at the mount path, the other files below it. */
export type PageSite = DocsPage & { readonly mount: string };

/** Content types by file extension, as data. */
export const PAGE_CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  png: 'image/png',
  svg: 'image/svg+xml',
  json: 'application/json',
});

/** The content type of a file name (`text/plain` for an extension the table does not list, e.g. LICENSE). */
export function contentTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot < 0 ? undefined : PAGE_CONTENT_TYPES[name.slice(dot + 1)]) ?? 'text/plain; charset=utf-8';
}

