import { type ChildProcess, spawn } from 'node:child_process';

/** A child process started by a test, with its output so far. */
export type Child = { readonly process: ChildProcess; output(): string; lines(): string[] };

/**
 * Starts `node <script>` and resolves once a line matches `ready`; rejects (and SIGKILLs the
 * child) when it exits first or after `timeoutMs`.
 */
export function startChild(script: string, env: Record<string, string>, ready: RegExp, timeoutMs: number): Promise<Child & { match: RegExpExecArray }> {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const handle: Child = { process: child, output: () => out, lines: () => out.split('\n').filter((l) => l !== '') };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} not ready within ${timeoutMs} ms: ${out}`));
    }, timeoutMs);
    let settled = false;
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = settled ? null : ready.exec(out);
      if (match !== null) {
        settled = true;
        clearTimeout(timer);
        resolve({ ...handle, match });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!settled) reject(new Error(`${script} exited (${code ?? signal}) before it was ready: ${out}`));
    });
  });
}

/** Waits until a line of the child's output matches, polling every 20 ms, at most `timeoutMs`. */
export async function waitForOutput(child: Child, pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(child.output());
    if (match !== null) return match;
    if (Date.now() > deadline) throw new Error(`no output matching ${pattern} within ${timeoutMs} ms: ${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Stops a child: SIGTERM, then SIGKILL after `graceMs`; resolves on exit. */
export function stopChild(child: Child, graceMs = 10_000): Promise<void> {
  const p = child.process;
  if (p.exitCode !== null || p.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => p.kill('SIGKILL'), graceMs);
    p.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    p.kill('SIGTERM');
  });
}
