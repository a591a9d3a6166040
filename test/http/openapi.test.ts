// The OpenAPI document: valid OpenAPI 3.1, generated from the catalog and the schemas, served
// by the handler, and a contract the handler keeps: every documented example request, sent
// over HTTP to a handler on the demo data, gets a documented status and a body and headers
// that match the document's schemas (checked with ajv).
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, OPENAPI_MESSAGES, OPERATION_CATALOG, VERSION_PATTERN, createHandler, createMemoryStore, createOpenApiDocument, createStaticAuth } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { DEMO_SEED, DEMO_TOKENS, createDemoWalletProvider } from '../../src/reference/index.js';
import { FIELD_LIMITS, REQUEST_LIMITS } from '../../src/limits/index.js';
import {
  ApplePaySessionRequestSchema,
  EvidenceTextRequestSchema,
  InvoiceSchema,
  InvoiceUpdateSchema,
  ScheduleSchema,
  schemaToJsonSchema,
} from '../../src/schemas/index.js';
import { isVersion } from '../../src/version/index.js';
import { type TestServer, call, listen } from './helpers.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const document = createOpenApiDocument();
const DOC_ID = 'https://payments-kit.invalid/openapi.json';
const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));
ajv.addSchema(document as unknown as Record<string, unknown>, DOC_ID);

type Json = Record<string, unknown>;
const asJson = (value: unknown): Json => (value !== null && typeof value === 'object' ? (value as Json) : {});

/** Follows `#/...` references inside the document. */
function deref(value: unknown): Json {
  let node = asJson(value);
  while (typeof node['$ref'] === 'string') {
    node = (node['$ref'] as string)
      .slice(2)
      .split('/')
      .reduce<Json>((at, key) => asJson(at[key]), asJson(document));
  }
  return node;
}

/** A copy of a schema with every `$ref` to a component replaced by the component, recursively. */
function inline(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inline);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = asJson(schema);
  if (typeof node['$ref'] === 'string') return inline(deref(node));
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value)]));
}

const validatorFor = (schema: unknown) => {
  const ref = asJson(schema)['$ref'];
  return typeof ref === 'string' ? ajv.compile({ $ref: `${DOC_ID}${ref}` }) : ajv.compile(asJson(schema));
};

type Operation = { method: string; path: string; operation: Json };
const OPERATIONS: Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation: asJson(operation) })),
);

describe('createOpenApiDocument', () => {
  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    const result = await new Validator().validate(structuredClone(document) as unknown as Json);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    const withBasePath = await new Validator().validate(structuredClone(createOpenApiDocument({ basePath: '/v1' })) as unknown as Json);
    expect(withBasePath.valid).toBe(true);
  });

  it('lists every catalog operation once, by method and path, a HEAD beside each GET, and nothing else', () => {
    const documented = OPERATIONS.map(({ method, operation }) => `${method} ${String(operation['operationId'])}`).sort();
    const gets = OPERATION_CATALOG.filter((entry) => entry.method === 'GET');
    expect(gets.length).toBeGreaterThan(2);
    expect(documented).toEqual(
      [...OPERATION_CATALOG.map((entry) => `${entry.method} ${entry.id}`), ...gets.map((entry) => `HEAD ${entry.id}Head`)].sort(),
    );
    for (const { method, path, operation } of OPERATIONS) {
      const id = String(operation['operationId']);
      const entry =
        method === 'HEAD'
          ? OPERATION_CATALOG.find((e) => e.method === 'GET' && `${e.id}Head` === id)
          : OPERATION_CATALOG.find((e) => e.method === method && e.id === id);
      expect(entry?.path, `${method} ${id}`).toBe(path);
    }
  });

  it('describes HEAD as its GET: the same parameters, security, statuses and response headers, no body', () => {
    const heads = OPERATIONS.filter(({ method }) => method === 'HEAD');
    expect(heads).toHaveLength(OPERATION_CATALOG.filter((entry) => entry.method === 'GET').length);
    for (const { path, operation: head } of heads) {
      const get = asJson(asJson(document.paths[path])['get']);
      expect(head['parameters']).toEqual(get['parameters']);
      expect(head['security']).toEqual(get['security']);
      expect([head['deprecated'], head['x-stage']]).toEqual([get['deprecated'], get['x-stage']]);
      const getResponses = asJson(get['responses']);
      const headResponses = asJson(head['responses']);
      expect(Object.keys(headResponses)).toEqual(Object.keys(getResponses));
      for (const [status, response] of Object.entries(headResponses)) {
        expect(asJson(response)['content'], `${String(head['operationId'])} ${status}`).toBeUndefined();
        expect(asJson(response)['headers']).toEqual(asJson(getResponses[status])['headers']);
      }
    }
  });

  it('documents the five operations with exactly their listed statuses, and the listed ones with their 501', () => {
    for (const entry of OPERATION_CATALOG) {
      const operation = asJson(asJson(document.paths[entry.path])[entry.method.toLowerCase()]);
      const statuses = Object.keys(asJson(operation['responses'])).map(Number);
      if (entry.statuses !== undefined) expect(statuses).toEqual([...entry.statuses]);
      else expect(statuses).toContain(501);
    }
  });

  it('requires x-request-id on every response, the challenge on 401 and 403, Retry-After on 429', () => {
    for (const { operation } of OPERATIONS) {
      for (const [status, response] of Object.entries(asJson(operation['responses']))) {
        const headers = asJson(deref(response)['headers']);
        expect(deref(headers['x-request-id'])['required']).toBe(true);
        if (status === '401' || status === '403') expect(deref(headers['WWW-Authenticate'])['required']).toBe(true);
        if (status === '429') expect(deref(headers['Retry-After'])['required']).toBe(true);
      }
    }
  });

  it('asks bearer or basic credentials holding the operation scope', () => {
    for (const entry of OPERATION_CATALOG) {
      const operation = asJson(asJson(document.paths[entry.path])[entry.method.toLowerCase()]);
      const scopes = entry.scope === undefined ? [] : [entry.scope];
      expect(operation['security']).toEqual([{ bearerAuth: scopes }, { basicAuth: scopes }]);
    }
    expect(document.components.securitySchemes).toMatchObject({ bearerAuth: { type: 'http', scheme: 'bearer' }, basicAuth: { type: 'http', scheme: 'basic' } });
  });

  it('describes the version header: any valid version, or only the reference version for the two reads', () => {
    for (const entry of OPERATION_CATALOG) {
      const operation = asJson(asJson(document.paths[entry.path])[entry.method.toLowerCase()]);
      const version = (operation['parameters'] as unknown[]).map(deref).find((p) => p['name'] === 'X-Service-Version');
      const only = entry.id === 'getSchedule' || entry.id === 'getAdjustment';
      expect(version?.['schema']).toEqual(only ? { type: 'string', enum: ['v2026.04.00'] } : { type: 'string', pattern: VERSION_PATTERN });
    }
  });

  it('VERSION_PATTERN accepts exactly what parseVersion accepts', () => {
    const pattern = new RegExp(VERSION_PATTERN);
    const versionLike = fc.oneof(
      fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 99 })).map(
        ([y, q, b]) => `v${String(y).padStart(4, '0')}.${String(q).padStart(2, '0')}.${String(b).padStart(2, '0')}`,
      ),
      fc.constantFrom('dev', 'DEV', 'v2026.4.00', 'v2026.04.0', ' v2026.04.00', 'v2026.04.00\n', 'v12026.04.00'),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(fc.property(versionLike, (s) => pattern.test(s) === isVersion(s)), { numRuns: 2000, seed: 14 });
  });

  it('carries the request bodies exactly as the schemas convert (every constraint, same keywords)', () => {
    const component = (name: string) => inline(document.components.schemas[name]);
    const standalone = (schema: Parameters<typeof schemaToJsonSchema>[0]) => {
      const { $schema: _dialect, ...converted } = schemaToJsonSchema(schema, { target: 'draft-2020-12' });
      return converted;
    };
    expect(component('InvoiceUpdate')).toEqual(standalone(InvoiceUpdateSchema));
    expect(component('EvidenceTextRequest')).toEqual(standalone(EvidenceTextRequestSchema));
    expect(component('ApplePaySessionRequest')).toEqual(standalone(ApplePaySessionRequestSchema));
    expect(component('Invoice')).toEqual(standalone(InvoiceSchema));
    expect(component('Schedule')).toEqual(standalone(ScheduleSchema));
  });

  it('states the field limits of the limits table, counted in code points', () => {
    const props = (name: string) => asJson(deref(document.components.schemas[name])['properties']);
    expect(asJson(props('EvidenceTextRequest')['text'])['maxLength']).toBe(FIELD_LIMITS.evidenceText.max);
    expect(asJson(props('ApplePaySessionRequest')['displayName'])['maxLength']).toBe(FIELD_LIMITS.displayName.max);
    expect(asJson(props('LineItem')['name'])).toMatchObject({ minLength: FIELD_LIMITS.lineItemName.min, maxLength: FIELD_LIMITS.lineItemName.max });
    const displayName = validatorFor(document.components.schemas['ApplePaySessionRequest']);
    expect(displayName({ domain: 'shop.example.com', displayName: '\u{1F4B8}'.repeat(64) })).toBe(true);
    expect(displayName({ domain: 'shop.example.com', displayName: '\u{1F4B8}'.repeat(65) })).toBe(false);
  });

  it('gives a schema to every example in it, and the examples match their schemas', () => {
    let checked = 0;
    for (const { operation } of OPERATIONS) {
      for (const response of Object.values(asJson(operation['responses']))) {
        const media = asJson(asJson(deref(response)['content'])['application/json']);
        if (media['example'] === undefined) continue;
        const validate = validatorFor(media['schema']);
        expect(validate(media['example']), JSON.stringify(validate.errors)).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBe(5);
  });

  it("states the count limits and closed objects of the request bodies, under the handler's limits", () => {
    const items = (doc: typeof document) => asJson(asJson(asJson(asJson(doc.components.schemas['InvoiceUpdate'])['properties'])['lineItems'])['properties'])['items'];
    expect(asJson(items(document))['maxItems']).toBe(REQUEST_LIMITS.lineItems);
    expect(asJson(items(createOpenApiDocument({ limits: { lineItems: 3 } })))['maxItems']).toBe(3);
    for (const name of ['InvoiceUpdate', 'EvidenceTextRequest', 'ApplePaySessionRequest']) {
      expect(asJson(document.components.schemas[name])['additionalProperties']).toBe(false);
    }
  });

  it('returns a fresh object each call', () => {
    expect(createOpenApiDocument()).not.toBe(createOpenApiDocument());
    expect(createOpenApiDocument({ basePath: '/v1' }).servers).toEqual([{ url: '/v1' }]);
    expect(document.servers).toEqual([{ url: '/' }]);
  });
});

// ---------------------------------------------------------------------------------------
// The contract: drive the handler from the document.
// ---------------------------------------------------------------------------------------

type Request = { label: string; method: string; url: string; headers: Record<string, string>; body?: string; stated?: number };

const TOKEN = Object.keys(DEMO_TOKENS)[0] ?? '';

/** The requests the document describes for one operation: each body example, or one without a body. */
function documentedRequests({ method, path, operation }: Operation): Request[] {
  const parameters = (operation['parameters'] as unknown[]).map(deref);
  let url = path;
  const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` };
  for (const parameter of parameters) {
    const example = parameter['example'];
    if (typeof example !== 'string') continue;
    if (parameter['in'] === 'path') url = url.replace(`{${String(parameter['name'])}}`, encodeURIComponent(example));
    if (parameter['in'] === 'header') headers[String(parameter['name']).toLowerCase()] = example;
  }
  const id = String(operation['operationId']);
  const body = asJson(asJson(asJson(operation['requestBody'])['content'])['application/json']);
  const examples = Object.entries(asJson(body['examples'] ?? {}));
  if (examples.length === 0) return [{ label: `${id}`, method, url, headers }];
  return examples.map(([name, example]) => {
    const { summary, value } = asJson(example);
    // Each summary ends with the status the demo data answers: "(422)".
    const stated = /\((\d{3})\)$/.exec(String(summary))?.[1];
    if (stated === undefined) throw new Error(`example ${id} ${name} states no status: ${String(summary)}`);
    return {
      label: `${id} ${name}`,
      method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(value),
      stated: Number(stated),
    };
  });
}

const withoutCredentials = (request: Request): Request => {
  const { authorization: _dropped, ...headers } = request.headers;
  return { ...request, label: `${request.label} without credentials`, headers, stated: 401 };
};

describe('the handler keeps the contract the document states', () => {
  let server: TestServer;
  let current: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
  const fresh = () =>
    toNodeListener(
      createHandler({
        store: createMemoryStore({ seed: DEMO_SEED }),
        auth: createStaticAuth(DEMO_TOKENS),
        walletProvider: createDemoWalletProvider(),
      }),
    );
  beforeAll(async () => {
    server = await listen((req, res) => current(req, res));
  });
  afterAll(() => server.close());

  const requests = OPERATIONS.flatMap((operation) => {
    const documented = documentedRequests(operation);
    return [...documented.map((request) => ({ operation, request })), { operation, request: withoutCredentials(documented[0] as Request) }];
  });

  it('has example requests for every operation, and every write has a failing example', () => {
    expect(requests.length).toBeGreaterThan(OPERATIONS.length * 2);
    expect(requests.filter(({ request }) => request.method === 'HEAD').length).toBeGreaterThan(4);
    const stated = new Set(requests.map(({ request }) => `${request.label.split(' ')[0]} ${request.stated}`));
    for (const expected of ['updateInvoice 200', 'updateInvoice 422', 'updateInvoice 409', 'uploadEvidenceText 201', 'uploadEvidenceText 400', 'createWalletSession 200', 'createWalletSession 422', 'createWalletSession 409']) {
      expect(stated).toContain(expected);
    }
  });

  for (const { operation, request } of requests) {
    it(`${request.method} ${request.label}: a documented status, body and headers`, async () => {
      current = fresh();
      const init: RequestInit = { method: request.method, headers: request.headers };
      if (request.body !== undefined) init.body = request.body;
      const answer = await call(`${server.url}${request.url}`, init);
      const responses = asJson(operation.operation['responses']);
      expect(Object.keys(responses), `status ${answer.status}: ${answer.text}`).toContain(String(answer.status));
      expect(answer.status, answer.text).toBe(request.stated ?? documentedSuccessOr501(responses));
      const response = deref(responses[String(answer.status)]);
      if (response['content'] === undefined) {
        // A documented answer without a body (HEAD): none is sent.
        expect(answer.text).toBe('');
      } else {
        const media = asJson(asJson(response['content'])['application/json']);
        const validate = validatorFor(media['schema']);
        expect(validate(answer.json), JSON.stringify(validate.errors)).toBe(true);
      }
      expect(answer.headers.get('content-type')).toBe('application/json');
      for (const [name, header] of Object.entries(asJson(response['headers']))) {
        const spec = deref(header);
        const value = answer.headers.get(name);
        if (spec['required'] === true) expect(value, name).not.toBeNull();
        if (value !== null) expect(validatorFor(spec['schema'])(value), `${name}: ${value}`).toBe(true);
      }
    });
  }
});

/** The status a request without a stated one must get: the success status, or 501 for a listed operation. */
function documentedSuccessOr501(responses: Json): number {
  const success = Object.keys(responses).find((status) => status.startsWith('2'));
  return success === undefined ? 501 : Number(success);
}

// ---------------------------------------------------------------------------------------
// Serving the document.
// ---------------------------------------------------------------------------------------

describe('createHandler({ openApi: { path } }) serves the document', () => {
  let s: TestServer;
  const handlerOptions = { store: createMemoryStore({ seed: DEMO_SEED }), auth: createStaticAuth(DEMO_TOKENS) };
  beforeAll(async () => {
    s = await listen(toNodeListener(createHandler({ ...handlerOptions, basePath: '/v1', openApi: { path: '/openapi.json' }, cors: { origins: ['https://docs.example.com'] } })));
  });
  afterAll(() => s.close());

  it('answers GET without credentials, with the document for its basePath and a request id', async () => {
    const r = await call(`${s.url}/v1/openapi.json`, { headers: { 'x-request-id': 'doc-1' } });
    expect([r.status, r.headers.get('content-type'), r.headers.get('x-request-id')]).toEqual([200, 'application/json', 'doc-1']);
    expect(r.json).toEqual(createOpenApiDocument({ basePath: '/v1' }));
  });

  it('answers HEAD with its headers, other methods 405, and a browser on a listed origin', async () => {
    const head = await call(`${s.url}/v1/openapi.json`, { method: 'HEAD' });
    expect([head.status, head.text]).toEqual([200, '']);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000);
    const post = await call(`${s.url}/v1/openapi.json`, { method: 'POST' });
    expect([post.status, post.headers.get('allow'), post.json]).toEqual([405, 'GET, HEAD', { error: HTTP_MESSAGES.methodNotAllowed }]);
    const preflight = await call(`${s.url}/v1/openapi.json`, {
      method: 'OPTIONS',
      headers: { origin: 'https://docs.example.com', 'access-control-request-method': 'GET' },
    });
    expect([preflight.status, preflight.headers.get('access-control-allow-methods')]).toEqual([204, 'GET, HEAD']);
    const cors = await call(`${s.url}/v1/openapi.json`, { headers: { origin: 'https://docs.example.com' } });
    expect(cors.headers.get('access-control-allow-origin')).toBe('https://docs.example.com');
  });

  it('serves nothing at that path without the option, and only at that path', async () => {
    const plain = createHandler(handlerOptions);
    expect((await plain(new Request('http://h/openapi.json'))).status).toBe(404);
    expect((await call(`${s.url}/openapi.json`)).status).toBe(404);
    expect((await call(`${s.url}/v1/openapi.json/x`)).status).toBe(404);
  });

  it("serves the document of the handler's own limits", async () => {
    const handler = createHandler({ ...handlerOptions, limits: { optionsPerItem: 2 }, openApi: { path: '/openapi.json' } });
    const r = await handler(new Request('http://h/openapi.json'));
    expect(await r.json()).toEqual(createOpenApiDocument({ limits: { optionsPerItem: 2 } }));
  });

  it('serves a document the host passes', async () => {
    const custom = { ...createOpenApiDocument(), servers: [{ url: 'https://api.example.com/v1' }] };
    const handler = createHandler({ ...handlerOptions, openApi: { path: '/docs/openapi.json', document: custom } });
    const r = await handler(new Request('http://h/docs/openapi.json'));
    expect(await r.json()).toEqual(custom);
  });

  it('refuses a bad or taken path at construction', () => {
    for (const path of ['openapi.json', '/openapi.json/', '/a//b', '/doc?x=1', '']) {
      expect(() => createHandler({ ...handlerOptions, openApi: { path } })).toThrow(new TypeError(OPENAPI_MESSAGES.path));
    }
    expect(() => createHandler({ ...handlerOptions, openApi: { path: '/accounts/openapi.json' } })).toThrow(
      new TypeError(OPENAPI_MESSAGES.taken('/accounts/openapi.json')),
    );
    expect(() => createHandler({ ...handlerOptions, openApi: { path: '/x', document: 'doc' as never } })).toThrow(new TypeError(OPENAPI_MESSAGES.document));
  });
});
