// Paired HTTP measurement (the method of bench/http.bench.ts, as helpers): two servers run at
// the same time on CPU 1, each loaded by its own wrk on CPU 0; the kernel shares the CPU
// between the two busy servers, so the ratio of their requests per second is the ratio of
// their costs per request, measured in the same seconds (the machine's drift cancels).
import { type ChildProcess, spawn } from 'node:child_process';
import { type LoadResult, type Target, load, pinned } from './load.js';

/** A server child process and the port it listens on. */
export type Running = { readonly child: ChildProcess; readonly port: number };

/** Starts `node <args>` pinned to CPU 1 and waits for its "READY <port>" line. */
export function startServer(args: readonly string[]): Promise<Running> {
  const [command, argv] = pinned(1, process.execPath, [...args]);
  const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /READY (\d+)/.exec(out);
      if (m !== null) resolve({ child, port: Number(m[1]) });
    });
    child.once('exit', (code) => reject(new Error(`server ${args.join(' ')} exited with ${code}`)));
  });
}

/** Stops a server started by {@link startServer} (SIGTERM to its own process) and waits for its exit. */
export async function stopServer({ child }: Running): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** One request shape, without its port. */
export type Request = Omit<Target, 'url'> & { readonly path: string };

/** How each pair is loaded. */
export type PairOptions = { readonly pairs: number; readonly seconds: number; readonly connections: number; readonly cacheDir: string };

/** The per-pair ratios b/a and both sides' requests per second. */
export type Paired = { readonly ratios: number[]; readonly aRps: number[]; readonly bRps: number[]; readonly aBad: number; readonly bBad: number };

const run = (request: Request, server: Running, seconds: number, options: PairOptions): Promise<LoadResult> => {
  const { path, ...rest } = request;
  return load('wrk', { ...rest, url: `http://127.0.0.1:${server.port}${path}` }, { seconds, connections: options.connections, serverPid: server.child.pid, cacheDir: options.cacheDir });
};

/**
 * Loads servers `a` and `b` with the same request at the same time, `pairs` times (after a
 * 1 s warm-up of both; alternating which wrk starts first), and answers b/a per pair.
 */
export async function paired(a: Running, b: Running, request: Request, options: PairOptions): Promise<Paired> {
  await Promise.all([run(request, a, 1, options), run(request, b, 1, options)]);
  const result = { ratios: [] as number[], aRps: [] as number[], bRps: [] as number[], aBad: 0, bBad: 0 };
  for (let pair = 0; pair < options.pairs; pair++) {
    const runA = () => run(request, a, options.seconds, options);
    const runB = () => run(request, b, options.seconds, options);
    const [ra, rb] = pair % 2 === 0 ? await Promise.all([runA(), runB()]) : await Promise.all([runB(), runA()]).then(([y, x]) => [x, y] as const);
    result.ratios.push(rb.rps / ra.rps);
    result.aRps.push(ra.rps);
    result.bRps.push(rb.rps);
    result.aBad += ra.bad;
    result.bBad += rb.bad;
  }
  return result;
}

/** The median of `xs`. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}
