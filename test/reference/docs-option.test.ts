import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPages } from '../../scripts/build-pages.js';
import { DOCS_MESSAGES, type DocsPage, PAGE_CSP, createHandler, createMemoryStore, createStaticAuth } from '../../src/http/index.js';
import { DEMO_IDS, DEMO_SEED, DEMO_TOKENS, PAGE_MESSAGES, REFERENCE_OPENAPI_PATH, readDocsPage, startReferenceServer } from '../../src/reference/index.js';
import { ALLOWED_HOST_MESSAGES } from '../../src/reference/allowed-hosts.js';
import { RawConnection, type RawResponse, portOf, rawRequest } from '../http/raw-http.js';

const pagesDir = mkdtempSync(join(tmpdir(), 'payments-kit-docs-option-'));
let page: DocsPage;
beforeAll(async () => {
  await buildPages(pagesDir);
  page = await readDocsPage(pagesDir);
}, 60_000);
afterAll(() => rmSync(pagesDir, { recursive: true, force: true }));

const base = () => ({ store: createMemoryStore({ seed: DEMO_SEED }), auth: createStaticAuth(DEMO_TOKENS) });
const get = (handler: (r: Request) => Promise<Response>, path: string, method = 'GET') => handler(new Request(`http://127.0.0.1${path}`, { method }));

describe('createHandler docs option', () => {
  it('is off by default: /docs is a 404 of the API', async () => {
    const handler = createHandler({ ...base(), openApi: { path: '/openapi.json' } });
    expect((await get(handler, '/docs/')).status).toBe(404);
  });

  it('serves the page without authentication, under the CSP, pointing at the served document relatively', async () => {
    const handler = createHandler({ ...base(), openApi: { path: '/openapi.json' }, docs: { path: '/docs', page, token: 'demo-all-scopes' } });
    const bare = await get(handler, '/docs');
    expect([bare.status, bare.headers.get('location')]).toEqual([308, 'docs/']);
    const html = await get(handler, '/docs/');
    expect([html.status, html.headers.get('content-type'), html.headers.get('content-security-policy')]).toEqual([200, 'text/html; charset=utf-8', PAGE_CSP]);
    expect(html.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const text = await html.text();
    expect(text).toContain('data-openapi-url="../openapi.json"');
    expect(text).toContain('data-token="demo-all-scopes"');
    expect(text).not.toMatch(/%[A-Z_]+%/);
    const bundle = await get(handler, '/docs/swagger-ui/swagger-ui-bundle.js');
    expect([bundle.status, bundle.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect((await bundle.text()).length).toBeGreaterThan(1_000_000);
    expect((await get(handler, '/docs/', 'HEAD')).status).toBe(200);
    const post = await get(handler, '/docs/', 'POST');
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    expect((await get(handler, '/docs/nothing.js')).status).toBe(404);
    expect((await get(handler, '/docsx')).status).toBe(404);
  });

  it('below a basePath and a deeper path: the document URL stays relative to the page', async () => {
    const handler = createHandler({ ...base(), basePath: '/v1', openApi: { path: '/spec/openapi.json' }, docs: { path: '/api/docs', page } });
    const html = await get(handler, '/v1/api/docs/');
    expect(html.status).toBe(200);
    const text = await html.text();
    expect(text).toContain('data-openapi-url="../../spec/openapi.json"');
    expect(text).toContain('data-token=""');
    expect((await get(handler, '/api/docs/')).status).toBe(404);
  });

  it('refuses a bad option at start-up with a clear message', () => {
    const ok = { path: '/docs', page };
    const cases: [unknown, unknown, string][] = [
      [{ path: '/openapi.json' }, { ...ok, path: 'docs' }, DOCS_MESSAGES.path],
      [{ path: '/openapi.json' }, { ...ok, path: '/docs/' }, DOCS_MESSAGES.path],
      [{ path: '/openapi.json' }, { ...ok, path: '/docs?x' }, DOCS_MESSAGES.path],
      [{ path: '/openapi.json' }, null, DOCS_MESSAGES.path],
      [{ path: '/openapi.json' }, { ...ok, path: '/accounts' }, DOCS_MESSAGES.taken('/accounts')],
      [{ path: '/openapi.json' }, { path: '/docs', page: { files: new Map() } }, DOCS_MESSAGES.page],
      [{ path: '/openapi.json' }, { path: '/docs', page: { files: { 'index.html': {} } } }, DOCS_MESSAGES.page],
      [{ path: '/openapi.json' }, { path: '/docs' }, DOCS_MESSAGES.page],
      [{ path: '/openapi.json' }, { ...ok, token: 5 }, DOCS_MESSAGES.token],
      [undefined, ok, DOCS_MESSAGES.needsOpenApi],
    ];
    for (const [openApi, docs, message] of cases) {
      expect(() => createHandler({ ...base(), ...(openApi === undefined ? {} : { openApi: openApi as { path: string } }), docs: docs as never }), JSON.stringify(docs)).toThrow(message);
    }
  });

  it('readDocsPage says when the page is not built', async () => {
    await expect(readDocsPage(join(pagesDir, 'nowhere'))).rejects.toThrow(PAGE_MESSAGES.notBuilt('docs', join(pagesDir, 'nowhere')));
  });
});

describe('the reference server', () => {
  it('serves /openapi.json, /docs/ and /playground/ and names them in its banner; API requests pass through', async () => {
    const lines: string[] = [];
    const server = await startReferenceServer({ port: 0, pagesDir, log: (l) => lines.push(l) });
    try {
      expect(lines).toContain(`OpenAPI document: ${server.url}${REFERENCE_OPENAPI_PATH}`);
      expect(lines).toContain(`API reference: ${server.url}/docs/`);
      expect(lines).toContain(`Playground: ${server.url}/playground/`);
      for (const path of [REFERENCE_OPENAPI_PATH, '/docs/', '/playground/', '/playground/playground.js']) expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
      const playground = await fetch(`${server.url}/playground/`);
      expect(playground.headers.get('content-security-policy')).toBe(PAGE_CSP);
      const api = await fetch(`${server.url}/accounts/${DEMO_IDS.accountID}/adjustments/${DEMO_IDS.adjustmentID}`, { headers: { authorization: 'Bearer demo-all-scopes' } });
      expect(api.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('answers only its own Host names (raw requests): any other Host is 421 with x-request-id, pages and writes included (issue 33)', async () => {
    const lines: string[] = [];
    const server = await startReferenceServer({ port: 0, pagesDir, log: (l) => lines.push(l), allowedHosts: ['Payments.Test', '::1'] });
    const port = portOf(server.url);
    const send = async (method: string, path: string, host: string | undefined, body = ''): Promise<RawResponse> => {
      const connection = await RawConnection.open(port);
      try {
        const head = [`${method} ${path} HTTP/1.1`, ...(host === undefined ? [] : [`Host: ${host}`]), 'Authorization: Bearer demo-all-scopes'];
        if (body !== '') head.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
        connection.write(rawRequest(head, body), [method]);
        return await connection.next();
      } finally {
        connection.destroy();
      }
    };
    const invoice = `/accounts/${DEMO_IDS.accountID}/invoices/${DEMO_IDS.invoiceID}`;
    const patch = JSON.stringify({ description: 'from a rebound page' });
    try {
      for (const host of [`attacker.example:${port}`, 'attacker.example', `127.0.0.2:${port}`, `localhost.attacker.example:${port}`, '[::2]']) {
        for (const [method, path, body] of [['GET', '/docs/', ''], ['GET', '/playground/', ''], ['GET', REFERENCE_OPENAPI_PATH, ''], ['PATCH', invoice, patch]] as const) {
          const r = await send(method, path, host, body);
          expect([host, path, r.status, JSON.parse(r.body.toString())]).toEqual([host, path, 421, { error: ALLOWED_HOST_MESSAGES.refused }]);
          expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        }
      }
      // An absolute-form target naming another host is refused too.
      expect((await send('GET', `http://attacker.example:${port}/docs/`, `127.0.0.1:${port}`)).status).toBe(421);
      for (const host of [`127.0.0.1:${port}`, `LOCALHOST:${port}`, 'localhost', `payments.test:${port}`, `[::1]:${port}`, undefined]) {
        expect([host, (await send('GET', '/docs/', host)).status]).toEqual([host, 200]);
        expect([host, (await send('GET', REFERENCE_OPENAPI_PATH, host)).status]).toEqual([host, 200]);
      }
      const read = await send('GET', invoice, `127.0.0.1:${port}`);
      expect(JSON.parse(read.body.toString())).not.toHaveProperty('description', 'from a rebound page');
      expect(lines).toContain(`Answers Host: 127.0.0.1, localhost, payments.test, [::1] (others get 421; --allowed-host adds one)`);
      expect(lines.some((l) => /^PATCH \/accounts\/\S+ 421 0\.0ms [0-9a-f-]{36} \(Host not allowed\)$/.test(l))).toBe(true);
    } finally {
      await server.close();
    }
    for (const bad of ['attacker.example:80', 'a/b', '', 'a b', '*.example']) {
      await expect(startReferenceServer({ port: 0, pagesDir, log: () => undefined, allowedHosts: [bad] })).rejects.toThrow(ALLOWED_HOST_MESSAGES.badName(bad));
    }
  });

  it('without built pages it still starts, and says which pages it does not serve', async () => {
    const lines: string[] = [];
    const missing = join(pagesDir, 'nowhere');
    const server = await startReferenceServer({ port: 0, pagesDir: missing, log: (l) => lines.push(l) });
    try {
      expect(lines).toContain(`API reference: not served (${PAGE_MESSAGES.notBuilt('docs', missing)})`);
      expect(lines).toContain(`Playground: not served (${PAGE_MESSAGES.notBuilt('playground', missing)})`);
      expect((await fetch(`${server.url}/docs/`)).status).toBe(404);
      expect((await fetch(`${server.url}/openapi.json`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
