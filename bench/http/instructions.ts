// Instructions per request of bench/http/listener-cpu.ts under callgrind: our code on GET
// schedule (stub req/res, no sockets) against the bare listeners in the same harness. A count of
// instructions does not move with the load of the machine, so changes of a few percent are told
// apart while other work runs. What makes it repeat (three runs within 0.01%):
// - `node --single-threaded --predictable`: V8 compiles and collects on the main thread, in the
//   same order each run, with its random seeds fixed and no heuristic that follows the wall
//   clock (without `--predictable`, two runs of one build were seen 3% apart);
// - a warm-up of 200,000 requests before anything is counted: the last tier-ups (Maglev and
//   Turbofan for functions called once per 256 requests, such as the random fill of the request
//   ids) land after 100,000-160,000 requests and cost as much as thousands of requests;
// - then windows of 10,000 requests, each its own callgrind dump (`--dump-before=uv_get_free_memory`,
//   the harness calls os.freemem() between windows), and the median window.
//   npx tsx bench/http/instructions.ts                      (schedule and bare-headers)
//   npx tsx bench/http/instructions.ts schedule bare        (the kinds of listener-cpu.ts)
//   BENCH_WINDOWS=5 BENCH_WINDOW=10000 BENCH_WARMUP=200000 npx tsx bench/http/instructions.ts
// Two kinds run at a time (one per core); each takes 2-5 minutes under valgrind.
import { build } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countInPairs, countWindows, median } from '../callgrind-windows.js';

const WINDOWS = Number(process.env['BENCH_WINDOWS'] ?? 5);
const WINDOW = Number(process.env['BENCH_WINDOW'] ?? 10_000);
const WARMUP = Number(process.env['BENCH_WARMUP'] ?? 200_000);
const kinds = process.argv.length > 2 ? process.argv.slice(2) : ['schedule', 'bare-headers'];

const dir = mkdtempSync(join(tmpdir(), 'pk-instructions-'));
const bundle = join(dir, 'listener-cpu.mjs');
await build({ entryPoints: ['bench/http/listener-cpu.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: bundle, logLevel: 'error' });

/** The instructions per request of each window of one kind. */
const count = (kind: string): Promise<number[]> => countWindows(dir, kind, [bundle, kind, String(WINDOW), String(WINDOWS), String(WARMUP)], WINDOWS, WINDOW);

const results = await countInPairs(kinds, count, dir);
const first = median(results.get(kinds[0] ?? '') ?? []);
console.log(`| listener (stub req/res, ${WINDOWS} windows of ${WINDOW} after ${WARMUP}) | instructions per request, median | windows | minus ${kinds[0]} |`);
console.log('|---|---:|---|---:|');
for (const kind of kinds) {
  const xs = results.get(kind) ?? [];
  const m = median(xs);
  console.log(`| ${kind} | ${Math.round(m)} | ${xs.map((x) => Math.round(x)).join(', ')} | ${Math.round(m - first)} |`);
}
