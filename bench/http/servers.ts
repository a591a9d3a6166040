// Child-process servers for bench/http.bench.ts, which bundles this file (the harness, the
// frameworks and the demo data) and runs it as `node servers.mjs <kind> [dist directory]`.
// Our code comes from the built package (`dist/` unless a directory is given: what a Node user
// installs, loaded by Node module by module), not from src/. Prints "READY <port>" once
// listening on 127.0.0.1 (ephemeral port).
import { serve as honoServe } from '@hono/node-server';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BENCH_HEADERS, BENCH_PATCH_BODY, DEMO_IDS, DEMO_SEED, DEMO_TOKENS, FIXED_BODY } from './fixtures.js';
import { importBuilt } from './built-package.js';
import { type UserRouteLibrary, authorized, getScheduleRoute, updateInvoiceRoute } from './user-routes.js';

const [kind = '', dist = 'dist'] = process.argv.slice(2);
const load = <M>(path: string): Promise<M> => importBuilt<M>(dist, path);
const { createHandler, createMemoryStore, createStaticAuth } = await load<typeof import('../../src/http/index.js')>('http/index.js');
const { toNodeListener } = await load<typeof import('../../src/node/index.js')>('node/index.js');
const { freshUuid } = await load<typeof import('../../src/shared/fresh-uuid.js')>('shared/fresh-uuid.js');
const lib: UserRouteLibrary = {
  scheduleOccurrences: (await load<typeof import('../../src/schedule/index.js')>('schedule/index.js')).scheduleOccurrences,
  applyInvoiceUpdate: (await load<typeof import('../../src/invoice/index.js')>('invoice/index.js')).applyInvoiceUpdate,
};

// The system clock, as in production (the schedule answer is reused while its slice is unchanged).
const handler = () => createHandler({ store: createMemoryStore({ seed: DEMO_SEED }), auth: createStaticAuth(DEMO_TOKENS) });

/** node:http answering every request with `body`, fixed (text is encoded per response, a Buffer is not). */
const bareFixed = (body: string | Buffer): Server =>
  createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
    res.end(body);
  });

/** Fastify 5 answering the schedule route with `body`, fixed: the framework's own cost. */
async function fastifyFixed(body: string | Buffer): Promise<Server> {
  let server: Server | undefined;
  const app = Fastify({ serverFactory: (listener) => (server = createServer(listener)) });
  app.get('/accounts/:accountID/schedules/:scheduleID', (_request, reply) => reply.type('application/json').send(body));
  await app.ready();
  if (server === undefined) throw new Error('fastify built no server');
  return server;
}

const kinds: Record<string, () => Server | Promise<Server>> = {
  // The ceiling: node:http answering a fixed JSON body.
  bare: () => bareFixed(FIXED_BODY),
  // The ceiling for large answers: node:http answering, fixed, the exact bytes of our GET schedule answer.
  'bare-schedule': () => bareFixed(scheduleBody),
  // The same, with the bytes encoded once (a Buffer), as our handler caches a long answer: the
  // strictest ceiling for GET schedule (node:http then skips encoding the text per response).
  'bare-schedule-bytes': () => bareFixed(Buffer.from(scheduleBody)),
  // The same bytes with our answer's headers, in our form: a fresh `x-request-id` (freshUuid,
  // from dist/), then content-type and content-length, as one flat array. What node:http alone
  // charges for the headers every answer of ours carries: the floor under our GET schedule.
  'bare-schedule-our-headers': () => {
    const length = String(Buffer.byteLength(scheduleBody));
    return createServer((_req, res) => {
      res.writeHead(200, ['x-request-id', freshUuid(), 'content-type', 'application/json', 'content-length', length]);
      res.end(scheduleBody);
    });
  },
  // The ceiling for PATCH invoice: node:http reading the request body, then answering, fixed,
  // the exact bytes of our PATCH invoice answer.
  'bare-invoice': () =>
    createServer((req, res) => {
      req.on('data', () => undefined);
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(invoiceBody)) });
        res.end(invoiceBody);
      });
    }),
  // Ours: createHandler through toNodeListener.
  ours: () => createServer(toNodeListener(handler())),
  // Hono on @hono/node-server serving the same fixed body on the schedule route.
  'hono-fixed': () => {
    const app = new Hono();
    app.get('/accounts/:accountID/schedules/:scheduleID', (c) => c.body(FIXED_BODY, 200, { 'content-type': 'application/json' }));
    return honoServe({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as unknown as Server;
  },
  // Fastify 5 serving GET schedule and PATCH invoice as a Fastify user would (bench/http/user-routes.ts).
  'fastify-user': async () => {
    let server: Server | undefined;
    const app = Fastify({ serverFactory: (listener) => (server = createServer(listener)) });
    const store = createMemoryStore({ seed: DEMO_SEED });
    app.addHook('onRequest', async (request, reply) => {
      if (!authorized(request.headers.authorization)) return reply.code(401).send({ error: 'unauthorized' });
    });
    app.get<{ Params: { accountID: string; scheduleID: string } }>('/accounts/:accountID/schedules/:scheduleID', async (request, reply) => {
      const answer = await getScheduleRoute(lib, store, request.params.accountID, request.params.scheduleID);
      return reply.code(answer.status).send(answer.json);
    });
    app.patch<{ Params: { accountID: string; invoiceID: string } }>('/accounts/:accountID/invoices/:invoiceID', async (request, reply) => {
      const answer = await updateInvoiceRoute(lib, store, request.params.accountID, request.params.invoiceID, request.body);
      return reply.code(answer.status).send(answer.json);
    });
    await app.ready();
    if (server === undefined) throw new Error('fastify built no server');
    return server;
  },
  // Fastify 5 answering, fixed, the bytes of our GET schedule answer: the framework's own cost.
  'fastify-fixed': () => fastifyFixed(scheduleBody),
  // The same with the bytes encoded once (a Buffer): the framework's own cost at its best.
  'fastify-fixed-bytes': () => fastifyFixed(Buffer.from(scheduleBody)),
  // Hono on @hono/node-server serving the same two routes as a Hono user would.
  'hono-user': () => {
    const app = new Hono();
    const store = createMemoryStore({ seed: DEMO_SEED });
    app.use(async (c, next) => {
      if (!authorized(c.req.header('authorization'))) return c.json({ error: 'unauthorized' }, 401);
      await next();
    });
    app.get('/accounts/:accountID/schedules/:scheduleID', async (c) => {
      const answer = await getScheduleRoute(lib, store, c.req.param('accountID'), c.req.param('scheduleID'));
      return c.json(answer.json, answer.status as 200);
    });
    app.patch('/accounts/:accountID/invoices/:invoiceID', async (c) => {
      const answer = await updateInvoiceRoute(lib, store, c.req.param('accountID'), c.req.param('invoiceID'), await c.req.json());
      return c.json(answer.json, answer.status as 200);
    });
    return honoServe({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as unknown as Server;
  },
  // Our handler mounted in Hono: the same GET route through the WHATWG Request/Response bridge.
  'hono-ours': () => {
    const h = handler();
    const app = new Hono();
    app.all('/*', (c) => h(c.req.raw));
    return honoServe({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as unknown as Server;
  },
};

const scheduleBody = await (
  await handler()(
    new Request(`http://127.0.0.1/accounts/${DEMO_IDS.accountID}/schedules/${DEMO_IDS.scheduleID}`, { headers: BENCH_HEADERS }),
  )
).text();

const invoiceBody = await (
  await handler()(
    new Request(`http://127.0.0.1/accounts/${DEMO_IDS.accountID}/invoices/${DEMO_IDS.invoiceID}`, {
      method: 'PATCH',
      headers: { ...BENCH_HEADERS, 'content-type': 'application/json' },
      body: BENCH_PATCH_BODY,
    }),
  )
).text();

const make = kinds[kind];
if (make === undefined) {
  console.error(`unknown server kind "${kind}"; one of ${Object.keys(kinds).join(', ')}`);
  process.exit(2);
}
const server = await make();
const announce = () => console.log(`READY ${(server.address() as AddressInfo).port}`);
if (server.listening) announce();
else if (kind.startsWith('hono')) server.once('listening', announce);
else server.listen(0, '127.0.0.1', announce);
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  (server as { closeAllConnections?: () => void }).closeAllConnections?.();
});
