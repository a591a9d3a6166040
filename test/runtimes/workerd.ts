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
