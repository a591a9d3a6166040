// Load generation for bench/http.bench.ts: wrk (Debian's `wrk`, a C client) when it is
// installed, otherwise autocannon (a Node client). The client must not be the bottleneck:
// autocannon spends more CPU per response than our server does on a 5 KB answer, so with it
// the larger answers measure the client. Each run also reads the server process's CPU time
// from /proc, so a table can show whether the server was saturated (busy close to 100%).
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** One request shape to repeat. */
export type Target = {
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: string;
  /** wrk only: request these paths in turn (one per request, round robin) instead of the URL's own. */
  paths?: readonly string[];
};

/** What one timed run measured. */
export type LoadResult = {
  rps: number;
  p99Ms: number;
  /** Responses outside 2xx, plus socket errors. */
  bad: number;
  /** Share of one CPU the server process used during the run (user + system), or NaN off Linux. */
  serverBusy: number;
};

export type LoadClient = 'wrk' | 'autocannon';

const works = (command: string, args: string[]): boolean => {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** `BENCH_CLIENT` if set, else wrk when `wrk` runs here, else autocannon. */
export function pickClient(): LoadClient {
  const wanted = process.env['BENCH_CLIENT'];
  if (wanted === 'wrk' || wanted === 'autocannon') return wanted;
  // `wrk --version` prints its banner and exits 1; any start at all means it is installed.
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return 'wrk';
  } catch (error) {
    return (error as { code?: string }).code === 'ENOENT' ? 'autocannon' : 'wrk';
  }
}

/** True when `taskset` can pin processes (Linux with util-linux). */
export const hasTaskset = works('taskset', ['-p', String(process.pid)]);

/** The command line that runs `command` on one CPU when pinning is possible. */
export function pinned(cpu: number, command: string, args: string[]): [string, string[]] {
  return hasTaskset ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args];
}

/** CPU ticks (user + system) a process has used so far; NaN where /proc is missing. */
function cpuTicks(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return Number.NaN;
  }
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** Runs `run` while measuring the server's CPU time. */
async function withServerCpu(serverPid: number | undefined, run: () => Promise<Omit<LoadResult, 'serverBusy'>>): Promise<LoadResult> {
  const before = cpuTicks(serverPid);
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  return { ...result, serverBusy: (cpuTicks(serverPid) - before) / TICKS_PER_SECOND / seconds };
}

const luaString = (text: string): string => JSON.stringify(text); // a JSON string is a valid Lua string literal here (ASCII)

function wrkScript(target: Target, cacheDir: string): string {
  const lines = [`wrk.method = ${luaString(target.method)}`];
  if (target.body !== undefined) lines.push(`wrk.body = ${luaString(target.body)}`);
  for (const [name, value] of Object.entries(target.headers ?? {})) lines.push(`wrk.headers[${luaString(name)}] = ${luaString(value)}`);
  if (target.paths !== undefined && target.paths.length > 0) {
    lines.push(`local paths = { ${target.paths.map(luaString).join(', ')} }`, 'local turn = 0');
    lines.push('request = function() turn = turn % #paths + 1; return wrk.format(nil, paths[turn]) end');
  }
  const text = `${lines.join('\n')}\n`;
  // Named by a hash of the whole script, written once, atomically (a file of its own, then a
  // rename): both sides of a pair ask for the same script at the same moment, and rewriting
  // the file in place let one wrk read it truncated and send bare GETs (401s) for a whole pair.
  const file = join(cacheDir, `wrk-${createHash('sha256').update(text).digest('base64url').slice(0, 32)}.lua`);
  if (!existsSync(file)) {
    const draft = `${file}.${process.pid}.tmp`;
    writeFileSync(draft, text);
    renameSync(draft, file);
  }
  return file;
}

function parseDuration(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (m === null) return Number.NaN;
  const value = Number(m[1]);
  return m[2] === 'us' ? value / 1000 : m[2] === 'ms' ? value : m[2] === 's' ? value * 1000 : value * 60_000;
}

function runWrk(target: Target, seconds: number, connections: number, cacheDir: string): Promise<Omit<LoadResult, 'serverBusy'>> {
  const script = wrkScript(target, cacheDir);
  const [command, args] = pinned(0, 'wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, target.url]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('error', reject);
    // 'close', not 'exit': only then has all of stdout been read.
    child.once('close', (code) => {
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      if (code !== 0 || !Number.isFinite(rps)) return reject(new Error(`wrk failed (${code}):\n${out}`));
      const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
      const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const errors = socket === null ? 0 : socket.slice(1).reduce((sum, n) => sum + Number(n), 0);
      resolve({ rps, p99Ms: parseDuration(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ''), bad: non2xx + errors });
    });
  });
}

type AutocannonResult = { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number };
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

async function runAutocannon(target: Target, seconds: number, connections: number): Promise<Omit<LoadResult, 'serverBusy'>> {
  if (target.paths !== undefined) throw new Error('rotating paths need wrk');
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const r = await autocannon({ ...target, connections, duration: seconds });
  return { rps: r.requests.average, p99Ms: r.latency.p99, bad: r.non2xx + r.errors };
}

/**
 * Repeats `target` for `seconds` with `connections` keep-alive connections and reports
 * requests per second, p99 latency and the server's CPU use.
 */
export function load(
  client: LoadClient,
  target: Target,
  options: { seconds: number; connections: number; serverPid: number | undefined; cacheDir: string },
): Promise<LoadResult> {
  const { seconds, connections, serverPid, cacheDir } = options;
  return withServerCpu(serverPid, () =>
    client === 'wrk' ? runWrk(target, seconds, connections, cacheDir) : runAutocannon(target, seconds, connections),
  );
}
