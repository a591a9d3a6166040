// In-process cost of one request through toNodeListener, without sockets: the listener is
// driven with stub req/res objects (the fields it reads: method, url, rawHeaders, headers,
// socket; writeHead/end on the response), so the figure is our code only, not Node's HTTP
// stack. As from node:http, the target and each header line are fresh flat strings per request
// (decoded from bytes): a string seen before would hide the cost of hashing or comparing one. CPU microseconds per request (process.cpuUsage, so a busy machine disturbs it less
// than wall time), median of 7 batches of 100,000 after 3 warm-up batches.
// Run it bundled (tsx's keepNames transform adds a call per closure):
//   npx esbuild bench/http/listener-cpu.ts --bundle --platform=node --format=esm \
//     --packages=external --outfile=node_modules/.cache/listener-cpu.mjs
//   node node_modules/.cache/listener-cpu.mjs schedule     (or: adjustment, bare, bare-headers)
// Instructions per request, which load does not disturb: bench/http/instructions.ts runs this
// file under callgrind with a request count and a number of windows (see there).
import { freemem } from 'node:os';
import { createHandler, createMemoryStore, createStaticAuth } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { freshUuid } from '../../src/shared/fresh-uuid.js';
import { BENCH_HEADERS, DEMO_IDS, DEMO_SEED, DEMO_TOKENS } from './fixtures.js';

const ours = toNodeListener(createHandler({ store: createMemoryStore({ seed: DEMO_SEED }), auth: createStaticAuth(DEMO_TOKENS) }));
const base = `/accounts/${DEMO_IDS.accountID}`;
const SCHEDULE = `${base}/schedules/${DEMO_IDS.scheduleID}`;
const RAW_HEADERS = ['Host', '127.0.0.1:3000', 'User-Agent', 'autocannon', ...Object.entries(BENCH_HEADERS).flat()].map((text) => Buffer.from(text, 'latin1'));
/** A fresh string per request, as node:http's parser makes them. */
const fresh = (bytes: Buffer): string => bytes.toString('latin1');

type Listener = (req: never, res: never) => void;
/** Our answer to GET schedule, sent by the two bare listeners below. */
const scheduleBody = await (
  await createHandler({ store: createMemoryStore({ seed: DEMO_SEED }), auth: createStaticAuth(DEMO_TOKENS) })(
    new Request(`http://127.0.0.1${SCHEDULE}`, { headers: BENCH_HEADERS }),
  )
).text();
const scheduleLength = String(Buffer.byteLength(scheduleBody));
const KINDS: Record<string, { readonly url: string; readonly listener: Listener }> = {
  schedule: { url: SCHEDULE, listener: ours },
  adjustment: { url: `${base}/adjustments/${DEMO_IDS.adjustmentID}`, listener: ours },
  // The bare server of bench/http/servers.ts in the same harness: what the harness alone costs.
  bare: {
    url: SCHEDULE,
    listener: (_req, res: { writeHead(status: number, headers: unknown): void; end(body: string): void }) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': scheduleLength });
      res.end(scheduleBody);
    },
  },
  // The bare server with our three headers (a fresh request id), as `bare-schedule-our-headers`.
  'bare-headers': {
    url: SCHEDULE,
    listener: (_req, res: { writeHead(status: number, headers: unknown): void; end(body: string): void }) => {
      res.writeHead(200, ['x-request-id', freshUuid(), 'content-type', 'application/json', 'content-length', scheduleLength]);
      res.end(scheduleBody);
    },
  },
};

let answered = 0;
const stubResponse = () => ({
  headersSent: false,
  writableEnded: false,
  destroyed: false,
  statusCode: 200,
  writeHead(status: number) {
    if (status !== 200) throw new Error(`unexpected status ${status}`);
    return this;
  },
  end() {
    answered++;
  },
  once() {
    return this;
  },
  on() {
    return this;
  },
  off() {
    return this;
  },
});
const stubRequest = (url: Buffer) => ({ method: 'GET', url: fresh(url), rawHeaders: RAW_HEADERS.map(fresh), headers: { host: '127.0.0.1:3000' }, socket: {}, readableEnded: true });
const tick = () => new Promise((resolve) => setImmediate(resolve));

async function batch(listener: Listener, url: Buffer, n: number): Promise<number> {
  const target = answered + n;
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    listener(stubRequest(url) as never, stubResponse() as never);
    if ((i & 63) === 63) await tick();
  }
  while (answered < target) await tick();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / n;
}

const which = process.argv[2] ?? 'schedule';
const kind = KINDS[which];
if (kind === undefined) throw new Error(`usage: listener-cpu.mjs ${Object.keys(KINDS).join('|')} [requests [windows [warm-up]]]`);
const urlBytes = Buffer.from(kind.url, 'latin1');
// With a count: a warm-up, then `windows` windows of that many requests, each closed by a call
// of os.freemem(), and no timing. Under `valgrind --tool=callgrind --dump-before=uv_get_free_memory`
// each window is a dump of its own (the warm-up's instructions stay in the dump before it).
const count = Number(process.argv[3] ?? 0);
if (count > 0) {
  await batch(kind.listener, urlBytes, Number(process.argv[5] ?? 100_000));
  freemem();
  for (let w = Number(process.argv[4] ?? 1); w > 0; w--) {
    await batch(kind.listener, urlBytes, count);
    freemem();
  }
  process.exit(0);
}
for (let i = 0; i < 3; i++) await batch(kind.listener, urlBytes, 50_000);
const runs: number[] = [];
for (let i = 0; i < 7; i++) runs.push(await batch(kind.listener, urlBytes, 100_000));
runs.sort((a, b) => a - b);
console.log(`GET ${which} through toNodeListener, stub req/res: ${runs[3]?.toFixed(2)} CPU µs/request (median; min ${runs[0]?.toFixed(2)})`);
