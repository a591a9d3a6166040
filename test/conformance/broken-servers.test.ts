// Servers that each break one rule: the reference handler behind a proxy that changes one
// thing. Each must be reported by the rule it breaks, with a counterexample and its curl.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import type { Server } from 'node:http';
import * as fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeServer } from '../../src/node/index.js';
import { type ApiConformanceReport, type ConformanceFixtures, runConformance } from '../../src/testing/index.js';
import { type Proxy, brokenHandler, inProcess, referenceFixtures, referenceHandler, withBody } from './reference-server.js';

const json = async (response: Response): Promise<Record<string, unknown>> => (await response.clone().json()) as Record<string, unknown>;
const isPatch = (request: Request) => request.method === 'PATCH';
const codePoints = (text: string) => [...text].length;

type ItemsBody = { lineItems?: { items?: { name?: unknown }[] } };

const BROKEN: Record<string, { rule: string; proxy: Proxy; fixtures?: (f: ConformanceFixtures) => ConformanceFixtures }> = {
  'a missing x-request-id': {
    rule: 'request-id',
    proxy: async (request, inner) => {
      const response = await inner(request);
      if (response.status !== 404) return response;
      const headers = new Headers(response.headers);
      headers.delete('x-request-id');
      return new Response(response.body, { status: response.status, headers });
    },
  },
  'a move the table forbids answered 200': {
    rule: 'invoice-status-table',
    proxy: async (request, inner) => {
      const body = isPatch(request) ? await request.clone().text() : '';
      const response = await inner(request);
      const asked = body.startsWith('{"status":') ? (JSON.parse(body) as { status: string }).status : undefined;
      if (response.status !== 409 || asked === undefined) return response;
      const current = await inner(new Request(request.url, { method: 'PATCH', headers: request.headers, body: '{}' }));
      return withBody(current, { ...(await json(current)), status: asked }, 200);
    },
  },
  'a 422 body keyed by index': {
    rule: 'invoice-update-body',
    proxy: async (request, inner) => {
      const response = await inner(request);
      if (response.status !== 422 || !isPatch(request)) return response;
      const body = (await json(response)) as { lineItems?: { items?: Record<string, unknown> } };
      const items = body.lineItems?.items;
      if (typeof items !== 'object' || items === null) return response;
      return withBody(response, { ...body, lineItems: { ...body.lineItems, items: Object.fromEntries(Object.values(items).map((v, i) => [String(i), v])) } });
    },
  },
  'a 151-character name accepted': {
    rule: 'invoice-update-body',
    proxy: async (request, inner) => {
      if (!isPatch(request)) return inner(request);
      const text = await request.text();
      let body: ItemsBody;
      try {
        body = JSON.parse(text) as ItemsBody;
      } catch {
        return inner(new Request(request.url, { method: 'PATCH', headers: request.headers, body: text }));
      }
      for (const item of Array.isArray(body.lineItems?.items) ? body.lineItems.items : []) {
        if (typeof item?.name === 'string' && codePoints(item.name) > 150) item.name = [...item.name].slice(0, 150).join('');
      }
      return inner(new Request(request.url, { method: 'PATCH', headers: request.headers, body: JSON.stringify(body) }));
    },
  },
  'a name limit counted in UTF-16 code units': {
    rule: 'invoice-update-body',
    proxy: async (request, inner) => {
      if (!isPatch(request)) return inner(request);
      const body = (await request.clone().json().catch(() => ({}))) as ItemsBody;
      const items = Array.isArray(body.lineItems?.items) ? body.lineItems.items : [];
      const long = items.find((item) => typeof item?.name === 'string' && item.name.length > 150 && codePoints(item.name) <= 150);
      if (long === undefined) return inner(request);
      const answer = await inner(new Request(request.url, { method: 'PATCH', headers: request.headers, body: '{}' }));
      return withBody(answer, { lineItems: { items: { [String(long.name)]: { name: 'must be at most 150 characters' } } } }, 422);
    },
  },
  'a version header ignored': {
    rule: 'version-reference-only',
    proxy: (request, inner) => {
      const headers = new Headers(request.headers);
      headers.delete('x-service-version');
      return inner(new Request(request, { headers }));
    },
  },
  'an unlisted status (410 for an unknown ID)': {
    rule: 'listed-statuses',
    proxy: async (request, inner) => {
      const response = await inner(request);
      return response.status === 404 ? new Response(response.body, { status: 410, headers: response.headers }) : response;
    },
  },
  'an error string missing from a 400': {
    rule: 'error-body',
    proxy: async (request, inner) => {
      const response = await inner(request);
      return response.status === 400 ? withBody(response, { message: 'bad request' }) : response;
    },
  },
  'totals that disagree with invoiceTotals': {
    rule: 'invoice-totals',
    proxy: async (request, inner) => {
      const response = await inner(request);
      if (response.status !== 200 || !isPatch(request)) return response;
      const invoice = await json(response);
      const total = invoice['totalAmount'] as { currency: string; valueDecimal: string };
      return withBody(response, { ...invoice, subtotalAmount: total });
    },
  },
  'a token without the scope answered 401': {
    rule: 'auth-scope',
    proxy: async (request, inner) => {
      const response = await inner(request);
      return response.status === 403 ? new Response(response.body, { status: 401, headers: response.headers }) : response;
    },
  },
  'a 150-code-point evidence text refused (evidence limit counted in UTF-16)': {
    rule: 'evidence-body',
    proxy: async (request, inner) => {
      if (request.method !== 'POST' || !request.url.includes('/evidence-text')) return inner(request);
      const body = (await request.clone().json().catch(() => ({}))) as { text?: unknown };
      if (typeof body.text === 'string' && body.text.length > 750 && codePoints(body.text) <= 750) {
        return withBody(await inner(new Request(request.url, { method: 'POST', headers: request.headers, body: '[' })), { error: 'text: must be at most 750 characters' }, 400);
      }
      return inner(request);
    },
  },
  'occurrences expanded in UTC while the fixtures say America/New_York': {
    rule: 'schedule-occurrences',
    proxy: (request, inner) => inner(request),
    fixtures: (f) => ({ ...f, scheduleTimeZone: 'America/New_York' }),
  },
};

async function run(proxy: Proxy, fixtures = referenceFixtures(), baseUrl = 'http://broken.test', fetch: typeof globalThis.fetch | undefined = inProcess(brokenHandler(proxy))): Promise<ApiConformanceReport> {
  return runConformance({ baseUrl, fixtures, fetch, fastCheck: fc, seed: 42, runs: 6 });
}

describe('a server that breaks one rule is reported by that rule, with a counterexample', () => {
  for (const [name, { rule, proxy, fixtures }] of Object.entries(BROKEN)) {
    it(name, async () => {
      const report = await run(proxy, fixtures?.(referenceFixtures()));
      const result = report.rules.find((r) => r.id === rule);
      expect(result?.status, JSON.stringify(report.rules.filter((r) => r.status === 'fail').map((r) => r.id))).toBe('fail');
      const example = result?.counterexample;
      expect(example?.curl).toMatch(/^curl -sS -i -X (GET|PATCH|POST) 'http:\/\/broken\.test\/accounts\//);
      expect(example?.seed).toBe(42);
      expect(example?.message).not.toBe('');
      expect(report.failed).toBeGreaterThanOrEqual(1);
    });
  }

  it('the reference handler with no proxy fails none of them (the premise)', async () => {
    const report = await runConformance({ baseUrl: 'http://broken.test', fixtures: referenceFixtures(), fetch: inProcess(referenceHandler()), fastCheck: fc, seed: 42, runs: 6 });
    expect(report.rules.filter((r) => r.status === 'fail').map((r) => r.id)).toEqual([]);
  });

  it('a shrunk counterexample: the 151-character name is the smallest failing body, and the same seed finds it again', async () => {
    const proxy = BROKEN['a 151-character name accepted']!.proxy;
    const [first, second] = [await run(proxy), await run(proxy)];
    const body = JSON.parse(first.rules.find((r) => r.id === 'invoice-update-body')?.counterexample?.request.body ?? 'null') as ItemsBody;
    const items = body.lineItems?.items ?? [];
    expect(items.some((item) => typeof item.name === 'string' && codePoints(item.name) > 150)).toBe(true);
    expect(Object.keys(body)).toEqual(['lineItems']);
    expect(second.rules.find((r) => r.id === 'invoice-update-body')?.counterexample?.request.body).toBe(first.rules.find((r) => r.id === 'invoice-update-body')?.counterexample?.request.body);
  });
});

const HAS_CURL = spawnSync('curl', ['--version']).status === 0;

describe.skipIf(!HAS_CURL)('the counterexample reproduces with its curl (a broken server over HTTP)', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function serve(proxy: Proxy): Promise<string> {
    const server = createNodeServer(brokenHandler(proxy));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  }

  for (const [name, rule, check] of [
    ['an unlisted status', 'listed-statuses', (out: string) => expect(out).toMatch(/^HTTP\/1\.1 410 /)],
    ['a missing x-request-id', 'request-id', (out: string) => expect(out.toLowerCase()).not.toContain('x-request-id:')],
    ['a 151-character name accepted', 'invoice-update-body', (out: string) => expect(out).toMatch(/^HTTP\/1\.1 200 /)],
  ] as const) {
    it(`${name}: curl gets the same answer`, async () => {
      const key = Object.keys(BROKEN).find((k) => k.startsWith(name)) ?? name;
      const url = await serve(BROKEN[key]!.proxy);
      const report = await run(BROKEN[key]!.proxy, referenceFixtures(), url, undefined);
      const curl = report.rules.find((r) => r.id === rule)?.counterexample?.curl ?? '';
      expect(curl.startsWith(`curl -sS -i -X `)).toBe(true);
      // Asynchronously: the server answers from this process's event loop.
      const out = await promisify(execFile)('sh', ['-c', curl], { encoding: 'utf8', timeout: 10_000 });
      check(out.stdout);
    });
  }
});
