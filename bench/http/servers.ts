// Child-process servers for bench/http.bench.ts. Usage: node --import tsx bench/http/servers.ts <kind>
// Prints "READY <port>" once listening on 127.0.0.1 (ephemeral port).
import { serve as honoServe } from '@hono/node-server';
import { Hono } from 'hono';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandler, createMemoryStore, createStaticAuth } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { BENCH_HEADERS, DEMO_IDS, DEMO_SEED, DEMO_TOKENS, FIXED_BODY } from './fixtures.js';

// The system clock, as in production (the schedule answer is reused while its slice is unchanged).
const handler = () => createHandler({ store: createMemoryStore({ seed: DEMO_SEED }), auth: createStaticAuth(DEMO_TOKENS) });

const kinds: Record<string, () => Server> = {
  // The ceiling: node:http answering a fixed JSON body.
  bare: () =>
    createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(FIXED_BODY)) });
      res.end(FIXED_BODY);
    }),
  // The ceiling for large answers: node:http answering, fixed, the exact bytes of our GET schedule answer.
  'bare-schedule': () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(scheduleBody)) });
      res.end(scheduleBody);
    });
    return server;
  },
  // Ours: createHandler through toNodeListener.
  ours: () => createServer(toNodeListener(handler())),
  // Hono on @hono/node-server serving the same fixed body on the schedule route.
  'hono-fixed': () => {
    const app = new Hono();
    app.get('/accounts/:accountID/schedules/:scheduleID', (c) => c.body(FIXED_BODY, 200, { 'content-type': 'application/json' }));
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

const kind = process.argv[2] ?? '';
const make = kinds[kind];
if (make === undefined) {
  console.error(`unknown server kind "${kind}"; one of ${Object.keys(kinds).join(', ')}`);
  process.exit(2);
}
const server = make();
const announce = () => console.log(`READY ${(server.address() as AddressInfo).port}`);
if (server.listening) announce();
else if (kind.startsWith('hono')) server.once('listening', announce);
else server.listen(0, '127.0.0.1', announce);
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  (server as { closeAllConnections?: () => void }).closeAllConnections?.();
});
