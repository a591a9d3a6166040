// payments-kit/client in a real browser (Chromium through playwright-core): the client bundled for
// a page (esbuild, ESM, platform browser) and served from one origin, calling the reference
// server's handler (demo data and tokens) on another origin with CORS: a read, a write, a local
// refusal, a timeout, and a redirect the browser is told not to follow.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHandler, createMemoryStore, createStaticAuth } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { DEMO_IDS, DEMO_SEED, DEMO_TOKENS } from '../../src/reference/index.js';
import { describeBrowser, launchChromium } from './browser.js';

const listenOn = async (server: Server): Promise<string> => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

describeBrowser('payments-kit/client in Chromium', (chromiumPath) => {
  let browser: Browser;
  let api: Server;
  let page: Server;
  let apiUrl = '';
  let pageUrl = '';
  const seen: string[] = [];

  beforeAll(async () => {
    const bundle = await build({
      entryPoints: [resolve(import.meta.dirname, '../../src/client/index.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      minify: true,
    });
    const script = bundle.outputFiles[0]?.text ?? '';
    page = createServer((request, response) => {
      if (request.url === '/client.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      else response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>client</title><script type="module">import * as c from "/client.js"; window.paymentsKitClient = c;</script>');
    });
    pageUrl = await listenOn(page);
    const handler = createHandler({ store: createMemoryStore({ seed: DEMO_SEED }), auth: createStaticAuth(DEMO_TOKENS), cors: { origins: [pageUrl] } });
    api = createServer(
      toNodeListener(async (request) => {
        seen.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('user-agent') ?? ''}`);
        const path = new URL(request.url).pathname;
        if (request.method !== 'OPTIONS' && path.endsWith('/schedules/hang')) return new Promise<Response>(() => {});
        if (request.method !== 'OPTIONS' && path.endsWith('/schedules/moved')) {
          return new Response(null, { status: 307, headers: { location: 'http://127.0.0.1:1/elsewhere', 'access-control-allow-origin': pageUrl } });
        }
        return handler(request);
      }),
    );
    apiUrl = await listenOn(api);
    browser = await launchChromium(chromiumPath);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    api?.closeAllConnections();
    await new Promise((done) => api?.close(done));
    await new Promise((done) => page?.close(done));
  });

  it('reads, writes, refuses locally and times out, across origins with CORS', async () => {
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.goto(pageUrl, { waitUntil: 'load' });
    await tab.waitForFunction(() => 'paymentsKitClient' in window);
    const results = await tab.evaluate(
      async ({ apiUrl, ids }) => {
        const { createClient } = (window as unknown as { paymentsKitClient: typeof import('../../src/client/index.js') }).paymentsKitClient;
        const client = createClient({ baseUrl: apiUrl, token: 'demo-all-scopes', appInfo: { name: 'browser-test' }, backoff: { initialMs: 1, maxMs: 2 } });
        const read = await client.getSchedule({ accountID: ids.accountID, scheduleID: ids.scheduleID });
        const write = await client.updateInvoice({ accountID: ids.accountID, invoiceID: ids.invoiceID }, { description: 'from a browser' });
        const local = await client.updateInvoice({ accountID: ids.accountID, invoiceID: ids.invoiceID }, { status: 'bogus' } as never);
        const timeout = await client.getSchedule({ accountID: ids.accountID, scheduleID: 'hang' }, { timeoutMs: 300, retries: 0 });
        const moved = await client.getSchedule({ accountID: ids.accountID, scheduleID: 'moved' }, { retries: 0 });
        return {
          read: [read.status, read.ok && read.data.scheduleID === ids.scheduleID, read.requestId.length > 0],
          write: [write.status, write.ok && write.data.description, write.idempotencyKey?.length],
          local: [local.status, local.ok === false && local.kind === 'answer' && local.local, local.attempts],
          timeout: [timeout.kind, timeout.attempts],
          moved: [moved.kind, moved.status],
        };
      },
      { apiUrl, ids: DEMO_IDS },
    );
    expect(results).toEqual({
      read: [200, true, true],
      write: [200, 'from a browser', 36],
      local: [422, true, 0],
      timeout: ['timeout', 1],
      // A browser hides a redirect it was told not to follow (an opaque redirect, status 0).
      moved: ['unexpected', 0],
    });
    expect(errors).toEqual([]);
    // The local refusal never left the page; the redirect's target was never asked.
    expect(seen.filter((line) => line.startsWith('PATCH')).length).toBe(1);
    // Chromium keeps its own User-Agent (it drops the one a script sets); the call still succeeds.
    expect(seen.every((line) => !line.includes('payments-kit/'))).toBe(true);
    await tab.close();
  }, 60_000);
});
