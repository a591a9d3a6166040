// The mounting recipes of docs/http.md are code: each block marked `<!-- recipe: name -->` is
// bundled against src/ with esbuild and started as it is written (its `port` comes from
// PORT=0), then the same requests go to it over HTTP on 127.0.0.1 through the real framework
// (Fastify 5, Express 5, Hono on @hono/node-server, a fetch host), and every answer must be
// the handler's own, with x-request-id: valid JSON is read, bad JSON and oversized bodies are
// the handler's 400s, HEAD and 405 behave as documented.
import { serve as honoServe } from '@hono/node-server';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, createHandler } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { bundleDocCode } from '../bundle-doc-code.js';
import { A, ADJUSTMENT_ID, DOMAIN, INVOICE_ID, SESSION, adjustment, bearer, call, draftInvoice, jsonInit, keepFetchGlobals, testOptions } from './helpers.js';

const root = resolve(import.meta.dirname, '../..');
const docs = readFileSync(join(root, 'docs/http.md'), 'utf8');
const RECIPES = new Map([...docs.matchAll(/<!-- recipe: ([\w-]+) -->\n```ts\n([\s\S]*?)```/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
// Bundles live under node_modules so that the frameworks they import resolve.
const outDir = join(root, 'node_modules', '.cache', 'payments-kit-recipes');
mkdirSync(outDir, { recursive: true });

/** What the test needs from each running recipe, by the names the recipe's code uses. */
const EXPOSE: Record<string, string> = {
  fastify: 'export const address = () => app.server.address(); export const close = () => app.close();',
  express: 'export const address = () => server.address(); export const close = () => new Promise((r) => { server.close(r); server.closeAllConnections(); });',
  hono: 'export const address = () => server.address(); export const close = () => new Promise((r) => { server.close(r); server.closeAllConnections?.(); });',
  'fetch-host': '',
};

type Running = { url: string; close: () => Promise<unknown> };

/** Bundles the recipe with a prelude that defines `options` (the suite's handler options) and runs it. */
async function start(name: string): Promise<Running> {
  const code = RECIPES.get(name);
  if (code === undefined) throw new Error(`docs/http.md has no recipe "${name}"`);
  const prelude = `import { testOptions } from ${JSON.stringify(join(root, 'test/http/helpers.ts'))};\nconst options = testOptions();\n`;
  const bundled = await bundleDocCode(`${prelude}${code}\n${EXPOSE[name] ?? ''}`, `http-md-${name}.ts`);
  const file = join(outDir, `${name}-${process.pid}.mjs`);
  writeFileSync(file, bundled);
  process.env['PORT'] = '0';
  const module = (await import(pathToFileURL(file).href)) as {
    address?: () => AddressInfo;
    close?: () => Promise<unknown>;
    default?: { fetch: (request: Request) => Promise<Response> };
  };
  if (module.default !== undefined) {
    // A module-style fetch host (Bun, Deno's `deno serve`, Workers): serve its `fetch` over HTTP.
    const server = honoServe({ fetch: module.default.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((ok) => server.once('listening', () => ok()));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((ok) => { server.close(ok); server.closeAllConnections(); }) };
  }
  if (module.address === undefined || module.close === undefined) throw new Error(`recipe ${name} exposes no server`);
  let address = module.address();
  for (let i = 0; address === null && i < 100; i += 1) {
    await new Promise((ok) => setTimeout(ok, 20));
    address = module.address();
  }
  return { url: `http://127.0.0.1:${address.port}`, close: module.close };
}

const expectOwnAnswer = (r: { headers: Headers }) => expect(r.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9_=-]{1,255}$/);

keepFetchGlobals();

describe.each(['fastify', 'express', 'hono', 'fetch-host'])('the %s recipe of docs/http.md, over HTTP', (name) => {
  let running: Running;
  beforeAll(async () => {
    running = await start(name);
  });
  afterAll(() => running?.close());
  const at = (path: string) => `${running.url}/payments${path}`;

  it('reads a valid JSON body itself (PATCH and POST)', async () => {
    const patch = await call(at(`/accounts/${A}/invoices/${INVOICE_ID}`), jsonInit('PATCH', { description: `via ${name}` }));
    expect([patch.status, patch.json]).toEqual([200, { ...draftInvoice, description: `via ${name}` }]);
    const session = await call(at(`/accounts/${A}/apple-pay/sessions`), jsonInit('POST', { domain: DOMAIN, displayName: 'Shop' }));
    expect([session.status, session.json]).toEqual([200, SESSION]);
    expectOwnAnswer(patch);
  });

  it("answers bad JSON, a non-JSON or malformed content type and an oversized body with the handler's 400 and a request id", async () => {
    const path = at(`/accounts/${A}/invoices/${INVOICE_ID}`);
    const cases: [RequestInit, string][] = [
      [jsonInit('PATCH', '{"description":'), HTTP_MESSAGES.malformedJson],
      [{ ...jsonInit('PATCH', '{}'), headers: { ...bearer('all'), 'content-type': 'text/plain' } }, HTTP_MESSAGES.contentType],
      [{ ...jsonInit('PATCH', '{}'), headers: { ...bearer('all'), 'content-type': '"' } }, HTTP_MESSAGES.contentType],
      [jsonInit('PATCH', `{"description":"${'x'.repeat(1_100_000)}"}`), HTTP_MESSAGES.bodyTooLarge],
    ];
    for (const [init, error] of cases) {
      const r = await call(path, init);
      expect([r.status, r.json]).toEqual([400, { error }]);
      expectOwnAnswer(r);
    }
  });

  it('serves GET, HEAD without a body, 404 inside the mount and 405 with Allow, each with a request id', async () => {
    const get = await call(at(`/accounts/${A}/adjustments/${ADJUSTMENT_ID}`), { headers: { ...bearer('all'), 'x-request-id': `${name}-1` } });
    expect([get.status, get.json, get.headers.get('x-request-id')]).toEqual([200, adjustment, `${name}-1`]);
    const head = await call(at(`/accounts/${A}/adjustments/${ADJUSTMENT_ID}`), { method: 'HEAD', headers: bearer('all') });
    expect([head.status, head.text]).toEqual([200, '']);
    expectOwnAnswer(head);
    const missing = await call(at('/nope'));
    expect([missing.status, missing.json]).toEqual([404, { error: HTTP_MESSAGES.notFound }]);
    const wrong = await call(at(`/accounts/${A}/adjustments/${ADJUSTMENT_ID}`), { method: 'DELETE', headers: bearer('all') });
    expect([wrong.status, wrong.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    for (const r of [missing, wrong]) expectOwnAnswer(r);
  });
});

describe('why the Fastify recipe hijacks in onRequest', () => {
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    const listener = toNodeListener(createHandler({ ...testOptions(), basePath: '/payments' }));
    app = Fastify();
    // The mounting docs/http.md used to show: Fastify parses the body before the handler runs.
    app.all('/payments/*', (request, reply) => {
      reply.hijack();
      listener(request.raw, reply.raw);
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('a hijack in the route handler comes after Fastify read the body: valid JSON is lost, bad JSON gets no request id', async () => {
    const valid = await call(`${url}/payments/accounts/${A}/invoices/${INVOICE_ID}`, jsonInit('PATCH', { description: 'x' }));
    expect([valid.status, valid.json]).toEqual([400, { error: HTTP_MESSAGES.malformedJson }]);
    const bad = await call(`${url}/payments/accounts/${A}/invoices/${INVOICE_ID}`, jsonInit('PATCH', '{'));
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-request-id')).toBeNull();
  });
});
