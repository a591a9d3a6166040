// The reference server as a child process, the way a user runs it: `node scripts/start.mjs`
// (`npm start`) or `node dist/cli/index.js serve` (`npx payments-kit serve`). Both run the same
// src/cli/serve.ts; the tests of each start it, change the demo invoice and restart it.
import { type ChildProcess, spawn } from 'node:child_process';
import { expect } from 'vitest';
import { DEMO_IDS } from '../../src/reference/index.js';

/** A fresh PGlite data directory runs initdb: seconds on a quiet machine, far more on a busy one. */
export const START_TIMEOUT_MS = 90_000;

export type Started = { child: ChildProcess; url: string; output: () => string };

/**
 * Runs `node <command...>` with PORT=0 and resolves once it printed both its URL and its
 * `store:` line; rejects with its output when it exits first, and kills it on a timeout.
 */
export function startServer(command: readonly string[], env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [...command], { env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise<Started>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no start within ${START_TIMEOUT_MS} ms: ${out}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url !== undefined && /^store: /m.test(out)) {
        clearTimeout(timer);
        resolve({ child, url, output: () => out });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited early with ${code}: ${out}`));
    });
  });
}

/** SIGTERM, then the exit code (SIGKILL after 20 s). */
export function stopServer({ child }: Started): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

const invoiceUrl = (url: string) => `${url}/accounts/${DEMO_IDS.accountID}/invoices/${DEMO_IDS.invoiceID}`;
const patch = async (url: string, body: unknown) => {
  const response = await fetch(invoiceUrl(url), {
    method: 'PATCH',
    headers: { authorization: 'Bearer demo-all-scopes', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, invoice: (await response.json()) as { description?: string; status?: string } };
};

/** Changes the demo invoice, restarts, and reads it back: the change must have survived. */
export async function survivesRestart(command: readonly string[], env: Record<string, string>, storeLine: RegExp): Promise<void> {
  const first = await startServer(command, env);
  try {
    expect(first.output()).toMatch(storeLine);
    expect(await patch(first.url, { description: 'kept across a restart' })).toMatchObject({ status: 200, invoice: { description: 'kept across a restart' } });
  } finally {
    expect(await stopServer(first)).toBe(0);
  }
  const second = await startServer(command, env);
  try {
    expect(await patch(second.url, {})).toMatchObject({ status: 200, invoice: { description: 'kept across a restart', status: 'draft' } });
  } finally {
    expect(await stopServer(second)).toBe(0);
  }
}
