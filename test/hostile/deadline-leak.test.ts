// The wallet-session deadline leaves nothing behind: 50,000 sessions whose provider adds a
// { once: true } abort listener (which never fires on success) leave the heap flat after GC.
// Measured in a child process run with --expose-gc, over real HTTP (fixtures/wallet-sessions.ts).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./fixtures/wallet-sessions.ts', import.meta.url));
const SESSIONS = 50_000;
const FLAT = 5 * 1024 * 1024;

function runChild(): Promise<{ before: number; after: number; count: number; ms: number }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', CHILD, String(SESSIONS), '5000'],
      { timeout: 150_000, maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as { before: number; after: number; count: number; ms: number });
      },
    );
  });
}

describe('wallet-session deadline: no leak', () => {
  it(`the heap grows by less than 5 MB over ${SESSIONS.toLocaleString('en-US')} sessions with a provider that listens on the signal`, { timeout: 160_000 }, async () => {
    const { before, after, count } = await runChild();
    expect(count).toBe(SESSIONS);
    expect(after - before).toBeLessThan(FLAT);
  });
});
