// Counting instructions in windows under callgrind, for the instruction benches
// (bench/http/instructions.ts, bench/validate-instructions.ts): the program runs a warm-up, then
// windows of work, each closed by a call of os.freemem(); `--dump-before=uv_get_free_memory`
// makes each window a callgrind dump of its own, and the warm-up's instructions stay in the
// dump before the first window.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Node's flags beside `--single-threaded`: `--predictable` fixes V8's random seeds and turns
 * off its heuristics that read the wall clock, so that two runs of one build count alike
 * (`BENCH_NODE_FLAGS=''` counts without it).
 */
const NODE_FLAGS = (process.env['BENCH_NODE_FLAGS'] ?? '--predictable').split(' ').filter(Boolean);

/**
 * Runs `node --single-threaded --predictable <args>` under callgrind, its dumps written in `dir` as
 * `cg-<tag>.N`, and answers the instructions of each of its `windows` windows divided by
 * `perWindow` (the requests or calls of one window).
 *
 * @example
 * const perRequest = await countWindows(dir, 'schedule', [bundle, 'schedule', '10000', '5', '200000'], 5, 10_000);
 */
export function countWindows(dir: string, tag: string, args: readonly string[], windows: number, perWindow: number): Promise<number[]> {
  const out = join(dir, `cg-${tag}`);
  const valgrind = ['--tool=callgrind', '--smc-check=all', '--dump-before=uv_get_free_memory', `--callgrind-out-file=${out}`];
  valgrind.push(process.execPath, '--single-threaded', ...NODE_FLAGS, ...args);
  return new Promise((resolve, reject) => {
    const child = spawn('valgrind', valgrind, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`valgrind ${tag} exited with ${code}:\n${err.slice(-2000)}`));
      const parts = readdirSync(dir)
        .filter((f) => f.startsWith(`cg-${tag}.`))
        .map((f) => ({ f, part: Number(f.slice(f.lastIndexOf('.') + 1)) }))
        .sort((a, b) => a.part - b.part)
        .slice(1, 1 + windows); // part 1 is the warm-up, the last file is the exit
      resolve(parts.map(({ f }) => Number(/^totals: (\d+)/m.exec(readFileSync(join(dir, f), 'utf8'))?.[1]) / perWindow));
    });
  });
}

/** The median of `xs` (the upper one of an even count). */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/**
 * The counts of every kind by `count`, two kinds at a time (one valgrind per core), then `dir`
 * removed.
 */
export async function countInPairs(kinds: readonly string[], count: (kind: string) => Promise<number[]>, dir: string): Promise<Map<string, number[]>> {
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
  return results;
}
