import type { DocsPage } from '../../http/openapi/docs.js';
import { builtPagesDir, readPageFiles } from './read-site.js';
import { type PageSite, pageResponse } from './site.js';

/** Where the reference server mounts its pages. */
export const PAGE_MOUNTS = Object.freeze({ docs: '/docs', playground: '/playground' });

/** The messages of the page readers, as data. */
export const PAGE_MESSAGES = Object.freeze({
  notBuilt: (page: string, dir: string | undefined) =>
    `the ${page} page is not built${dir === undefined ? ' (the pages are found beside the ESM build only)' : ` in ${dir}`}: run "npm run build"`,
});

/** The files only a build makes, by page: a directory without them holds sources, not a page. */
const BUILT_FILES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  docs: ['docs.js', 'swagger-ui/swagger-ui-bundle.js', 'swagger-ui/swagger-ui.css'],
  playground: ['playground.js'],
});

async function readBuilt(name: 'docs' | 'playground', pagesDir: string | undefined): Promise<DocsPage> {
  const dir = pagesDir ?? builtPagesDir();
  const page = dir === undefined ? undefined : await readPageFiles(dir, name, BUILT_FILES[name]);
  if (page === undefined) throw new Error(PAGE_MESSAGES.notBuilt(name, dir));
  return page;
}

/**
 * The API reference page as built into the package (Swagger UI and its start script), read
 * into memory, for `createHandler`'s `docs` option: a host mounts the reference server's
 * `/docs` page in its own handler with it. Node only (it reads files); `pagesDir` defaults
 * to the package's own `dist/reference/pages`. Throws when the page was not built.
 *
 * @example
 * createHandler({ store, auth, openApi: { path: '/openapi.json' }, docs: { path: '/docs', page: await readDocsPage() } })
 */
export function readDocsPage(pagesDir?: string): Promise<DocsPage> {
  return readBuilt('docs', pagesDir);
}

/**
 * The playground page as built into the package, to serve at `/playground` (see
 * {@link withPages}). Throws when the page was not built.
 *
 * @example
 * withPages(handler, [await readPlaygroundSite()])
 */
export async function readPlaygroundSite(pagesDir?: string): Promise<PageSite> {
  return { ...(await readBuilt('playground', pagesDir)), mount: PAGE_MOUNTS.playground };
}

/**
 * A fetch handler that answers the pages' paths from `sites` and passes every other request
 * to `handler` unchanged.
 *
 * @example
 * createNodeServer(withPages(createHandler(options), [await readPlaygroundSite()]))
 */
export function withPages(handler: (request: Request) => Promise<Response>, sites: readonly PageSite[]): (request: Request) => Promise<Response> {
  if (sites.length === 0) return handler;
  return (request) => {
    const { pathname } = new URL(request.url);
    for (const site of sites) {
      const response = pageResponse(site, site.mount, request.method, pathname);
      if (response !== undefined) return Promise.resolve(response);
    }
    return handler(request);
  };
}
