/** One file of a page: its bytes and content type. */
export type PageFile = { readonly type: string; readonly body: Uint8Array<ArrayBuffer> };

/** A page served below `mount` (e.g. `/docs`): `index.html` at the mount path, the other files below it. */
export type PageSite = { readonly mount: string; readonly files: ReadonlyMap<string, PageFile> };

/**
 * The Content-Security-Policy of both pages: scripts, styles, fonts and requests from this
 * origin only, images also as data: URLs (Swagger UI's icons); no inline script, no eval, no
 * plugin, no framing, no `<base>`.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers of every page file besides its content type. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': PAGE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
});

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

const HTML_ESCAPES: Readonly<Record<string, string>> = Object.freeze({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' });

/**
 * `html` with each `%NAME%` placeholder replaced by `values[NAME]`, HTML-escaped (safe in text
 * and in quoted attributes). A placeholder without a value is left as it is.
 *
 * @example
 * fillPage('<a href="%URL%">', { URL: '/openapi.json?a=1&b=2' }) // '<a href="/openapi.json?a=1&amp;b=2">'
 */
export function fillPage(html: string, values: Readonly<Record<string, string>>): string {
  return html.replace(/%([A-Z_]+)%/g, (whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value === undefined ? whole : value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
  });
}

/**
 * The answer for `path` when it is the site's page (`mount` or `mount/`) or one of its files
 * (`mount/<name>`): 200 for GET (with the body) and HEAD, 405 for another method; `undefined`
 * for any other path. Every answer carries {@link PAGE_HEADERS}.
 *
 * @example
 * pageResponse(site, 'GET', '/docs')          // 200 text/html, the page
 * pageResponse(site, 'GET', '/docs/docs.js')  // 200 text/javascript
 * pageResponse(site, 'GET', '/accounts/...')  // undefined
 */
export function pageResponse(site: PageSite, method: string, path: string): Response | undefined {
  let name: string | undefined;
  if (path === site.mount || path === `${site.mount}/`) name = 'index.html';
  else if (path.startsWith(`${site.mount}/`)) name = path.slice(site.mount.length + 1);
  const file = name === undefined ? undefined : site.files.get(name);
  if (file === undefined) return undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    return new Response(JSON.stringify({ error: 'method not allowed' }), {
      status: 405,
      headers: { ...PAGE_HEADERS, allow: 'GET, HEAD', 'content-type': 'application/json' },
    });
  }
  return new Response(method === 'HEAD' ? null : file.body, {
    status: 200,
    headers: { ...PAGE_HEADERS, 'content-type': file.type, 'content-length': String(file.body.byteLength) },
  });
}
