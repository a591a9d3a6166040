import { spawn } from 'node:child_process';
import { build } from 'esbuild';

/** A server under test: its base URL and how to stop it. */
export type Served = { readonly url: string; stop(): Promise<void> };

/**
 * Serves a module worker in workerd through miniflare, on 127.0.0.1, as a Worker deploy would
 * run it: the esbuild bundle for `--platform=neutral` of `entry`, and no compatibility flags
 * (so no `nodejs_compat`).
 *
 * @example
 * const served = await serveInWorkerd('test/runtimes/servers/worker.mjs');
 * await fetch(`${served.url}/...`); await served.stop();
 */
export async function serveInWorkerd(entry: string): Promise<Served> {
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['worker', 'import', 'default'],
    logLevel: 'silent',
  });
  const { Miniflare } = await import('miniflare');
  const mf = new Miniflare({ modules: true, script: bundle.outputFiles[0]?.text ?? '', compatibilityDate: '2026-07-30', host: '127.0.0.1', port: 0 });
  const url = await mf.ready;
  return { url: url.origin, stop: () => mf.dispose() };
}

/** How {@link serveProcess} starts a server and learns its port. */
export type ProcessServer = {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Matches the line the server prints once it listens; its first group is the port. */
  readonly listening: RegExp;
};

/**
 * Starts a server process (Node, Bun, Deno) and resolves once it prints its port (on stdout or
 * stderr); rejects when it exits first or is silent for 30 s. `stop()` ends it with SIGTERM, then
 * SIGKILL after 3 s.
 *
 * @example
 * const served = await serveProcess({ command: 'bun', args: ['run', 'bun.mjs'], cwd, listening: /listening on (\d+)/ });
 */
export function serveProcess({ command, args, cwd, env = {}, listening }: ProcessServer): Promise<Served> {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const stop = (): Promise<void> =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
    });
  return new Promise((resolvePort, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${command} did not listen in 30 s: ${output}`));
    }, 30_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const port = listening.exec(output)?.[1];
      if (port === undefined) return;
      clearTimeout(timer);
      resolvePort({ url: `http://127.0.0.1:${port}`, stop });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before listening: ${output}`));
    });
  });
}
