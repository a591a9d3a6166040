import { builtPagesDir, readPageSite } from './read-site.js';
import { type PageSite, pageResponse } from './site.js';

/** Where the reference server mounts its pages. */
export const PAGE_MOUNTS = Object.freeze({ docs: '/docs', playground: '/playground' });

/** Options of {@link loadReferencePages}. */
export type ReferencePagesOptions = {
  /** The built pages (`scripts/build-pages.ts` output); default the `dist/reference/pages/` this module is built into. */
  readonly pagesDir?: string | undefined;
  /** The URL of the OpenAPI document the reference page renders (e.g. `/openapi.json`). */
  readonly openApiUrl: string;
  /** The bearer token "try it" sends, filled in on the page; none when absent. */
  readonly token?: string | undefined;
};

/**
 * The reference server's two pages, read into memory once: `/docs` (Swagger UI on the
 * OpenAPI document, the demo token filled in) and `/playground`. A page that was not built
 * is left out; `missing` names it.
 *
 * @example
 * const { sites, missing } = await loadReferencePages({ openApiUrl: '/openapi.json', token: 'demo-all-scopes' })
 */
export async function loadReferencePages(options: ReferencePagesOptions): Promise<{ sites: PageSite[]; missing: string[] }> {
  const dir = options.pagesDir ?? builtPagesDir();
  const token = options.token ?? '';
  const docsValues = {
    BASE: PAGE_MOUNTS.docs,
    OPENAPI_URL: options.openApiUrl,
    TOKEN: token,
    TOKEN_NOTE: token === '' ? '' : ` with the demo token ${token} filled in`,
    PLAYGROUND_URL: PAGE_MOUNTS.playground,
  };
  const docs = dir === undefined ? undefined : await readPageSite(dir, 'docs', PAGE_MOUNTS.docs, docsValues);
  const playground = dir === undefined ? undefined : await readPageSite(dir, 'playground', PAGE_MOUNTS.playground, { BASE: PAGE_MOUNTS.playground });
  const sites = [docs, playground].filter((s): s is PageSite => s !== undefined);
  const missing = [docs === undefined ? PAGE_MOUNTS.docs : '', playground === undefined ? PAGE_MOUNTS.playground : ''].filter((m) => m !== '');
  return { sites, missing };
}

/** The path of an absolute URL, without query or fragment (still percent-encoded). */
function pathOf(url: string): string {
  return new URL(url).pathname;
}

/**
 * A fetch handler that answers the pages' paths from `sites` and passes every other request
 * to `handler` unchanged.
 *
 * @example
 * createNodeServer(withPages(createHandler(options), sites))
 */
export function withPages(handler: (request: Request) => Promise<Response>, sites: readonly PageSite[]): (request: Request) => Promise<Response> {
  if (sites.length === 0) return handler;
  return (request) => {
    const path = pathOf(request.url);
    for (const site of sites) {
      const response = pageResponse(site, request.method, path);
      if (response !== undefined) return Promise.resolve(response);
    }
    return handler(request);
  };
}
