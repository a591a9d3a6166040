import { OPERATION_CATALOG } from '../operations/catalog.js';
import type { Exchange, Reply } from '../core/exchange.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { createRouter } from '../core/router.js';

/** One file of a page: its bytes and content type. */
export type PageFile = { readonly type: string; readonly body: Uint8Array<ArrayBuffer> };

/** A built page: `index.html` (answered at the page's path) and the files it loads (below that path). */
export type DocsPage = { readonly files: ReadonlyMap<string, PageFile> };

/**
 * The `docs` option of `createHandler`: serve the API reference page (Swagger UI on the
 * document of the `openApi` option) at `path`, without authentication. Off by default; the
 * reference server turns it on.
 */
export type DocsServeOptions = {
  /** Where the page is served, below `basePath` (e.g. `/docs`); its files are served below it. */
  readonly path: string;
  /** The built page: `await readDocsPage()` of payments-kit/reference (on Node). */
  readonly page: DocsPage;
  /** A bearer token to fill in, so that "Try it out" is authorized at once (the reference server's demo token); default none. */
  readonly token?: string;
};

/** The served page: where (below the mount path) and its files. */
export type ServedPage = { readonly path: string; readonly page: DocsPage };

/**
 * The Content-Security-Policy of the reference pages: scripts, styles, fonts and requests
 * from this origin only, images also as data: URLs (Swagger UI's icons); no inline script, no
 * eval, no plugin, no framing, no `<base>`.
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

/** Messages for a `docs` option `createHandler` refuses. */
export const DOCS_MESSAGES = Object.freeze({
  path: 'createHandler: docs.path must start with "/" and have no query, fragment or empty segment',
  taken: (path: string) => `createHandler: docs.path "${path}" is a path of the API; choose another`,
  page: 'createHandler: docs.page must be a built page with an index.html (see readDocsPage)',
  token: 'createHandler: docs.token must be a string',
  needsOpenApi: 'createHandler: docs needs the openApi option: the page renders the document it serves',
});

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
 * The URL of the document relative to the page (served at `pagePath/`): both paths are below
 * the same base, so the page works under any `basePath` and framework mount path.
 *
 * @example
 * relativeUrl('/docs', '/openapi.json')        // '../openapi.json'
 * relativeUrl('/api/docs', '/spec/openapi.json') // '../../spec/openapi.json'
 */
export function relativeUrl(pagePath: string, target: string): string {
  return `${'../'.repeat(pagePath.split('/').length - 1)}${target.slice(1)}`;
}

const PATH = /^(?:\/[^/?#\s]+)+$/;
const PAGE_METHODS = 'GET, HEAD';

/**
 * Checks the `docs` option once, at start-up; `undefined` when the option is absent. The path
 * may not be one the API routes, and the page must have an `index.html`.
 *
 * @example
 * resolveDocs({ path: '/docs', page }, { basePath: '' }) // { path: '/docs', page }
 */
export function resolveDocs(
  option: DocsServeOptions | undefined,
  handler: { readonly basePath: string; readonly openApiPath: string | undefined },
): ServedPage | undefined {
  if (option === undefined) return undefined;
  if (option === null || typeof option !== 'object' || typeof option.path !== 'string' || !PATH.test(option.path)) throw new TypeError(DOCS_MESSAGES.path);
  const files = (option.page as DocsPage | undefined)?.files;
  const index = files instanceof Map ? files.get('index.html') : undefined;
  if (files === undefined || index === undefined) throw new TypeError(DOCS_MESSAGES.page);
  if (option.token !== undefined && typeof option.token !== 'string') throw new TypeError(DOCS_MESSAGES.token);
  if (handler.openApiPath === undefined) throw new TypeError(DOCS_MESSAGES.needsOpenApi);
  const router = createRouter(OPERATION_CATALOG);
  if (router.match('GET', option.path).kind !== 'not-found' || router.match('GET', `${option.path}/x`).kind !== 'not-found') {
    throw new TypeError(DOCS_MESSAGES.taken(option.path));
  }
  const token = option.token ?? '';
  const html = fillPage(new TextDecoder().decode(index.body), {
    OPENAPI_URL: relativeUrl(option.path, handler.openApiPath),
    TOKEN: token,
    TOKEN_NOTE: token === '' ? '' : ` (the bearer token ${token} is filled in)`,
  });
  const filled = new Map(files);
  filled.set('index.html', { type: index.type, body: new TextEncoder().encode(html) });
  return { path: handler.basePath + option.path, page: { files: filled } };
}

/**
 * The answer for `path` when it is the page (`mount/`) or one of its files (`mount/<name>`):
 * 200 for GET (with the body) and HEAD, 405 with `Allow` otherwise; `mount` itself redirects
 * (308) to `mount/`, where the page's relative URLs resolve below it; `undefined` for any other
 * path. Every answer carries {@link PAGE_HEADERS}.
 *
 * @example
 * pageResponse(page, '/docs', 'GET', '/docs/')         // 200 text/html
 * pageResponse(page, '/docs', 'GET', '/docs')          // 308, Location: docs/
 * pageResponse(page, '/docs', 'GET', '/accounts/...')  // undefined
 */
export function pageResponse(page: DocsPage, mount: string, method: string, path: string): Response | undefined {
  if (path === mount) {
    const location = `${mount.slice(mount.lastIndexOf('/') + 1)}/`;
    return new Response(null, { status: 308, headers: { ...PAGE_HEADERS, location } });
  }
  const name = path.startsWith(`${mount}/`) ? (path === `${mount}/` ? 'index.html' : path.slice(mount.length + 1)) : undefined;
  const file = name === undefined ? undefined : page.files.get(name);
  if (file === undefined) return undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    return new Response(JSON.stringify({ error: HTTP_MESSAGES.methodNotAllowed }), { status: 405, headers: { ...PAGE_HEADERS, allow: PAGE_METHODS, 'content-type': 'application/json' } });
  }
  return new Response(method === 'HEAD' ? null : file.body, {
    status: 200,
    headers: { ...PAGE_HEADERS, 'content-type': file.type, 'content-length': String(file.body.byteLength) },
  });
}

/**
 * The handler's answer for a request to the docs page or its files; `undefined` for any other
 * path, or when no page is served.
 *
 * @example
 * docsReply(exchange, served) // { response: Response(200, text/html) }
 */
export function docsReply(exchange: Exchange, served: ServedPage | undefined): Reply | undefined {
  if (served === undefined) return undefined;
  const { path, mountPath } = exchange;
  const response = pageResponse(served.page, mountPath + served.path, exchange.method, path) ?? pageResponse(served.page, served.path, exchange.method, path);
  return response === undefined ? undefined : { response };
}
