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
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const WINDOWS = Number(process.env['BENCH_WINDOWS'] ?? 5);
const WINDOW = Number(process.env['BENCH_WINDOW'] ?? 10_000);
const WARMUP = Number(process.env['BENCH_WARMUP'] ?? 200_000);
/** Node's flags beside `--single-threaded` (`BENCH_NODE_FLAGS=''` to count without `--predictable`). */
const NODE_FLAGS = (process.env['BENCH_NODE_FLAGS'] ?? '--predictable').split(' ').filter(Boolean);
const kinds = process.argv.length > 2 ? process.argv.slice(2) : ['schedule', 'bare-headers'];

const dir = mkdtempSync(join(tmpdir(), 'pk-instructions-'));
const bundle = join(dir, 'listener-cpu.mjs');
await build({ entryPoints: ['bench/http/listener-cpu.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: bundle, logLevel: 'error' });

/** The instructions of each window of one kind, from callgrind's dumps (the warm-up's dump left out). */
function count(kind: string): Promise<number[]> {
  const out = join(dir, `cg-${kind}`);
  const args = ['--tool=callgrind', '--smc-check=all', '--dump-before=uv_get_free_memory', `--callgrind-out-file=${out}`];
  args.push(process.execPath, '--single-threaded', ...NODE_FLAGS, bundle, kind, String(WINDOW), String(WINDOWS), String(WARMUP));
  return new Promise((resolve, reject) => {
    const child = spawn('valgrind', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`valgrind ${kind} exited with ${code}:\n${err.slice(-2000)}`));
      const parts = readdirSync(dir)
        .filter((f) => f.startsWith(`cg-${kind}.`))
        .map((f) => ({ f, part: Number(f.slice(f.lastIndexOf('.') + 1)) }))
        .sort((a, b) => a.part - b.part)
        .slice(1, 1 + WINDOWS); // part 1 is the warm-up, the last file is the exit
      resolve(parts.map(({ f }) => Number(/^totals: (\d+)/m.exec(readFileSync(join(dir, f), 'utf8'))?.[1]) / WINDOW));
    });
  });
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const results = new Map<string, number[]>();
try {
  for (let i = 0; i < kinds.length; i += 2) {
    const pair = kinds.slice(i, i + 2);
    const counts = await Promise.all(pair.map(count));
    pair.forEach((kind, j) => results.set(kind, counts[j] ?? []));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const first = median(results.get(kinds[0] ?? '') ?? []);
console.log(`| listener (stub req/res, ${WINDOWS} windows of ${WINDOW} after ${WARMUP}) | instructions per request, median | windows | minus ${kinds[0]} |`);
console.log('|---|---:|---|---:|');
for (const kind of kinds) {
  const xs = results.get(kind) ?? [];
  const m = median(xs);
  console.log(`| ${kind} | ${Math.round(m)} | ${xs.map((x) => Math.round(x)).join(', ')} | ${Math.round(m - first)} |`);
}
