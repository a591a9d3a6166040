// CPU per PATCH of the handler and the PostgreSQL store over a scripted pool that answers at
// once (no server): the JavaScript cost of the store path alone (the request deadline,
// the row gate, the cancel timer), paired across two built copies of the package in 8
// interleaved rounds of 20,000 PATCHes. SV is the schema version the copies expect.
//
//   npm run build && SV=3 npx tsx bench/store-path-cpu.bench.ts "$PWD/dist" /tmp/base/dist
const dists = process.argv.slice(2);
if (dists.length !== 2) throw new Error('usage: store-path-cpu.bench.ts <dist A> <dist B>');
const testing = await import(new URL('../dist/testing/index.js', import.meta.url).href);
const ACCOUNT = 'acc';
const ID = '5ca1e000-0000-4000-8000-000000000001';
const doc = JSON.stringify(testing.fixtureInvoice(ID));
function fakePool() {
  const query = (config: any) => {
    const text: string = typeof config === 'string' ? config : config.text;
    if (text.startsWith('SELECT to_regclass')) return Promise.resolve({ rows: [{ present: true }] });
    if (text.includes('schema_version')) return Promise.resolve({ rows: [{ version: Number(process.env.SV ?? 1) }] });
    if (text.startsWith('SET')) return Promise.resolve({ rows: [] });
    if (text.includes('version::text AS version FROM')) return Promise.resolve({ rows: [{ document: doc, version: '1' }] });
    if (text.startsWith('WITH held')) return Promise.resolve({ rows: [{ version: '2', key_held: true, notified: 0, found: true }] });
    return Promise.resolve({ rows: [] });
  };
  const client = { query, release() {}, on() {}, off() {} };
  return { totalCount: 1, connect: () => Promise.resolve(client), query };
}
const systems: any[] = [];
for (const dist of dists) {
  const http = await import(`${dist}/http/index.js`);
  const postgres = await import(`${dist}/postgres/index.js`);
  const store = await postgres.createPostgresStore({ client: fakePool(), migrate: false });
  const handler = http.createHandler({ store, auth: http.createStaticAuth({ b: { scopes: [`/accounts/${ACCOUNT}/invoices.write`] } }) });
  systems.push({ dist, handler });
}
const N = 20_000;
async function run(handler: any) {
  const cpu = process.cpuUsage();
  let ok = 0;
  for (let i = 0; i < N; i += 50) {
    const batch = await Promise.all(Array.from({ length: 50 }, () => handler(new Request(`http://x/accounts/${ACCOUNT}/invoices/${ID}`, { method: 'PATCH', headers: { authorization: 'Bearer b', 'content-type': 'application/json' }, body: '{"description":"d"}' }))));
    for (const r of batch) { if (r.status === 200) ok++; await r.arrayBuffer(); }
  }
  const used = process.cpuUsage(cpu);
  return { us: (used.user + used.system) / N, ok };
}
for (const s of systems) await run(s.handler);
const ratios: number[] = [];
for (let round = 0; round < Number(process.env.ROUNDS ?? 8); round++) {
  const order = round % 2 ? [...systems].reverse() : systems;
  const r: Record<string, number> = {};
  for (const s of order) { const x = await run(s.handler); r[s.dist] = x.us; if (x.ok !== N) console.log('non-200', s.dist, N - x.ok); }
  ratios.push(r[dists[0]!]! / r[dists[1]!]!);
  console.log(dists.map((d) => `${r[d]!.toFixed(1)} µs`).join(' / '));
}
ratios.sort((a, b) => a - b);
console.log('ratio first/second median', ratios[4]!.toFixed(3), 'range', ratios[0]!.toFixed(3), ratios[7]!.toFixed(3));
