import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';

/**
 * Runs `script` (an ES module; its relative imports start at the repository root) in a
 * child Node process (through tsx) whose process time zone is `tz`, expects it to print
 * nothing on stderr, and returns what it printed on stdout.
 *
 * @example
 * runUnderTimeZone(`process.stdout.write(String(new Date(0).getHours()))`, 'Asia/Kolkata') // '5'
 */
export function runUnderTimeZone(script: string, tz: string): string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, TZ: tz },
    encoding: 'utf8',
    cwd: new URL('../..', import.meta.url).pathname,
  });
  expect(r.stderr).toBe('');
  return r.stdout;
}
