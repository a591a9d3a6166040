// The server the browser suite drives: the reference server itself (demo data, demo tokens,
// /openapi.json, /docs/ and /playground/), with the pages built into `pagesDir`.
import { DEMO_IDS, startReferenceServer } from '../../src/reference/index.js';

export type PagesServer = { readonly url: string; readonly ids: typeof DEMO_IDS; readonly lines: readonly string[]; close(): Promise<void> };

export async function startPagesServer(pagesDir: string): Promise<PagesServer> {
  const lines: string[] = [];
  const server = await startReferenceServer({ port: 0, pagesDir, log: (line) => lines.push(line) });
  return { url: server.url, ids: DEMO_IDS, lines, close: () => server.close() };
}
