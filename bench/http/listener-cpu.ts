// In-process cost of one request through toNodeListener, without sockets: the listener is
// driven with stub req/res objects (the fields it reads: method, url, rawHeaders, headers,
// socket; writeHead/end on the response), so the figure is our code only, not Node's HTTP
// stack. CPU microseconds per request (process.cpuUsage, so a busy machine disturbs it less
// than wall time), median of 7 batches of 100,000 after 3 warm-up batches.
// Run it bundled (tsx's keepNames transform adds a call per closure):
//   npx esbuild bench/http/listener-cpu.ts --bundle --platform=node --format=esm \
//     --packages=external --outfile=node_modules/.cache/listener-cpu.mjs
//   node node_modules/.cache/listener-cpu.mjs schedule     (or: adjustment)
//   valgrind --tool=callgrind --smc-check=all node node_modules/.cache/listener-cpu.mjs schedule 20000   (and 120000: see below)
import { createHandler, createMemoryStore, createStaticAuth } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { BENCH_HEADERS, DEMO_IDS, DEMO_SEED, DEMO_TOKENS } from './fixtures.js';

const listener = toNodeListener(createHandler({ store: createMemoryStore({ seed: DEMO_SEED }), auth: createStaticAuth(DEMO_TOKENS) }));
const base = `/accounts/${DEMO_IDS.accountID}`;
const PATHS = { schedule: `${base}/schedules/${DEMO_IDS.scheduleID}`, adjustment: `${base}/adjustments/${DEMO_IDS.adjustmentID}` };
const rawHeaders = ['Host', '127.0.0.1:3000', 'User-Agent', 'autocannon', ...Object.entries(BENCH_HEADERS).flat()];

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
const stubRequest = (url: string) => ({ method: 'GET', url, rawHeaders, headers: { host: '127.0.0.1:3000' }, socket: {}, readableEnded: true });
const tick = () => new Promise((resolve) => setImmediate(resolve));

async function batch(url: string, n: number): Promise<number> {
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

const which = (process.argv[2] ?? 'schedule') as keyof typeof PATHS;
const url = PATHS[which];
if (url === undefined) throw new Error(`usage: listener-cpu.mjs ${Object.keys(PATHS).join('|')} [requests]`);
// With a count: that many requests after the same warm-up, and no timing. Under
// `valgrind --tool=callgrind` two counts give instructions per request (their difference over
// the difference of counts), which a busy machine does not disturb at all.
const count = Number(process.argv[3] ?? 0);
if (count > 0) {
  await batch(url, 30_000);
  await batch(url, count);
  process.exit(0);
}
for (let i = 0; i < 3; i++) await batch(url, 50_000);
const runs: number[] = [];
for (let i = 0; i < 7; i++) runs.push(await batch(url, 100_000));
runs.sort((a, b) => a - b);
console.log(`GET ${which} through toNodeListener, stub req/res: ${runs[3]?.toFixed(2)} CPU µs/request (median; min ${runs[0]?.toFixed(2)})`);
