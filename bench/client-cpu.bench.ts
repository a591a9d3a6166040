// CPU time per call of the client against openapi-fetch 0.17, both calling the same in-process
// handler (or, with BENCH_FETCH=canned, a fetch that answers a fixed schedule/invoice body, so
// only the clients' own work is measured). CPU time (process.cpuUsage, user + system) is steadier
// than requests/s on a shared machine: a busy neighbour takes wall time, not this process's CPU.
// A floor row ("fetch alone") does the least any fetch client does: one Request with the bearer
// header (and the JSON body), the same fetch, `response.json()`. A client's own cost is its CPU
// per call less the floor's, round by round.
// Contenders run interleaved in short rounds (BENCH_CALLS sequential calls each), in a different
// order each round, so a busy moment of the machine falls on all of them; each ratio is the ratio
// of the summed CPU, with a 95% interval from 20 blocks of consecutive rounds. Run it with
// --single-threaded-gc: V8's parallel GC threads otherwise add CPU that moves with the load.
// BENCH_ALLOC=1 prints the bytes each contender allocates per call instead (V8's
// total_allocated_bytes), which the machine's load does not move at all.
// BENCH_BEFORE=<dir> adds the same two calls of another build (e.g. a copy of dist/ before a
// change) as contenders, for a before/after in one process.
// BENCH_OURS=src measures the sources (through tsx) instead of dist/, while changing them.
// Run: npm run build && node --single-threaded-gc --import tsx bench/client-cpu.bench.ts
import createFetchClient from 'openapi-fetch';
import { importBuilt } from './http/built-package.js';

type ClientModule = typeof import('../src/client/index.js');
const { createHandler, createMemoryStore, createStaticAuth } = await importBuilt<typeof import('../src/http/index.js')>('dist', 'http/index.js');
const { DEMO_IDS, DEMO_SEED, DEMO_TOKENS } = await importBuilt<typeof import('../src/reference/index.js')>('dist', 'reference/index.js');

const handler = createHandler({ store: createMemoryStore({ seed: DEMO_SEED }), auth: createStaticAuth(DEMO_TOKENS), idempotency: false });
const baseUrl = 'https://payments.test';
const token = 'demo-all-scopes';
const { accountID, scheduleID, invoiceID } = DEMO_IDS;
const patch = { description: 'Coffee for the office' };

// The canned answers: the handler's own bodies, with Content-Length as a server over a socket sends it.
const texts = new Map<string, string>();
for (const [key, request] of [
  ['GET', new Request(`${baseUrl}/accounts/${accountID}/schedules/${scheduleID}`, { headers: { authorization: `Bearer ${token}` } })],
  ['PATCH', new Request(`${baseUrl}/accounts/${accountID}/invoices/${invoiceID}`, { method: 'PATCH', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(patch) })],
] as const) {
  texts.set(key, await (await handler(request)).text());
}
const canned = async (request: Request): Promise<Response> => {
  const text = texts.get(request.method) ?? '';
  if (request.body !== null) await request.text();
  return new Response(text, { headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), 'x-request-id': request.headers.get('x-request-id') ?? 'x' } });
};
const mode = process.env.BENCH_FETCH ?? 'handler';
const fetch = mode === 'canned' ? canned : (request: Request): Promise<Response> => handler(request);

const openapi = createFetchClient<Record<string, never>>({ baseUrl, fetch, headers: { authorization: `Bearer ${token}`, 'x-service-version': 'v2026.04.00' } });
const get = openapi.GET as unknown as (path: string, init: object) => Promise<{ data?: unknown; response: Response }>;
const patchOpenapi = openapi.PATCH as unknown as (path: string, init: object) => Promise<{ data?: unknown; response: Response }>;

const ours = async (dist: string, label: string): Promise<{ name: string; fn: () => Promise<unknown> }[]> => {
  const client = await importBuilt<ClientModule>(dist, dist.endsWith('src') ? 'client/index.ts' : 'client/index.js');
  const lean = client.createTransport({ baseUrl, token, fetch });
  return [
    { name: `${label} getSchedule`, fn: async () => (await client.getSchedule(lean, { accountID, scheduleID })).status },
    { name: `${label} updateInvoice`, fn: async () => (await client.updateInvoice(lean, { accountID, invoiceID }, patch)).status },
  ];
};
// The floor: what every fetch client does at the least (one header, no id, no deadline, no bound on the read).
const floorHeaders = new Headers({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const floorGet = async (): Promise<number> => {
  const response = await fetch(new Request(`${baseUrl}/accounts/${accountID}/schedules/${scheduleID}`, { headers: floorHeaders }));
  await response.json();
  return response.status;
};
const floorPatch = async (): Promise<number> => {
  const response = await fetch(new Request(`${baseUrl}/accounts/${accountID}/invoices/${invoiceID}`, { method: 'PATCH', headers: floorHeaders, body: JSON.stringify(patch) }));
  await response.json();
  return response.status;
};

const contenders = [
  ...(await ours(process.env.BENCH_OURS ?? 'dist', 'ours')),
  { name: 'openapi-fetch GET', fn: async () => (await get('/accounts/{accountID}/schedules/{scheduleID}', { params: { path: { accountID, scheduleID } } })).response.status },
  {
    name: 'openapi-fetch PATCH',
    fn: async () => (await patchOpenapi('/accounts/{accountID}/invoices/{invoiceID}', { params: { path: { accountID, invoiceID } }, body: patch })).response.status,
  },
  { name: 'fetch alone GET', fn: floorGet },
  { name: 'fetch alone PATCH', fn: floorPatch },
  ...(process.env.BENCH_BEFORE === undefined ? [] : await ours(process.env.BENCH_BEFORE, 'before')),
];

const calls = Number(process.env.BENCH_CALLS ?? 200);
const rounds = Number(process.env.BENCH_ROUNDS ?? 300);
for (const c of contenders) {
  for (let i = 0; i < 500; i++) if ((await c.fn()) !== 200) throw new Error(`${c.name}: not 200`);
}
const { loadavg, cpus } = await import('node:os');
const indexOf = (name: string): number => contenders.findIndex((c) => c.name === name);
const pairs: [string, string][] = [
  ['ours getSchedule', 'openapi-fetch GET'],
  ['ours updateInvoice', 'openapi-fetch PATCH'],
  ['ours getSchedule', 'before getSchedule'],
  ['ours updateInvoice', 'before updateInvoice'],
];
const floorOf = (name: string): number => indexOf(/GET|getSchedule/.test(name) ? 'fetch alone GET' : 'fetch alone PATCH');

if (process.env.BENCH_ALLOC === '1') {
  const v8 = await import('node:v8');
  // Node 26 reports it; @types/node does not list it yet.
  const allocated = (): number => (v8.getHeapStatistics() as ReturnType<typeof v8.getHeapStatistics> & { total_allocated_bytes: number }).total_allocated_bytes;
  // The least of 5 passes: a pass can include the compiler's own allocations for the code it optimizes.
  const bytes = contenders.map(() => Number.POSITIVE_INFINITY);
  for (let pass = 0; pass < 5; pass++) {
    for (const [i, c] of contenders.entries()) {
      const before = allocated();
      for (let k = 0; k < calls * 10; k++) await c.fn();
      bytes[i] = Math.min(bytes[i]!, (allocated() - before) / (calls * 10));
    }
  }
  console.log(`bytes allocated per call (V8 total_allocated_bytes, the least of 5 passes of ${calls * 10} calls), fetch: ${mode}`);
  contenders.forEach((c, i) => console.log(`| ${c.name} | ${Math.round(bytes[i]!)} |`));
  process.exit(0);
}

const cpu: number[][] = contenders.map(() => []);
console.log(`fetch: ${mode}; ${rounds} rounds of ${calls} calls; load ${loadavg()[0]?.toFixed(1)}; ${cpus()[0]?.model}; ${process.execArgv.join(' ')}`);
for (let round = 0; round < rounds; round++) {
  // A different order each round, so no contender always follows the same one.
  const order = contenders.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = (round * 7 + i * 3) % (i + 1);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  for (const index of order) {
    const c = contenders[index]!;
    const start = process.cpuUsage();
    for (let i = 0; i < calls; i++) await c.fn();
    const used = process.cpuUsage(start);
    cpu[index]!.push((used.user + used.system) / calls);
  }
}
const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);
const mean = (values: readonly number[]): number => sum(values) / values.length;
const BLOCKS = 20;
// `f` of each block of consecutive rounds, and the 95% interval of their mean (Student t, 19 degrees of freedom).
const interval = (f: (from: number, to: number) => number): string => {
  const per = Math.floor(rounds / BLOCKS);
  const values = Array.from({ length: BLOCKS }, (_, b) => f(b * per, (b + 1) * per));
  const m = mean(values);
  const half = (2.093 * Math.sqrt(sum(values.map((v) => (v - m) ** 2)) / (BLOCKS - 1))) / Math.sqrt(BLOCKS);
  return `${(m - half).toFixed(2)}-${(m + half).toFixed(2)}`;
};
const own = (i: number, from = 0, to = rounds): number => mean(cpu[i]!.slice(from, to)) - mean(cpu[floorOf(contenders[i]!.name)]!.slice(from, to));
console.log('| contender | CPU µs per call, mean | own cost (less the fetch alone), µs |');
console.log('|---|---:|---:|');
contenders.forEach((c, i) => console.log(`| ${c.name} | ${mean(cpu[i]!).toFixed(1)} | ${c.name.startsWith('fetch alone') ? '' : own(i).toFixed(1)} |`));
console.log('\nThe second over the first (above 1: the first costs less): CPU per call; own cost; the difference; 95% intervals over 20 blocks of rounds');
for (const [a, b] of pairs) {
  const ia = indexOf(a);
  const ib = indexOf(b);
  if (ia < 0 || ib < 0) continue;
  const total = (from: number, to: number): number => sum(cpu[ib]!.slice(from, to)) / sum(cpu[ia]!.slice(from, to));
  const owned = (from: number, to: number): number => own(ib, from, to) / own(ia, from, to);
  const more = (from: number, to: number): number => mean(cpu[ib]!.slice(from, to)) - mean(cpu[ia]!.slice(from, to));
  console.log(
    `${b} / ${a}: CPU ${total(0, rounds).toFixed(2)}x (${interval(total)}); own cost ${owned(0, rounds).toFixed(2)}x (${interval(owned)}); ` +
      `${more(0, rounds).toFixed(2)} µs more per call (${interval(more)})`,
  );
}
console.log(`load at the end: ${loadavg()[0]?.toFixed(1)}`);
process.exit(0);
