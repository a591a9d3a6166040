// CPU time per call of the client against openapi-fetch 0.17, both calling the same in-process
// handler (or, with BENCH_FETCH=canned, a fetch that answers a fixed schedule/invoice body, so
// only the clients' own work is measured). CPU time (process.cpuUsage, user + system) is steadier
// than requests/s on a shared machine: a busy neighbour takes wall time, not this process's CPU.
// Contenders run interleaved, round after round; each round is BENCH_CALLS sequential calls.
// BENCH_BEFORE=<dir> adds the same two calls of another build (e.g. a copy of dist/ before a
// change) as contenders, for a before/after in one process.
// BENCH_OURS=src measures the sources (through tsx) instead of dist/, while changing them.
// Run: npm run build && node --import tsx bench/client-cpu.bench.ts
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
const contenders = [
  ...(await ours(process.env.BENCH_OURS ?? 'dist', 'ours')),
  { name: 'openapi-fetch GET', fn: async () => (await get('/accounts/{accountID}/schedules/{scheduleID}', { params: { path: { accountID, scheduleID } } })).response.status },
  {
    name: 'openapi-fetch PATCH',
    fn: async () => (await patchOpenapi('/accounts/{accountID}/invoices/{invoiceID}', { params: { path: { accountID, invoiceID } }, body: patch })).response.status,
  },
  ...(process.env.BENCH_BEFORE === undefined ? [] : await ours(process.env.BENCH_BEFORE, 'before')),
];

const calls = Number(process.env.BENCH_CALLS ?? 2000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
for (const c of contenders) {
  for (let i = 0; i < 500; i++) if ((await c.fn()) !== 200) throw new Error(`${c.name}: not 200`);
}
const cpu: number[][] = contenders.map(() => []);
const { loadavg, cpus } = await import('node:os');
console.log(`fetch: ${mode}; ${rounds} rounds of ${calls} calls; load ${loadavg()[0]?.toFixed(1)}; ${cpus()[0]?.model}`);
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
const quantile = (values: number[], q: number): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)]!;
const median = (values: number[]): number => quantile(values, 0.5);
const rangeOf = (values: number[]): string => `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)}`;
const indexOf = (name: string): number => contenders.findIndex((c) => c.name === name);
// The lowest rounds are the least disturbed by other processes (a neighbour only adds CPU time:
// cache misses, frequency), so the minimum and lower quartile are quoted with the median.
console.log('| contender | CPU µs per call: min | lower quartile | median |');
console.log('|---|---:|---:|---:|');
contenders.forEach((c, i) => console.log(`| ${c.name} | ${Math.min(...cpu[i]!).toFixed(1)} | ${quantile(cpu[i]!, 0.25).toFixed(1)} | ${median(cpu[i]!).toFixed(1)} |`));
const pairs: [string, string][] = [
  ['ours getSchedule', 'openapi-fetch GET'],
  ['ours updateInvoice', 'openapi-fetch PATCH'],
  ['ours getSchedule', 'before getSchedule'],
  ['ours updateInvoice', 'before updateInvoice'],
];
console.log('\nCPU of the second over the first (above 1: the first costs less), per round: median (range); lower quartiles\' ratio');
for (const [a, b] of pairs) {
  const ia = indexOf(a);
  const ib = indexOf(b);
  if (ia < 0 || ib < 0) continue;
  const ratios = cpu[ia]!.map((v, r) => cpu[ib]![r]! / v);
  console.log(`${b} / ${a}: ${median(ratios).toFixed(2)}x (${rangeOf(ratios)}); ${(quantile(cpu[ib]!, 0.25) / quantile(cpu[ia]!, 0.25)).toFixed(2)}x`);
}
console.log(`load at the end: ${loadavg()[0]?.toFixed(1)}`);
process.exit(0);
