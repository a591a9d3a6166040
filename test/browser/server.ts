// The server the browser suite drives: the reference server's handler and demo data with the
// pages built into `pagesDir`.
import { DEMO_IDS, DEMO_SEED, DEMO_TOKENS, createHandler, createMemoryStore, createNodeServer, createStaticAuth } from '../../src/http/index.js';
import { loadReferencePages, withPages } from '../../src/reference/pages/mount.js';

export type PagesServer = { readonly url: string; readonly ids: typeof DEMO_IDS; close(): Promise<void> };

export async function startPagesServer(pagesDir: string): Promise<PagesServer> {
  const { sites, missing } = await loadReferencePages({ pagesDir, openApiUrl: '/openapi.json', token: 'demo-all-scopes' });
  if (missing.length > 0) throw new Error(`pages not built: ${missing.join(', ')}`);
  const handler = createHandler({ store: createMemoryStore(DEMO_SEED), auth: createStaticAuth(DEMO_TOKENS), openApi: { path: '/openapi.json' } });
  const server = createNodeServer(withPages(handler, sites));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    ids: DEMO_IDS,
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}
