import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// `npm test` builds before running the unit tests, so dist/ exists there; a bare `vitest run`
// without a build skips this one test (it exercises the built package, as `npm start` does).
const built = existsSync('dist/http/index.js');

describe('npm start (scripts/start.mjs on the built package)', () => {
  it.skipIf(!built).each(['SIGINT', 'SIGTERM'] as const)('serves on 127.0.0.1, logs requests, and exits 0 on %s', async (signal) => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m?.[1] !== undefined) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)));
    });
    const response = await fetch(`${url}/nope`, { headers: { 'x-request-id': 'start-1' } });
    expect([response.status, response.headers.get('x-request-id')]).toEqual([404, 'start-1']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    expect(await exit).toBe(0);
    expect(out).toContain('GET /nope 404 ');
    expect(out).toContain('start-1');
    expect(out).toContain(`${signal} received, shutting down`);
  });
});
