// Instructions per call of validateInvoiceUpdate and of typia's generated `createEquals`
// (regex-literal tags, and stock `Pattern` tags) on the update-invoice bodies of
// bench/validate.bench.ts, counted by callgrind in bench/validate-loop.ts. A count of
// instructions does not move with the load of the machine (the timed bench swings from 0.5x to
// 1.7x between rounds on a shared machine), so changes of a few percent are told apart. The
// method of bench/http/instructions.ts: `node --single-threaded --predictable` (V8 compiles and collects on
// the main thread, in the same order each run), a long warm-up so that every tier-up has
// landed, then windows of calls, each its own callgrind dump (`--dump-before=uv_get_free_memory`),
// and the median window. A window of the 50-item body has 3/50 of the calls of a 3-item one.
//   npm run bench:peers && npx tsx bench/validate-instructions.ts
//   npx tsx bench/validate-instructions.ts ours:3 typia:3 ours-invalid:50   (validator:items)
//   npx tsx bench/validate-instructions.ts ours-unknown:3 evidence-unknown:3   (unknown fields)
//   BENCH_WINDOWS=5 BENCH_WINDOW=20000 BENCH_WARMUP=300000 npx tsx bench/validate-instructions.ts
// Two kinds run at a time (one per core); the default eight take about 3 minutes.
import { build } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countInPairs, countWindows, median } from './callgrind-windows.js';

const WINDOWS = Number(process.env['BENCH_WINDOWS'] ?? 5);
const WINDOW = Number(process.env['BENCH_WINDOW'] ?? 20_000);
const WARMUP = Number(process.env['BENCH_WARMUP'] ?? 300_000);
const kinds =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ['ours:3', 'typia:3', 'stock:3', 'ours-invalid:3', 'ours:50', 'typia:50', 'stock:50', 'ours-invalid:50'];

const dir = mkdtempSync(join(tmpdir(), 'pk-validate-instructions-'));
const bundle = join(dir, 'validate-loop.mjs');
await build({ entryPoints: ['bench/validate-loop.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node22', outfile: bundle, logLevel: 'error' });

/** Calls per window (and per warm-up) for a body of `items` items: about the same instructions per window. */
const scaled = (calls: number, items: number): number => Math.round((calls * 3) / items);

/** The instructions per call of each window of one kind (`validator:items`). */
function count(kind: string): Promise<number[]> {
  const [which = '', items = '3'] = kind.split(':');
  const calls = scaled(WINDOW, Number(items));
  const args = [bundle, which, items, String(calls), String(WINDOWS), String(scaled(WARMUP, Number(items)))];
  return countWindows(dir, kind.replace(':', '-'), args, WINDOWS, calls);
}

const results = await countInPairs(kinds, count, dir);
console.log(`| validator:items (${WINDOWS} windows of ${WINDOW} 3-item calls after ${WARMUP}) | instructions per call, median | windows | ours / this |`);
console.log('|---|---:|---|---:|');
for (const kind of kinds) {
  const xs = results.get(kind) ?? [];
  const m = median(xs);
  const ours = median(results.get(`ours:${kind.split(':')[1]}`) ?? []);
  console.log(`| ${kind} | ${Math.round(m)} | ${xs.map((x) => Math.round(x)).join(', ')} | ${Number.isFinite(ours / m) ? (ours / m).toFixed(3) : ''} |`);
}
